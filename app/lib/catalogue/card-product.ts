import { type CardProduct, featuredVariant, isNew, priceOf, type Product } from "./catalogue";
import { cardImage, imagesOf } from "./images";
import { cardSize } from "./product-selection";

/**
 * The card's share of a product (CardProduct), computed once on the server. `now` is the loader's
 * one clock for the NEW badges: the badge is decided here, so the browser needs no dates to agree.
 */
export function cardProduct(product: Product, now: Date = new Date()): CardProduct {
  return {
    _id: product._id,
    shortTitle: product.title.shortTitle,
    brand: product.brand,
    category: product.category,
    // An uploaded photo keeps its srcset (the sizes it lists stay on the server); artwork is its path.
    images: imagesOf(product).map(cardImage),
    ...priceOf(featuredVariant(product)),
    cartSize: cardSize(product),
    ratingValue: product.ratingValue,
    ratingCount: product.ratingCount,
    isNew: isNew(product.createdAt, now),
  };
}
