import { useState, type PointerEvent, type ReactNode } from "react";
import { useLocation } from "react-router";
import { AppLink } from "~/components/app-link";
import { CartForm } from "~/components/cart/cart-form";
import { CompareButton } from "~/components/lists/compare-button";
import { WishlistToggle } from "~/components/lists/wishlist-toggle";
import { RatingSummary } from "~/components/stars";
import { Icon, type IconName } from "~/components/layout/icons";
import { type CardProduct, productPath, ratingOf } from "~/lib/catalogue/catalogue";
import { cartLineKey } from "~/lib/cart/cart";
import { CARD_IMAGE_SIZES, imageSources } from "~/lib/catalogue/images";
import { useSaveData } from "~/lib/platform/save-data";
import { loginHref, useRootData } from "~/lib/page/root-data";
import { Prices } from "~/components/prices";

/** The card's control icons: 18 px with a bolder stroke. */
const CARD_ICON = "size-[18px] stroke-2";

/** Product artwork is drawn on a 600×600 canvas; uploaded photos come with a srcset (CARD_IMAGE_SIZES). */
const IMAGE_SIZE = 600;

// React 18 does not know `fetchPriority`; it passes the lower-case attribute through unchanged.
const LCP_IMAGE = { loading: "eager", fetchpriority: "high" } as Record<string, string>;
const LAZY_IMAGE = { loading: "lazy", decoding: "async" } as Record<string, string>;

/** On hover the picture follows the pointer across the gallery: each image owns an equal slice of the width. */
export function galleryIndexAt(x: number, width: number, count: number): number {
  if (count <= 1 || width <= 0) return 0;
  return Math.min(count - 1, Math.max(0, Math.floor((x / width) * count)));
}

/**
 * The product card: gallery image, badges, stars, stock, prices, and the
 * Compare / Quick View / Wishlist / Add To cart controls. The title and the image are links to the
 * product page (separate links, so no control is nested inside another).
 */
export function ProductCard({
  product,
  eager = false,
  picture = true,
}: {
  product: CardProduct;
  eager?: boolean;
  /** False: the card goes without its picture (Save-Data, a carousel's cards beyond the first screen). */
  picture?: boolean;
}) {
  const { user } = useRootData();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const href = productPath(product);
  const { shortTitle: title, sellingPrice, mrp, discount } = product;
  const rating = ratingOf(product);
  const inStock = product.cartSize !== null;

  // With Save-Data the first picture alone: the hover gallery only decorates (app/lib/platform/save-data.ts).
  const saveData = useSaveData();
  const gallery = saveData ? product.images.slice(0, 1) : product.images;
  const hoverGallery = picture && gallery.length > 1;
  // The image under the pointer; null while no pointer is over the picture.
  const [shown, setShown] = useState<number | null>(null);
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    setShown(galleryIndexAt(event.clientX - box.left, box.width, gallery.length));
  };

  return (
    <article className="card group" data-product-card={product._id}>
      <div className="card-media">
        {/* The title link below is the one announced; this one is for pointers only. */}
        <AppLink
          to={href}
          prefetch
          tabIndex={-1}
          aria-hidden="true"
          className="block h-full w-full"
          onPointerMove={hoverGallery ? onPointerMove : undefined}
          onPointerLeave={hoverGallery ? () => setShown(null) : undefined}
          data-gallery={hoverGallery ? gallery.length : undefined}
        >
          {picture && (
            <img
              {...imageSources(gallery[shown ?? 0] ?? gallery[0], CARD_IMAGE_SIZES)}
              alt={title}
              width={IMAGE_SIZE}
              height={IMAGE_SIZE}
              {...(eager ? LCP_IMAGE : LAZY_IMAGE)}
              className="card-image"
            />
          )}
        </AppLink>
        {/* Drawn while a pointer is over the picture: they follow it, which needs JavaScript. */}
        {hoverGallery && shown !== null && (
          <span className="card-dots" aria-hidden="true">
            {gallery.map((_, i) => (
              <span key={i} className={i === shown ? "shown" : undefined} />
            ))}
          </span>
        )}

        <div className="card-badges">
          {discount > 0 && (
            <span className="bg-red-600" data-badge="discount">
              {`-${discount}%`}
            </span>
          )}
          {product.isNew && (
            <span className="bg-brand" data-badge="new">
              NEW
            </span>
          )}
        </div>

        <div className="card-controls">
          <CompareButton productId={product._id} redirectTo={here} className="card-control" iconClassName={CARD_ICON} />
          <IconLink to={href} label={`Quick View: ${title}`} quickView={product._id}>
            <CardIcon name="card-eye" />
          </IconLink>
          <WishlistToggle
            productId={product._id}
            redirectTo={here}
            className="card-control"
            iconClassName={CARD_ICON}
          />
        </div>
      </div>

      <div className="card-body">
        <p className="card-brand">{product.brand}</p>
        <h3 className="card-title">
          <AppLink to={href} prefetch>
            {title}
          </AppLink>
        </h3>
        <RatingSummary rating={rating} className="h-[18px]" />
        <p
          className={`text-xs font-medium ${inStock ? "text-brand" : "text-red-600"}`}
          data-stock={inStock ? "in" : "out"}
        >
          {inStock ? "In stock" : "Out of stock"}
        </p>
        <Prices
          sellingPrice={sellingPrice}
          mrp={mrp}
          discount={discount}
          showDiscount={false}
          sellingClass="text-base font-semibold"
          className="mt-auto pt-1 max-sm:min-h-12"
        />
        {/* Below the prices on a phone; over the foot of the picture on wider screens (app.css). */}
        <div className="card-cart-over">
          <AddToCart product={product} signedIn={user !== null} here={here} />
        </div>
      </div>
    </article>
  );
}

function IconLink({
  to,
  label,
  quickView,
  children,
}: {
  to: string;
  label: string;
  quickView?: string;
  children: ReactNode;
}) {
  return (
    <AppLink to={to} title={label} aria-label={label} className="card-control" data-quick-view={quickView}>
      {children}
    </AppLink>
  );
}

function AddToCart({ product, signedIn, here }: { product: CardProduct; signedIn: boolean; here: string }) {
  // The preferred size among those in stock (cardSize, app/lib/catalogue/product-selection.ts), chosen on the server.
  const size = product.cartSize;
  if (size === null) {
    return (
      <button type="button" disabled className="card-cart cursor-not-allowed bg-gray-200 text-gray-500">
        <CardIcon name="card-cart" /> Add To cart
      </button>
    );
  }
  if (!signedIn) {
    return (
      <AppLink to={loginHref(here)} title="Login to add to Cart" className="card-cart">
        <CardIcon name="card-cart" /> Add To cart
      </AppLink>
    );
  }
  return (
    <CartForm
      fetcherKey={cartLineKey(product._id, size)}
      intent="add"
      productId={product._id}
      size={size}
      qty={1}
      redirectTo={here}
    >
      <button type="submit" className="card-cart">
        <CardIcon name="card-cart" /> Add To cart
      </button>
    </CartForm>
  );
}

/** The card's own icons, drawn like the list controls' (CARD_ICON). */
function CardIcon({ name }: { name: IconName }) {
  return <Icon name={name} size={18} className="stroke-2" />;
}
