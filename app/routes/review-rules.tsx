import { CATALOGUE_CACHE } from "~/lib/platform/http-cache";
import { seo } from "~/lib/page/seo";
import type { Route } from "./+types/review-rules";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Our review rules",
    description: "Who can review a product, what we hold for moderation, and what we never remove.",
    path: "/review-rules",
  });

export function headers() {
  return { "Cache-Control": CATALOGUE_CACHE };
}

/** The moderation criteria, disclosed (IS 19000:2022); the review form links here. */
export default function ReviewRules() {
  return (
    <article className="mx-auto max-w-3xl space-y-4 px-4 pb-16 pt-6 text-gray-800 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold text-gray-900">Our review rules</h1>
      <h2 className="text-lg font-bold text-gray-900">Who can write a review</h2>
      <p>
        Only a shopper whose order of a product was delivered can review it, once per product. Such a review carries the
        label "Verified purchase", and keeps it if the order is returned later: the shopper did buy the product. You can
        change or delete your review at any time from the product's page or your order.
      </p>
      <p>
        A newly opened shop may still show sample reviews, which came with its sample catalogue: nobody wrote them. Each
        is labelled "Sample review", never "Verified purchase", and none counts in a product's rating.
      </p>
      <h2 className="text-lg font-bold text-gray-900">What waits for moderation</h2>
      <p>
        A review appears at once, unless its title or text contains a link, a phone number or an email address, however
        it is written (in any script's digits, or with "dot" and "at" spelt out). Such a review waits until someone at
        the shop has checked it, to keep advertising and personal details off the shop. Shoppers can also report a
        review they think breaks these rules; a reported review stays up while we check it.
      </p>
      <h2 className="text-lg font-bold text-gray-900">What we remove</h2>
      <p>
        We remove a review that advertises, shares someone's personal details, is abusive, or is not about the product.
        Its author sees that it was removed and why, and cannot post another review of that product, even after deleting
        the removed one. We never hold or remove a review for being negative: a one-star review counts in the product's
        rating like a five-star one.
      </p>
      <h2 className="text-lg font-bold text-gray-900">Photos</h2>
      <p>
        A review may have up to 3 photos of the product. They appear with the review and only with it: while a review
        waits for moderation its photos wait too, and a removed review's photos are no longer shown. The location and
        camera details a photo may carry are removed when it is uploaded.
      </p>
      <h2 className="text-lg font-bold text-gray-900">How the rating is worked out</h2>
      <p>
        A product's rating is the average of the stars of its published reviews, sample reviews left out, shown to one
        decimal, with their number. A product nobody has reviewed shows "No ratings yet".
      </p>
    </article>
  );
}
