import { data, Link, useLocation } from "react-router";
import { CartForm } from "~/components/cart/cart-form";
import { CartLineStepper, RemoveLineButton } from "~/components/cart/line-controls";
import { MethodTotals, PromoCodeBox, PromotionRows, shownPrice } from "~/components/cart/promotions";
import { changeCode, isCodeIntent } from "~/lib/cart/promotion-actions.server";
import { redirectWithSuccess } from "~/lib/forms/toast.server";
import { useOptimisticCart } from "~/components/cart/use-cart";
import { type CartLine, deliveryDate } from "~/lib/cart/cart";
import { lineTotal, priceDetails } from "~/lib/cart/cart-prices";
import { PERSONAL_CACHE } from "~/lib/platform/http-cache";
import { formatRupees } from "~/lib/page/money";
import { seo } from "~/lib/page/seo";
import { useRootData } from "~/lib/page/root-data";
import { orErrorPage, requireShopper } from "~/lib/session/require-shopper.server";
import type { AddressJson } from "~/lib/session/signed-in-user.server";
import type { Route } from "./+types/mycart";

export const meta: Route.MetaFunction = (args) => [
  ...seo(args, { title: "My Cart", description: "The products in your Mart cart.", path: "/mycart" }),
  { name: "robots", content: "noindex" },
];

/** The fetcher of the Clear cart form. */
const CLEAR_CART_KEY = "cart-clear";

/** The address the cart delivers to: the primary one, else the first saved, else none. */
function deliveryAddress(addresses: readonly AddressJson[]): AddressJson | null {
  return addresses.find((address) => address.isActive) ?? addresses[0] ?? null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = await requireShopper(request, context);
  const [profile, page] = await Promise.all([api.me(), api.cartWithPromotions()]);
  // An empty cart must mean an empty cart, never "the API failed": that is the error page.
  const user = orErrorPage(profile);
  const { cart, promotions } = orErrorPage(page);
  return { cart, promotions, address: deliveryAddress(user.address), deliveryBy: deliveryDate() };
}

/**
 * The code box's forms (plain posts, so they work without JavaScript): a code applied or removed
 * comes back to the cart with its toast; a refusal is shown next to the field in its own words.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { api } = await requireShopper(request, context);
  const formData = await request.formData();
  if (!isCodeIntent(formData)) return data({ codeError: "Unknown cart action", typed: "" }, { status: 400 });
  const outcome = await changeCode(api, formData);
  if (outcome.ok) return redirectWithSuccess("/mycart", outcome.message);
  return data({ codeError: outcome.error, typed: outcome.typed }, { status: 400 });
}

// The shopper's own cart and address: never stored by a shared cache.
export function headers() {
  return { "Cache-Control": PERSONAL_CACHE };
}

export default function MyCart({ loaderData, actionData }: Route.ComponentProps) {
  const cart = useOptimisticCart(loaderData.cart);
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;

  if (cart.lines.length === 0) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-gray-900">Your cart is empty</h1>
        <p className="mt-2 text-gray-600">Find something you like and add it to your cart.</p>
        <Link
          to="/shop"
          className="mt-6 inline-block rounded-lg bg-brand px-6 py-3 font-semibold text-white hover:bg-brand-dark"
        >
          Shop Now
        </Link>
      </div>
    );
  }

  const details = priceDetails(cart.lines);
  // The code and the offer, as the API priced them: the lower of the payment methods' first.
  const { promotions } = loaderData;
  const shown = shownPrice(promotions).price;
  const savings = details.savings + shown.promotionDiscount;
  return (
    <div className="mx-auto max-w-6xl px-4 pb-16 pt-6 sm:px-6">
      <h1 className="text-2xl font-bold text-gray-900">My Cart</h1>
      <div className="mt-4 grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
        <div className="flex flex-col gap-4">
          <DeliverTo address={loaderData.address} />
          <ul
            className="divide-y divide-gray-100 rounded-xl border border-gray-200 bg-white"
            aria-label="Products in your cart"
          >
            {cart.lines.map((line) => (
              <CartPageLine
                key={`${line.productId}:${line.size}`}
                line={line}
                here={here}
                deliveryBy={loaderData.deliveryBy}
              />
            ))}
          </ul>
          {/* Empties the cart (the /cart action's intent clear): "Cart cleared". */}
          <CartForm
            fetcherKey={CLEAR_CART_KEY}
            intent="clear"
            productId=""
            size=""
            redirectTo={here}
            className="self-end"
          >
            <button
              type="submit"
              className="rounded-lg border border-gray-300 px-4 py-2 text-sm font-semibold text-gray-800 hover:border-red-700 hover:text-red-700"
            >
              Clear cart
            </button>
          </CartForm>
        </div>

        <div className="flex flex-col gap-4 lg:sticky lg:top-4">
          <PromoCodeBox
            action="/mycart"
            promotions={promotions}
            error={actionData?.codeError ?? null}
            typed={actionData?.typed ?? ""}
          />
          <aside
            aria-labelledby="price-details-heading"
            className="rounded-xl border border-gray-200 bg-white"
            data-price-details
          >
            <h2
              id="price-details-heading"
              className="border-b border-gray-200 px-5 py-3 text-sm font-bold uppercase tracking-wide text-gray-500"
            >
              PRICE DETAILS
            </h2>
            <dl className="flex flex-col gap-3 px-5 py-4 text-sm">
              <PriceRow
                label={`Price (${details.itemCount} ${details.itemCount === 1 ? "item" : "items"})`}
                value={formatRupees(details.price)}
              />
              <PriceRow label="Discount" value={`−${formatRupees(details.discount)}`} valueClass="text-brand" />
              <PromotionRows price={shown} />
              <PriceRow label="Platform Fee" value={formatRupees(details.platformFee)} />
              <div className="flex justify-between border-t border-dashed border-gray-300 pt-3 text-base font-bold">
                <dt>Total Amount</dt>
                <dd data-total-amount>{formatRupees(details.totalAmount - shown.promotionDiscount)}</dd>
              </div>
            </dl>
            <div className="px-5 pb-3">
              <MethodTotals promotions={promotions} />
            </div>
            {savings > 0 && (
              <p className="border-t border-gray-200 px-5 py-3 text-sm font-semibold text-brand">
                You will save {formatRupees(savings)} on this order
              </p>
            )}
            <div className="px-5 pb-5">
              <Link
                to="/checkout"
                className="block rounded-lg bg-amber-400 px-5 py-3 text-center font-bold text-gray-900 hover:bg-amber-500"
              >
                PLACE ORDER
              </Link>
            </div>
          </aside>
        </div>
      </div>
    </div>
  );
}

function PriceRow({ label, value, valueClass = "" }: { label: string; value: string; valueClass?: string }) {
  return (
    <div className="flex justify-between">
      <dt>{label}</dt>
      <dd className={valueClass}>{value}</dd>
    </div>
  );
}

function DeliverTo({ address }: { address: AddressJson | null }) {
  const { user } = useRootData();
  return (
    <section
      aria-label="Delivery address"
      className="flex items-start justify-between gap-4 rounded-xl border border-gray-200 bg-white p-4"
      data-deliver-to
    >
      {address ? (
        <>
          <div className="text-sm">
            <p>
              Deliver to: <strong>{user?.name}</strong>, {address.zipcode}
            </p>
            <p className="mt-1 text-gray-600">
              {address.locality}, {address.city}, {address.state}, {address.country}
            </p>
          </div>
          <Link
            to="/myaccount/addresses"
            className="shrink-0 rounded-lg border border-gray-300 px-4 py-2 text-sm font-semibold text-brand hover:bg-gray-50"
          >
            Change
          </Link>
        </>
      ) : (
        <>
          <p className="text-sm">
            Deliver to: <span className="text-gray-600">No delivery address saved yet.</span>
          </p>
          <Link
            to="/myaccount/addresses"
            className="shrink-0 rounded-lg border border-gray-300 px-4 py-2 text-sm font-semibold text-brand hover:bg-gray-50"
          >
            Add Address
          </Link>
        </>
      )}
    </section>
  );
}

function CartPageLine({ line, here, deliveryBy }: { line: CartLine; here: string; deliveryBy: string }) {
  return (
    <li className="flex gap-4 p-4" data-cart-line={`${line.productId}:${line.size}`}>
      <Link to={line.href} className="shrink-0" tabIndex={-1} aria-hidden="true">
        <img
          src={line.image}
          alt=""
          width={112}
          height={112}
          className="size-24 rounded-lg bg-gray-50 object-contain sm:size-28"
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
          <div className="min-w-0">
            <Link to={line.href} className="font-semibold text-gray-900 hover:text-brand">
              {line.title}
            </Link>
            <p className="text-sm text-gray-600">Size: {line.size}</p>
            {line.unavailable ? (
              <p className="mt-1 text-sm font-semibold text-red-700" data-line-unavailable>
                {`${line.unavailable}: remove it to check out`}
              </p>
            ) : null}
          </div>
          <p className="text-sm text-gray-600">Delivery by {deliveryBy}</p>
        </div>
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="text-lg font-bold" data-line-total>
            {formatRupees(lineTotal(line))}
          </span>
          {line.mrp > line.price && <s className="text-sm text-gray-500">{formatRupees(line.mrp * line.qty)}</s>}
        </p>
        <div className="flex flex-wrap items-center gap-4">
          <CartLineStepper line={line} here={here} />
          <RemoveLineButton
            line={line}
            here={here}
            className="text-sm font-bold tracking-wide text-gray-800 hover:text-red-700"
          >
            REMOVE
          </RemoveLineButton>
        </div>
      </div>
    </li>
  );
}
