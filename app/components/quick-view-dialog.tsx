import { useEffect, useRef, useState } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { Prices } from "~/components/prices";
import { BuyBox } from "~/components/product/buy-box";
import { QuantityStepper } from "~/components/product/quantity";
import { SizeSelector } from "~/components/product/size-selector";
import { RatingSummary } from "~/components/stars";
import { DialogToaster } from "~/components/toaster";
import { useBackdropClose } from "~/components/use-backdrop-close";
import { useIsPending } from "~/components/use-is-pending";
import { type CartActionData, cartLineKey } from "~/lib/cart/cart";
import {
  defaultSize,
  isInStock,
  priceOf,
  productPath,
  QTY_MIN,
  ratingOf,
  variantOf,
  type Product,
} from "~/lib/catalogue/catalogue";
import { QUICK_VIEW_IMAGE_SIZES, imageSources, imagesOf } from "~/lib/catalogue/images";
import { useRootData } from "~/lib/page/root-data";
import type { QuickViewData } from "~/lib/catalogue/catalogue";

/**
 * The quick-view dialog, loaded lazily by `QuickViewHost`. It closes on
 * Escape, on its close button, on a click on the backdrop, and after a successful add to cart.
 */
export default function QuickViewDialog({ productId, onClose }: { productId: string; onClose: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const fetcher = useFetcher<QuickViewData>();
  const { load } = fetcher;

  useEffect(() => {
    dialogRef.current?.showModal();
  }, []);
  // `load` is stable for the fetcher, so this runs once per product (the host keys the dialog by product too).
  useEffect(() => {
    load(`/resources/quick-view/${productId}`);
  }, [load, productId]);
  useBackdropClose(dialogRef);

  const product = fetcher.data?.product?._id === productId ? fetcher.data.product : null;
  const close = () => dialogRef.current?.close();

  return (
    <dialog
      ref={dialogRef}
      onClose={onClose}
      aria-label={product ? product.title.shortTitle : "Quick view"}
      className="m-auto max-h-[calc(100dvh-1rem)] w-[min(60rem,calc(100vw-1rem))] overflow-y-auto rounded-2xl bg-white p-0 text-gray-900 shadow-2xl backdrop:bg-black/60"
      data-quick-view-dialog={productId}
    >
      <DialogToaster />
      <div className="relative p-4 sm:p-6">
        <button
          type="button"
          onClick={close}
          aria-label="Close"
          title="Close"
          className="absolute right-2 top-2 z-10 flex h-10 w-10 items-center justify-center rounded-full text-gray-600 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-brand"
        >
          <svg
            width="22"
            height="22"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            aria-hidden="true"
          >
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
        {product ? (
          <QuickViewContent product={product} onDone={close} />
        ) : fetcher.state !== "idle" || fetcher.data === undefined ? (
          <p className="py-16 text-center text-gray-600" role="status">
            Loading...
          </p>
        ) : (
          <p className="py-16 text-center text-gray-600" role="alert">
            This product is not available.
          </p>
        )}
      </div>
    </dialog>
  );
}

function QuickViewContent({ product, onDone }: { product: Product; onDone: () => void }) {
  const { user } = useRootData();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const [size, setSize] = useState(() => defaultSize(product));
  const [qty, setQty] = useState(QTY_MIN);
  const [image, setImage] = useState(0);
  // The line's own fetcher, shared with the drawer and the product page: the header total follows
  // at once (optimistic cart) and a newer change to the line replaces an older one.
  const cartKey = cartLineKey(product._id, size);
  const cart = useFetcher<CartActionData>({ key: cartKey });
  const sending = useIsPending({ fetcherKey: cartKey, state: "non-idle" });
  const submitted = useRef(false);

  // Closes after a successful add to cart; after a refusal it stays open beside the error toast.
  useEffect(() => {
    if (sending) submitted.current = true;
    else if (submitted.current) {
      submitted.current = false;
      if (cart.data?.ok) onDone();
    }
  }, [sending, cart.data, onDone]);

  const images = imagesOf(product);
  const variant = variantOf(product, size);
  const { sellingPrice, mrp, discount } = priceOf(variant);
  const available = isInStock(product) && (variant?.quantity ?? 0) > 0;
  const rating = ratingOf(product);
  const pageUrl =
    typeof window === "undefined" ? productPath(product) : new URL(productPath(product), window.location.origin).href;
  const title = product.title.shortTitle;

  return (
    <div className="grid gap-6 md:grid-cols-2">
      <div>
        <div className="relative aspect-square overflow-hidden rounded-xl bg-gray-50">
          <img
            {...imageSources(images[image] ?? images[0], QUICK_VIEW_IMAGE_SIZES)}
            alt={title}
            width={600}
            height={600}
            className="h-full w-full object-contain"
          />
          {images.length > 1 && (
            <>
              <SlideButton
                label="Previous image"
                onClick={() => setImage((image - 1 + images.length) % images.length)}
                side="left"
              />
              <SlideButton label="Next image" onClick={() => setImage((image + 1) % images.length)} side="right" />
              <p
                className="absolute bottom-2 left-1/2 -translate-x-1/2 rounded-full bg-black/50 px-2 py-0.5 text-xs text-white"
                aria-live="polite"
              >
                {image + 1} / {images.length}
              </p>
            </>
          )}
        </div>
      </div>

      <div className="flex flex-col gap-4">
        <div className="pr-10">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand">{product.brand}</p>
          <h2 className="mt-1 text-xl font-bold leading-tight sm:text-2xl">{title}</h2>
          <div className="mt-2">
            <RatingSummary rating={rating} />
          </div>
        </div>

        <Prices
          sellingPrice={sellingPrice}
          mrp={mrp}
          discount={discount}
          sellingClass="text-2xl font-bold"
          className="gap-x-3"
        />
        <p className={`text-sm font-semibold ${available ? "text-brand" : "text-red-600"}`}>
          {available ? "In stock" : "Out of stock"}
        </p>

        <SizeSelector variants={product.variants} selected={size} onSelect={setSize} />
        <QuantityStepper qty={qty} onChange={setQty} />
        <BuyBox
          productId={product._id}
          size={size}
          qty={qty}
          available={available}
          inCart={false}
          signedIn={user !== null}
          here={here}
          addLabel="Add To Cart"
          sending={sending}
        />

        <div className="text-sm leading-relaxed text-gray-700">
          <p className="font-medium text-gray-900">{product.title.longTitle}</p>
          <p className="mt-1">{product.description}</p>
        </div>

        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 border-t border-gray-200 pt-3 text-sm">
          <dt className="text-gray-500">Size</dt>
          <dd className="font-medium">{size}</dd>
          <dt className="text-gray-500">Brand</dt>
          <dd className="font-medium">{product.brand}</dd>
          <dt className="text-gray-500">Category</dt>
          <dd className="font-medium">{product.category}</dd>
          <dt className="text-gray-500">Merchant</dt>
          <dd className="font-medium">{product.merchant.company_name}</dd>
        </dl>

        <div className="flex flex-wrap items-center justify-between gap-3">
          <ShareLinks url={pageUrl} title={title} />
          <Link to={productPath(product)} className="text-sm font-semibold text-brand hover:underline">
            View full details
          </Link>
        </div>
      </div>
    </div>
  );
}

function SlideButton({ label, onClick, side }: { label: string; onClick: () => void; side: "left" | "right" }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className={`absolute top-1/2 flex h-9 w-9 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 shadow ring-1 ring-gray-200 hover:bg-brand hover:text-white ${side === "left" ? "left-2" : "right-2"}`}
    >
      <svg
        width="18"
        height="18"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        aria-hidden="true"
      >
        <path d={side === "left" ? "M15 18l-6-6 6-6" : "M9 18l6-6-6-6"} />
      </svg>
    </button>
  );
}

/** Share links with the product URL encoded; copying the link needs the clipboard (JavaScript is on here). */
function ShareLinks({ url, title }: { url: string; title: string }) {
  const [copied, setCopied] = useState(false);
  const text = encodeURIComponent(`${title} ${url}`);
  const links = [
    {
      name: "WhatsApp",
      href: `https://wa.me/?text=${text}`,
      path: "M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2z",
    },
    {
      name: "Facebook",
      href: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
      path: "M15 3h-3a4 4 0 0 0-4 4v3H6v4h2v7h4v-7h3l1-4h-4V7a1 1 0 0 1 1-1h2z",
    },
    {
      name: "X",
      href: `https://twitter.com/intent/tweet?url=${encodeURIComponent(url)}&text=${encodeURIComponent(title)}`,
      path: "M4 4l16 16M20 4L4 20",
    },
  ];
  const iconClass =
    "flex h-9 w-9 items-center justify-center rounded-full border border-gray-200 text-gray-600 hover:border-brand hover:text-brand";
  return (
    <div className="flex items-center gap-2">
      <span className="text-sm text-gray-500">Share:</span>
      {links.map((link) => (
        <a
          key={link.name}
          href={link.href}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Share on ${link.name}`}
          title={`Share on ${link.name}`}
          className={iconClass}
        >
          <svg
            width="16"
            height="16"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
          >
            <path d={link.path} />
          </svg>
        </a>
      ))}
      <button
        type="button"
        className={iconClass}
        aria-label={copied ? "Link copied" : "Copy link"}
        title={copied ? "Link copied" : "Copy link"}
        onClick={() => {
          void navigator.clipboard?.writeText(url).then(
            () => setCopied(true),
            () => setCopied(false),
          );
        }}
      >
        <svg
          width="16"
          height="16"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
        >
          {copied ? (
            <path d="M5 12l5 5L20 7" />
          ) : (
            <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
          )}
        </svg>
      </button>
    </div>
  );
}
