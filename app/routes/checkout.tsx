import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, type ShouldRevalidateFunctionArgs } from "react-router";
import { AddressChoice } from "~/components/checkout/address-choice";
import { CheckoutHeader } from "~/components/checkout/checkout-header";
import { PaymentChoice } from "~/components/checkout/payment-choice";
import { methodsDiffer, PromoCodeBox } from "~/components/cart/promotions";
import { changeCode, isCodeIntent } from "~/lib/cart/promotion-actions.server";
import { FormError, primaryButton } from "~/components/form-field";
import { Toaster } from "~/components/toaster";
import { OrderLines, OrderTotals } from "~/components/orders/order-lines";
import { useIsPending } from "~/components/use-is-pending";
import { PLATFORM_FEE } from "../../api/contract";
import { EMPTY_CART_MESSAGE } from "../../api/contract/refusals";
import {
  buyNowLine,
  cartLines,
  type CheckoutLine,
  isBuyNow,
  isProblem,
  readBuyNow,
} from "~/lib/checkout/checkout.server";
import { PIN_LOOKUP } from "~/lib/account/address-schema";
import { ADDRESS_FIELDS, checkoutSchema, FORM_ADDRESS_FIELDS } from "~/lib/checkout/checkout-schemas";
import { accountMobile, formatMobile } from "../../api/contract/mobile";
import { apiFailed, formErrorsOf } from "~/lib/userapp/refusals.server";
import { errorToast, toastOf } from "~/lib/forms/form-toast";
import { PERSONAL_CACHE } from "~/lib/platform/http-cache";
import { pinLookUpReply, primePinDirectory } from "~/lib/checkout/pincode.server";
import { formatRupees } from "~/lib/page/money";
import { DEFAULT_PAYMENT_METHOD, PAYMENT_METHODS, paymentLabel } from "~/lib/payment/methods";
import { seo } from "~/lib/page/seo";
import {
  type OrderContents,
  type OrderDelivery,
  requireShopper,
  requireShopperProfile,
} from "~/lib/session/require-shopper.server";
import { currentPath } from "~/lib/session/session.server";
import { redirectWithSuccess } from "~/lib/forms/toast.server";
import type { Route } from "./+types/checkout";

export const meta: Route.MetaFunction = (args) => [
  ...seo(args, {
    title: "Checkout",
    description: "Review your order, choose the delivery address and pay.",
    path: "/checkout",
  }),
  { name: "robots", content: "noindex" },
];

export function headers() {
  return { "Cache-Control": PERSONAL_CACHE };
}

/**
 * The order summary of the cart, or with `?buyNow=1&productId&size&qty` of that one product (the
 * cart is left alone). Each page gets a fresh idempotency key: however often its form is sent,
 * it places one order.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, user } = await requireShopperProfile(request, context);
  const url = new URL(request.url);
  const accountPhone = accountMobile(user.phone, user.country_code);
  const base = {
    buyNow: isBuyNow(url),
    addresses: user.address,
    // A mobile number is asked for beside saved addresses when one of them has none and the
    // account's phone is not a mobile number (one saved before the rule); a new address has its own.
    askMobile: !accountPhone && user.address.some((address) => !address.mobile),
    recipient: {
      name: user.name || [user.firstName, user.lastName].filter(Boolean).join(" "),
      mobile: accountPhone ? formatMobile(accountPhone) : "",
    },
    idempotencyKey: crypto.randomUUID(),
    platformFee: PLATFORM_FEE,
  };
  // A shopper without an address types one here: the PIN directory gets ready meanwhile.
  if (user.address.length === 0) primePinDirectory(context);

  let lines: CheckoutLine[];
  let quote: Awaited<ReturnType<typeof api.quoteOrder>>;
  if (base.buyNow) {
    const line = await buyNowLine(api, url);
    if (isProblem(line)) return data({ ...base, lines: [], problem: line, quote: null }, { status: line.status });
    lines = [line];
    quote = await api.quoteOrder({ productId: line.productId, size: line.size, quantity: line.qty });
  } else {
    [lines, quote] = await Promise.all([cartLines(api), api.quoteOrder({ fromCart: true })]);
  }
  // The API's answer before the post: which payment methods this order may use, and the lines it
  // cannot hold now. Without it the page is as before, and placing the order still decides.
  return { ...base, lines, problem: null, quote: quote.ok ? quote.data : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api } = await requireShopper(request, context);
  const url = new URL(request.url);
  const formData = await request.formData();
  // "Look up" by a new address's PIN (without JavaScript): the form again, filled in; nothing ordered.
  if (formData.get(PIN_LOOKUP.name) === PIN_LOOKUP.value) return { result: await pinLookUpReply(context, formData) };
  const buyNow = isBuyNow(url);
  // The code box (a plain post): applied or removed, the checkout again with its toast; refused, its words by the field.
  if (isCodeIntent(formData)) {
    const wanted = buyNow ? readBuyNow(url) : null;
    const line =
      wanted && !isProblem(wanted) && wanted.size
        ? { productId: wanted.productId, size: wanted.size, quantity: wanted.qty }
        : undefined;
    const outcome = await changeCode(api, formData, line);
    // Back to this checkout as the browser asked for it (with JavaScript the post is to `/checkout.data`).
    if (outcome.ok) return redirectWithSuccess(currentPath(request), outcome.message);
    return data({ result: undefined, codeError: outcome.error, typed: outcome.typed }, { status: 400 });
  }

  // What is ordered is never taken from the form: the cart as the API holds it (`fromCart`), or
  // the Buy Now query (whose product and stock the API checks, after answering a used key).
  let order: OrderContents;
  if (buyNow) {
    const wanted = readBuyNow(url);
    if (isProblem(wanted)) return refuse(formData, wanted.message, wanted.status);
    order = { productId: wanted.productId, size: wanted.size ?? undefined, quantity: wanted.qty };
  } else {
    order = { fromCart: true };
  }

  const submission = parseWithZod(formData, { schema: checkoutSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { idempotencyKey, paymentMethod, address: choice } = submission.value;

  // One call: the API finds the saved address among the shopper's own, or saves the new one with
  // the order, reads the cart, takes the stock and empties what was ordered from the cart.
  const delivery: OrderDelivery =
    "inline" in choice
      ? { address: choice.inline, saveAddress: true }
      : { addressId: choice.addressId, ...(choice.mobile ? { mobile: choice.mobile } : {}) };
  // The code the page showed (none: an empty field) and the total it showed for the method chosen:
  // the order is placed at that amount, without a code the page said does not apply paid this way,
  // or refused (decision 050, amended 2026-12-02).
  const shownCode = formData.get("promotionCode");
  const promotionCode = typeof shownCode === "string" ? shownCode || null : undefined;
  const expectedTotal = shownTotalOf(formData, paymentMethod);
  const result = await api.createOrder(
    { ...order, ...delivery, paymentMethod, promotionCode, ...(expectedTotal === null ? {} : { expectedTotal }) },
    idempotencyKey,
  );
  if (result.ok) return placed(result.data._id, result.data.promotionNote ?? null);

  let status = 400;
  switch (result.code) {
    case "VALIDATION":
    case "MOBILE_REQUIRED":
    case "PIN_STATE_MISMATCH": {
      // The address's own field errors (a mobile number missing, a state that is not the PIN's)
      // go on the form's fields; any other (such as "At most 20 addresses" on `address`) is shown
      // above the form.
      const { fieldErrors, unshown } = formErrorsOf(result, addressFieldOf);
      if (unshown.length === 0 && Object.keys(fieldErrors).length > 0)
        return data({ result: submission.reply({ fieldErrors }) }, { status: 400 });
      break;
    }
    case "CART_EMPTY":
      // A stale page, or a cart emptied in another tab: said as the empty checkout says it.
      return data({ result: submission.reply({ formErrors: [EMPTY_CART_MESSAGE] }) }, { status: 400 });
    case "PROMO_UNKNOWN":
    case "PROMO_PAUSED":
    case "PROMO_NOT_STARTED":
    case "PROMO_EXPIRED":
    case "PROMO_EXHAUSTED":
    case "PROMO_USED":
    case "PROMO_FIRST_ORDER":
    case "PROMO_PAYMENT_METHOD":
    case "PROMO_MIN_CART":
    case "PROMO_NOT_ELIGIBLE": {
      // The code stopped applying for a reason the page did not show (it expired, its last use
      // went, the cart changed in another tab): it leaves the cart, and the page shows again with
      // the amounts without it, which the next press places. An offer that just ended has no code.
      const code = result.data.code;
      if (code) await api.removePromotionCode();
      const message = code ? `Code ${code} was removed: ${result.message}` : result.message;
      return data({ result: submission.reply({ formErrors: [message] }), repriced: true }, { status: 409 });
    }
    case "PRICE_CHANGED":
      // An offer ended or began, or a price changed: the page again, with the amounts now.
      return data({ result: submission.reply({ formErrors: [result.message] }), repriced: true }, { status: 409 });
    case "TOO_MANY_ATTEMPTS":
      status = 429;
      break;
    case "NOT_ENOUGH_STOCK":
    case "COD_LIMIT":
    case "COD_UNITS":
    case "COD_ORDERS":
    case "UNPAID_ORDERS":
      status = 409;
      break;
    case "NOT_FOUND":
    case "SIZE_UNAVAILABLE":
      break;
    default:
      if (apiFailed(result)) status = 500;
  }
  const message = `Failed to place order: ${result.message || "Please try again."}`;
  // The toast's fixed text (decision 014); the reason stays above the form.
  return data(
    { result: submission.reply({ formErrors: [message] }), toast: errorToast(PLACE_ORDER_FAILED) },
    { status },
  );
}

/**
 * The form's field of an order's address path: `addressId` (not one of the shopper's), `mobile`
 * (the one asked for beside saved addresses), `address.<field>` (the new address).
 */
function addressFieldOf(path: string): string | null {
  const field = path === "addressId" || path === "mobile" ? path : path.replace(/^address\./, "");
  return field === "addressId" || (FORM_ADDRESS_FIELDS as readonly string[]).includes(field) ? field : null;
}

/** The toast of a checkout the API refused (the reason is shown above the form). */
const PLACE_ORDER_FAILED = "Failed to place order";

/** The order's page, with the spec's toast, and why a code the page showed not applying was left out. */
const placed = (orderId: string, note: { code: string; message: string } | null) =>
  redirectWithSuccess(
    `/myaccount/orders/${orderId}`,
    note
      ? `Order placed successfully! Code ${note.code} was not applied: ${note.message}`
      : "Order placed successfully!",
  );

/** The form's field of the total the page showed for one payment method. */
const shownTotalField = (method: string) => `shownTotal-${method}`;

/** The total the page showed for the method chosen (a whole number of rupees), or null (a page without it). */
function shownTotalOf(formData: FormData, method: string): number | null {
  const value = formData.get(shownTotalField(method));
  return typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : null;
}

/**
 * After an order refused because its amounts changed (a code removed, an offer ended), the page's
 * data is read again with JavaScript too, as it is without: the next press places what it shows.
 */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (actionResult && typeof actionResult === "object" && "repriced" in actionResult) return true;
  return defaultShouldRevalidate;
}

/** A refusal the page shows above the form. */
function refuse(formData: FormData, message: string, status: number) {
  const submission = parseWithZod(formData, { schema: checkoutSchema });
  return data({ result: submission.reply({ formErrors: [message] }) }, { status });
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { lines, addresses, problem, buyNow } = loaderData;
  // Busy until the order page it redirects to has loaded: one click, one order.
  const busy = useIsPending({ formAction: "/checkout", state: "non-idle" });
  const needsAddress = addresses.length === 0;
  const [form, fields] = useForm({
    id: "checkout",
    lastResult: actionData?.result,
    // A new address is asked for only from a shopper without one (with the account's name and
    // mobile number to start with: AddressChoice's `recipient`).
    constraint: needsAddress
      ? Object.fromEntries([...ADDRESS_FIELDS, "mobile"].map((field) => [field, { required: true }]))
      : loaderData.askMobile
        ? { mobile: { required: true } }
        : {},
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: checkoutSchema }),
  });
  const itemsAmount = lines.reduce((sum, line) => sum + line.amount, 0);
  // The method the shopper chose stays chosen when the form comes back (a code removed, an amount
  // changed), without JavaScript too.
  const chosenMethod =
    PAYMENT_METHODS.find((method) => method.id === fields.paymentMethod.initialValue)?.id ?? DEFAULT_PAYMENT_METHOD;
  const promotions = loaderData.quote?.promotions ?? null;
  // The totals shown are the default method's; each method's own is beside it when they differ.
  const shownMethod =
    loaderData.quote?.paymentMethods[DEFAULT_PAYMENT_METHOD].available === false ? "Upi" : DEFAULT_PAYMENT_METHOD;
  const shown = promotions?.byPaymentMethod[shownMethod] ?? null;
  const totalAmount = shown ? shown.totalAmount : itemsAmount + loaderData.platformFee;
  const codeError = actionData && "codeError" in actionData ? actionData.codeError : null;
  const typed = actionData && "typed" in actionData ? actionData.typed : "";
  const formErrors = [...(form.errors ?? []), ...(fields.idempotencyKey.errors ?? [])];

  let body;
  if (problem) {
    body = (
      <div className="rounded-lg border border-red-200 bg-red-50 p-6" role="alert">
        <p className="font-semibold text-red-800">{problem.message}</p>
        <p className="mt-3 flex gap-4 text-sm">
          {problem.productHref ? (
            <Link to={problem.productHref} className="font-semibold text-brand hover:underline">
              Back to the product
            </Link>
          ) : null}
          <Link to="/shop" className="font-semibold text-brand hover:underline">
            Continue shopping
          </Link>
        </p>
      </div>
    );
  } else if (lines.length === 0) {
    body = (
      <div className="rounded-lg border border-gray-200 p-10 text-center">
        <p className="text-lg font-semibold text-gray-900">{EMPTY_CART_MESSAGE}</p>
        <Link to="/shop" className={`${primaryButton} mt-4`}>
          Shop Now
        </Link>
      </div>
    );
  } else {
    body = (
      <Form
        method="post"
        action={`/checkout${buyNow ? `?${buyNowQuery(lines[0])}` : ""}`}
        {...getFormProps(form)}
        className="grid gap-6 md:grid-cols-[1fr_22rem]"
      >
        <input type="hidden" name="idempotencyKey" value={loaderData.idempotencyKey} />
        {promotions ? <input type="hidden" name="promotionCode" value={promotions.code ?? ""} /> : null}
        {promotions
          ? PAYMENT_METHODS.map((method) => (
              <input
                key={method.id}
                type="hidden"
                name={shownTotalField(method.id)}
                value={promotions.byPaymentMethod[method.id].totalAmount}
              />
            ))
          : null}
        <div className="min-w-0 space-y-6">
          <AddressChoice
            addresses={addresses}
            fields={fields}
            askMobile={loaderData.askMobile}
            recipient={loaderData.recipient}
          />
          <PaymentChoice
            name={fields.paymentMethod.name}
            defaultValue={chosenMethod}
            options={loaderData.quote?.paymentMethods}
            prices={promotions?.byPaymentMethod}
            errors={fields.paymentMethod.errors}
          />
        </div>
        <section aria-labelledby="summary-title" className="h-fit min-w-0 rounded-lg border border-gray-200 p-4">
          <h2 id="summary-title" className="text-lg font-bold text-gray-900">
            Order summary
          </h2>
          {buyNow ? (
            <p className="text-sm text-gray-600">Buy Now: this product only; your cart stays as it is.</p>
          ) : null}
          <OrderLines lines={lines} />
          <UnavailableLines lines={lines} unavailable={loaderData.quote?.unavailable ?? []} />
          <OrderTotals
            itemsAmount={itemsAmount}
            platformFee={loaderData.platformFee}
            totalAmount={totalAmount}
            promotions={shown?.promotions}
          />
          {promotions && methodsDiffer(promotions) ? (
            <p className="mt-2 text-xs text-gray-600">
              {`For ${paymentLabel(shownMethod)}; each payment method shows its own amount.`}
            </p>
          ) : null}
          <button type="submit" className={`${primaryButton} mt-4 w-full`} disabled={busy}>
            {busy
              ? "Placing your order..."
              : promotions && methodsDiffer(promotions)
                ? "Place Order"
                : `Place Order · ${formatRupees(totalAmount)}`}
          </button>
          <p className="mt-2 text-xs text-gray-600">
            By placing this order you accept our{" "}
            <Link to="/terms" target="_blank" className="text-brand underline">
              terms and conditions
            </Link>{" "}
            and{" "}
            <Link to="/privacy" target="_blank" className="text-brand underline">
              privacy policy
            </Link>
            .
          </p>
        </section>
      </Form>
    );
  }

  return (
    <>
      <CheckoutHeader />
      <Toaster toast={toastOf(actionData)} />
      <main id="main" className="mx-auto max-w-5xl px-4 py-6">
        <h1 className="mb-4 text-2xl font-bold text-gray-900">Checkout</h1>
        <div className="mb-4">
          <FormError id={form.errorId} errors={formErrors} />
        </div>
        {promotions && lines.length > 0 && !problem ? (
          <div className="mb-4 md:max-w-md">
            <PromoCodeBox
              action={`/checkout${buyNow ? `?${buyNowQuery(lines[0])}` : ""}`}
              promotions={promotions}
              error={codeError}
              typed={typed}
            />
          </div>
        ) : null}
        {body}
      </main>
    </>
  );
}

/** The lines the order cannot hold now (a product hidden since, a size sold out), in words. */
function UnavailableLines({
  lines,
  unavailable,
}: {
  lines: CheckoutLine[];
  unavailable: { productId: string; size: string; reason: string }[];
}) {
  if (unavailable.length === 0) return null;
  const titleOf = (productId: string, size: string) =>
    lines.find((line) => line.productId === productId && line.size === size)?.title ?? "A product";
  return (
    <div role="alert" className="mt-3 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      <p className="font-semibold">Some products cannot be ordered now:</p>
      <ul className="mt-1 list-disc pl-5">
        {unavailable.map((line) => (
          <li
            key={`${line.productId}-${line.size}`}
          >{`${titleOf(line.productId, line.size)} (size ${line.size}): ${line.reason}`}</li>
        ))}
      </ul>
      <p className="mt-1">
        <Link to="/mycart" className="font-semibold underline">
          Change your cart
        </Link>
      </p>
    </div>
  );
}

function buyNowQuery(line: CheckoutLine): string {
  return new URLSearchParams({
    buyNow: "1",
    productId: line.productId,
    size: line.size,
    qty: String(line.qty),
  }).toString();
}
