import type { ProductJson } from "../../../api/contract/types";

/**
 * A product image as the API answers it (api/lib/catalogue/product-images.ts): an uploaded photo has a
 * `srcset` of its WebP widths (320, 640 and 1024 px, or fewer for a small upload); the seed's
 * SVG artwork has none, as one vector file serves every screen.
 */
export type ImageSource = { path: string; srcset?: string };

/**
 * How wide each picture is shown, for the browser to pick a width from the srcset before layout.
 * Cards: two thirds of a phone (a carousel's 1.5 slides, or half of the shop's two columns with
 * the gaps), a third of a tablet, at most about 300 px wide on larger screens.
 */
export const CARD_IMAGE_SIZES = "(min-width: 1024px) 300px, (min-width: 768px) 33vw, 67vw";
/** The product page's main picture: the full width on phones, half of the 1280 px page from `lg`. */
export const GALLERY_IMAGE_SIZES = "(min-width: 1024px) 600px, 100vw";
/** The gallery's thumbnails: 64 px, 80 px from `sm`. */
export const THUMBNAIL_IMAGE_SIZES = "80px";
/** The quick view's picture: the dialog's width on phones, half of it (at most about 450 px) from `md`. */
export const QUICK_VIEW_IMAGE_SIZES = "(min-width: 768px) 450px, 100vw";

/** The product's pictures, first shown first: its uploaded or seeded images, or its single `image`. */
export function imagesOf(product: Pick<ProductJson, "image" | "productImages">): ImageSource[] {
  return product.productImages.length > 0 ? product.productImages : [{ path: product.image }];
}

const isSvg = (path: string) => /\.svg(?:[?#]|$)/i.test(path);

/**
 * A card's picture (CardProduct): a path alone when the image has no srcset (the seed's artwork),
 * which makes the page's inline data smaller than `{ path }` twenty cards over.
 */
export type CardImage = string | { path: string; srcset: string };

/** The card's form of a picture (CardImage). */
export function cardImage({ path, srcset }: ImageSource): CardImage {
  return srcset ? { path, srcset } : path;
}

/**
 * An `<img>`'s sources: `srcSet` and `sizes` for an uploaded photo (`src`, its middle width, stays
 * for a browser that ignores srcset), only `src` for SVG artwork or a path alone. srcset and sizes
 * come first, so that a browser creating the element never starts fetching the plain `src` first.
 */
export function imageSources(
  image: ImageSource | string,
  sizes: string,
): { srcSet?: string; sizes?: string; src: string } {
  if (typeof image === "string") return { src: image };
  if (!image.srcset || isSvg(image.path)) return { src: image.path };
  return { srcSet: image.srcset, sizes, src: image.path };
}
