import { z } from "@hono/zod-openapi";
import { REVIEW_STATUSES } from "../../db/schema";
import { MAX_BODY_LENGTH, MAX_TITLE_LENGTH, REVIEW_SORTS } from "./reviews";
import { listPage } from "../http/api-schemas";

// The review calls' schemas (api/routes/reviews.ts): what they take and what they answer.

const isoDate = z.string().openapi({ example: "2025-03-01T06:30:00.000Z" });

/** A review photo (api/lib/reviews/review-photos.ts): WebP files served while the review is published. */
export const reviewPhotoSchema = z
  .object({
    id: z.string().openapi({ description: "The photo's id (a hash of the upload)", example: "0123456789abcdef" }),
    path: z.string().openapi({ example: "/media/reviews/6650c0ffee0000000000abcd/0123456789abcdef-640.webp" }),
    srcset: z.string().openapi({ description: "Every width, for `<img srcset>`" }),
    thumb: z
      .object({ path: z.string(), width: z.number().int(), height: z.number().int() })
      .openapi({ description: "The narrowest file and its size in pixels" }),
  })
  .openapi("ReviewPhoto");

/** `ReviewJson` (api/lib/reviews/reviews.ts). */
export const reviewSchema = z
  .object({
    _id: z.string(),
    productId: z.string(),
    author: z.string().openapi({ description: "First name and initial, fixed when written", example: "Priya S." }),
    verified: z.boolean().openapi({ description: "Written by a shopper whose order of the product was delivered" }),
    sample: z.boolean().openapi({
      description:
        'One of the seed\'s sample reviews: nobody wrote it, it is shown as "Sample review" and counts in no rating',
    }),
    stars: z.number().int().min(1).max(5),
    title: z.string(),
    body: z.string(),
    status: z.enum(REVIEW_STATUSES).openapi({
      description:
        "published (shown), held (waiting for moderation) or removed (by the shop); others see published ones only",
    }),
    heldFor: z
      .enum(["email", "phone", "link"])
      .nullable()
      .openapi({ description: "Why a held review waits (its author only; null otherwise)" }),
    removalReason: z
      .string()
      .nullable()
      .openapi({ description: "The shop's reason for removing it (its author only)" }),
    helpfulCount: z.number().int(),
    photos: z
      .array(reviewPhotoSchema)
      .max(3)
      .openapi({ description: "Its photos (at most 3), in the order they were added" }),
    createdAt: isoDate,
    updatedAt: isoDate,
  })
  .openapi("Review");

/** A published review with the product it is of (`GET /reviews/{id}`). */
export const publishedReviewSchema = reviewSchema
  .extend({
    product: z
      .object({ _id: z.string(), shortTitle: z.string(), category: z.string() })
      .openapi({ description: "The product reviewed: its id, short title and category (its page's path)" }),
  })
  .openapi("PublishedReview");

/** A review in the back office's moderation queue. */
export const queuedReviewSchema = reviewSchema
  .extend({
    productTitle: z.string(),
    reportCount: z.number().int().openapi({ description: "Shoppers' reports not yet answered" }),
  })
  .openapi("QueuedReview");

/** A page of a product's published reviews, with its rating and histogram. */
export const reviewPageSchema = listPage(reviewSchema)
  .extend({
    summary: z.object({
      ratingValue: z.number().nullable().openapi({ description: "The average stars, null without reviews" }),
      ratingCount: z
        .number()
        .int()
        .nullable()
        .openapi({ description: "How many published reviews (samples aside), null without any" }),
      histogram: z
        .array(z.object({ stars: z.number().int(), count: z.number().int() }))
        .openapi({ description: "How many published reviews (samples aside) give each star, 5 to 1" }),
      withPhotos: z.number().int().openapi({ description: "How many published reviews have photos" }),
      samples: z.number().int().openapi({
        description: "How many published reviews are the seed's samples: listed, in no rating, histogram or count",
      }),
    }),
  })
  .openapi("ReviewPage");

/** Whether the shopper may review the product, and their review of it. */
export const reviewStandingSchema = z
  .object({
    canReview: z.boolean().openapi({
      description: "True when they have a delivered order of it, no review yet, and the shop never removed theirs",
    }),
    removed: z.boolean().openapi({
      description:
        "True when the shop removed their review of it (deleted by them since or not): they may not write another",
    }),
    review: reviewSchema.nullable(),
  })
  .openapi("ReviewStanding");

/** Stars, title and text: the body of writing and editing a review. */
export const reviewInputSchema = z.object({
  stars: z
    .number({ error: "Choose from 1 to 5 stars" })
    .int("Choose from 1 to 5 stars")
    .min(1, "Choose from 1 to 5 stars")
    .max(5, "Choose from 1 to 5 stars"),
  title: z
    .string({ error: "The title must be text" })
    .trim()
    .max(MAX_TITLE_LENGTH, `The title can be at most ${MAX_TITLE_LENGTH} characters`)
    .default(""),
  body: z
    .string({ error: "The review must be text" })
    .trim()
    .max(MAX_BODY_LENGTH, `The review can be at most ${MAX_BODY_LENGTH.toLocaleString("en-IN")} characters`)
    .default(""),
});

const pageNumber = z.coerce.number().int("page must be a whole number").min(1, "page must be at least 1");

/** The product page's list: stars, sort and page, all from the URL. */
export const reviewQuerySchema = z.object({
  stars: z.coerce
    .number()
    .int("stars must be a whole number from 1 to 5")
    .min(1, "stars must be a whole number from 1 to 5")
    .max(5, "stars must be a whole number from 1 to 5")
    .optional(),
  photos: z
    .enum(["true", "false"], { error: "photos must be true or false" })
    .optional()
    .transform((value) => value === "true")
    .openapi({ description: "true keeps reviews with photos" }),
  sort: z.enum(REVIEW_SORTS, { error: `sort must be one of ${REVIEW_SORTS.join(", ")}` }).default("helpful"),
  page: pageNumber.default(1),
  limit: z.coerce
    .number()
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .default(10)
    .transform((limit) => Math.min(limit, 50)),
});
