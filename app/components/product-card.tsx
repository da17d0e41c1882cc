import { useState, type PointerEvent, type ReactNode } from "react";
import { Form, Link, useLocation } from "react-router";
import { Stars } from "~/components/stars";
import { type CardProduct, defaultSize, featuredVariant, isInStock, isNew, priceOf, productPath, ratingOf } from "~/lib/catalogue";
import { formatRupees } from "~/lib/money";
import { loginHref, useRootData } from "~/lib/shopper";

/** Product artwork is drawn on a 600×600 canvas. */
const IMAGE_SIZE = 600;
/** Cards are half the screen on phones, a third of the grid (at most ~300 px) on wide screens. */
const CARD_SIZES = "(min-width: 1280px) 300px, (min-width: 1024px) 30vw, (min-width: 640px) 33vw, 50vw";

// React 18 does not know `fetchPriority`; it passes the lower-case attribute through unchanged.
const LCP_IMAGE = { loading: "eager", fetchpriority: "high" } as Record<string, string>;
const LAZY_IMAGE = { loading: "lazy", decoding: "async" } as Record<string, string>;

/** On hover the picture follows the pointer across the gallery: each image owns an equal slice of the width. */
export function galleryIndexAt(x: number, width: number, count: number): number {
  if (count <= 1 || width <= 0) return 0;
  return Math.min(count - 1, Math.max(0, Math.floor((x / width) * count)));
}

/**
 * The product card (spec "Product card"): gallery image, badges, stars, stock, prices, and the
 * Compare / Quick View / Wishlist / Add To cart controls. The title and the image are links to the
 * product page (separate links, so no control is nested inside another).
 */
export function ProductCard({ product, eager = false, now }: { product: CardProduct; eager?: boolean; now?: Date }) {
  const { user, wishlistIds } = useRootData();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const href = productPath(product);
  const title = product.title.shortTitle;
  const { sellingPrice, mrp, discount } = priceOf(featuredVariant(product));
  const rating = ratingOf(product);
  const inStock = isInStock(product);
  const wished = wishlistIds.includes(product._id);

  const gallery = product.productImages.length > 0 ? product.productImages.map((image) => image.path) : [product.image];
  const [shown, setShown] = useState(0);
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    setShown(galleryIndexAt(event.clientX - box.left, box.width, gallery.length));
  };

  return (
    <article
      className="group relative flex h-full flex-col overflow-hidden rounded-lg border border-gray-200 bg-white transition-shadow hover:shadow-lg focus-within:shadow-lg"
      data-product-card={product._id}
    >
      <div className="relative aspect-square overflow-hidden bg-gray-50">
        {/* The title link below is the one announced; this one is for pointers only. */}
        <Link
          to={href}
          prefetch="intent"
          tabIndex={-1}
          aria-hidden="true"
          className="block h-full w-full"
          onPointerMove={gallery.length > 1 ? onPointerMove : undefined}
          onPointerLeave={gallery.length > 1 ? () => setShown(0) : undefined}
        >
          <img
            src={gallery[shown] ?? gallery[0]}
            alt={title}
            width={IMAGE_SIZE}
            height={IMAGE_SIZE}
            sizes={CARD_SIZES}
            {...(eager ? LCP_IMAGE : LAZY_IMAGE)}
            className="h-full w-full object-contain p-2 transition-transform duration-300 group-hover:scale-[1.03]"
          />
        </Link>
        {gallery.length > 1 && (
          <span className="pointer-events-none absolute inset-x-0 bottom-12 flex justify-center gap-1 opacity-0 transition-opacity group-hover:opacity-100" aria-hidden="true">
            {gallery.map((path, i) => (
              <span key={path + i} className={`h-1.5 w-1.5 rounded-full ${i === shown ? "bg-brand" : "bg-gray-300"}`} />
            ))}
          </span>
        )}

        <div className="pointer-events-none absolute left-2 top-2 flex flex-col items-start gap-1">
          {discount > 0 && (
            <span className="rounded bg-red-600 px-1.5 py-0.5 text-xs font-semibold text-white" data-badge="discount">
              -{discount}%
            </span>
          )}
          {isNew(product.createdAt, now) && (
            <span className="rounded bg-brand px-1.5 py-0.5 text-xs font-semibold text-white" data-badge="new">
              NEW
            </span>
          )}
        </div>

        {/* Shown on hover and keyboard focus; always on touch screens, which have no hover. */}
        <div className="absolute right-1.5 top-1.5 flex flex-col gap-1 sm:right-2 sm:top-2 sm:gap-1.5 transition-opacity sm:opacity-0 sm:group-hover:opacity-100 sm:group-focus-within:opacity-100 [@media(hover:none)]:opacity-100">
          {user ? (
            <PostButton action="/compare" intent="add" productId={product._id} redirectTo={here} label="Add to Compare">
              <CompareIcon />
            </PostButton>
          ) : (
            <IconLink to={loginHref(here)} label="Login to Compare">
              <CompareIcon />
            </IconLink>
          )}
          <IconLink to={href} label={`Quick View: ${title}`} quickView={product._id}>
            <EyeIcon />
          </IconLink>
          {user ? (
            <PostButton
              action="/wishlist"
              intent="toggle"
              productId={product._id}
              redirectTo={here}
              label={wished ? "Remove from Wishlist" : "Add to Wishlist"}
              pressed={wished}
            >
              <HeartIcon filled={wished} />
            </PostButton>
          ) : (
            <IconLink to={loginHref(here)} label="Login to add to Wishlist">
              <HeartIcon filled={false} />
            </IconLink>
          )}
        </div>

        {/* Over the picture from `sm` up; phones get the same control under the price (below). */}
        <div className="absolute inset-x-2 bottom-2 hidden transition-all sm:block sm:translate-y-2 sm:opacity-0 sm:group-hover:translate-y-0 sm:group-hover:opacity-100 sm:group-focus-within:translate-y-0 sm:group-focus-within:opacity-100 [@media(hover:none)]:translate-y-0 [@media(hover:none)]:opacity-100">
          <AddToCart product={product} inStock={inStock} signedIn={user !== null} here={here} />
        </div>
      </div>

      <div className="flex flex-1 flex-col gap-1 p-3">
        <p className="text-xs uppercase tracking-wide text-gray-500">{product.brand}</p>
        <h3 className="line-clamp-2 text-sm font-medium leading-snug text-gray-900">
          <Link to={href} prefetch="intent" className="hover:text-brand focus-visible:text-brand focus-visible:underline">
            {title}
          </Link>
        </h3>
        <Stars value={rating.value} count={rating.count} />
        <p className={`text-xs font-medium ${inStock ? "text-brand" : "text-red-600"}`} data-stock={inStock ? "in" : "out"}>
          {inStock ? "In stock" : "Out of stock"}
        </p>
        <p className="mt-auto flex flex-wrap items-baseline gap-x-2 pt-1">
          <span className="text-base font-semibold text-gray-900" data-price="selling">
            {formatRupees(sellingPrice)}
          </span>
          {mrp > sellingPrice && (
            <s className="text-sm text-gray-500" data-price="mrp">
              <span className="sr-only">MRP </span>
              {formatRupees(mrp)}
            </s>
          )}
        </p>
        <div className="mt-2 sm:hidden">
          <AddToCart product={product} inStock={inStock} signedIn={user !== null} here={here} />
        </div>
      </div>
    </article>
  );
}

const controlClass =
  "inline-flex h-8 w-8 sm:h-9 sm:w-9 items-center justify-center rounded-full bg-white text-gray-700 shadow ring-1 ring-gray-200 hover:bg-brand hover:text-white focus-visible:bg-brand focus-visible:text-white focus-visible:outline-none";

function IconLink({ to, label, quickView, children }: { to: string; label: string; quickView?: string; children: ReactNode }) {
  return (
    <Link to={to} title={label} aria-label={label} className={controlClass} data-quick-view={quickView}>
      {children}
    </Link>
  );
}

/** A signed-in action: a real POST form (the cart, wishlist and compare issues add the actions). */
function PostButton(props: {
  action: string;
  intent: string;
  productId: string;
  redirectTo: string;
  label: string;
  pressed?: boolean;
  children: ReactNode;
}) {
  return (
    <Form method="post" action={props.action}>
      <input type="hidden" name="intent" value={props.intent} />
      <input type="hidden" name="productId" value={props.productId} />
      <input type="hidden" name="redirectTo" value={props.redirectTo} />
      <button type="submit" title={props.label} aria-label={props.label} aria-pressed={props.pressed} className={controlClass}>
        {props.children}
      </button>
    </Form>
  );
}

const cartButtonClass =
  "flex w-full items-center justify-center gap-1.5 rounded-md px-2 py-2 text-sm font-semibold shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand";

function AddToCart({ product, inStock, signedIn, here }: { product: CardProduct; inStock: boolean; signedIn: boolean; here: string }) {
  if (!inStock) {
    return (
      <button type="button" disabled className={`${cartButtonClass} cursor-not-allowed bg-gray-200 text-gray-500`}>
        <CartIcon /> Add To cart
      </button>
    );
  }
  if (!signedIn) {
    return (
      <Link to={loginHref(here)} title="Login to add to Cart" className={`${cartButtonClass} bg-brand text-white hover:bg-brand-dark`}>
        <CartIcon /> Add To cart
      </Link>
    );
  }
  return (
    <Form method="post" action="/cart">
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={product._id} />
      <input type="hidden" name="size" value={defaultSize(product)} />
      <input type="hidden" name="qty" value="1" />
      <input type="hidden" name="redirectTo" value={here} />
      <button type="submit" className={`${cartButtonClass} bg-brand text-white hover:bg-brand-dark`}>
        <CartIcon /> Add To cart
      </button>
    </Form>
  );
}

function Icon({ children, filled = false, className }: { children: ReactNode; filled?: boolean; className?: string }) {
  return (
    <svg
      className={className}
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill={filled ? "currentColor" : "none"}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}

function CompareIcon() {
  return (
    <Icon>
      <path d="M16 3h5v5M21 3l-7 7M8 21H3v-5M3 21l7-7" />
    </Icon>
  );
}

function EyeIcon() {
  return (
    <Icon>
      <path d="M1 12s4-8 11-8 11 8 11 8-4 8-11 8S1 12 1 12z" />
      <circle cx="12" cy="12" r="3" />
    </Icon>
  );
}

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <Icon filled={filled} className={filled ? "text-red-500" : undefined}>
      <path d="M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 0 0 0-7.8z" />
    </Icon>
  );
}

function CartIcon() {
  return (
    <Icon>
      <circle cx="9" cy="21" r="1" />
      <circle cx="20" cy="21" r="1" />
      <path d="M1 1h4l2.7 13.4a2 2 0 0 0 2 1.6h9.7a2 2 0 0 0 2-1.6L23 6H6" />
    </Icon>
  );
}
