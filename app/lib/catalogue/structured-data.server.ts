import { isInStock, priceOf, productPath, ratingOf, variantOf, type ShownProduct } from "~/lib/catalogue/catalogue";
import { absoluteUrl } from "~/lib/page/seo";
import type { ReviewJson } from "../../../api/contract/types";

type JsonLdReview = Pick<ReviewJson, "author" | "createdAt" | "title" | "body" | "stars" | "sample">;

// The product page's schema.org data for search engines. Its loader puts it in the request's
// context (`structuredData`) and entry.server.tsx writes it into the document: it is for the HTML a
// crawler reads, so neither this code nor the reviews' whole texts ride in the browser's JavaScript.

/**
 * schema.org Product: the chosen size's offer in INR with its availability. The rating is only
 * claimed when published reviews give the product one (`ratingOf`), with the reviews of the page's
 * first page of them, each whole; never a sample review (decision 047), which nobody wrote.
 */
export function productJsonLd(
  product: ShownProduct,
  size: string,
  origin: string,
  reviews: readonly JsonLdReview[] = [],
) {
  const variant = variantOf(product, size);
  const rating = ratingOf(product);
  const { sellingPrice } = priceOf(variant);
  const available = isInStock(product) && (variant?.quantity ?? 0) > 0;
  const images = product.productImages.length > 0 ? product.productImages.map((image) => image.path) : [product.image];
  const url = absoluteUrl(origin, productPath(product));
  const written = reviews.filter((review) => !review.sample);
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.title.shortTitle,
    image: images.map((path) => absoluteUrl(origin, path)),
    description: product.description,
    sku: `${product._id}-${size}`,
    brand: { "@type": "Brand", name: product.brand },
    category: product.category,
    ...(rating
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: rating.value,
            reviewCount: rating.count,
            bestRating: 5,
            worstRating: 1,
          },
          ...(written.length > 0
            ? {
                review: written.map((review) => ({
                  "@type": "Review",
                  author: { "@type": "Person", name: review.author },
                  datePublished: review.createdAt.slice(0, 10),
                  ...(review.title ? { name: review.title } : {}),
                  ...(review.body ? { reviewBody: review.body } : {}),
                  reviewRating: { "@type": "Rating", ratingValue: review.stars, bestRating: 5, worstRating: 1 },
                })),
              }
            : {}),
        }
      : {}),
    offers: {
      "@type": "Offer",
      url,
      priceCurrency: "INR",
      price: sellingPrice,
      availability: available ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
      seller: { "@type": "Organization", name: product.merchant.company_name },
    },
  };
}

/** JSON inside <script>: "<" is escaped so no text in the catalogue can close the element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
