import { z } from "@hono/zod-openapi";
import { requireAdmin, requireUser } from "../lib/accounts/auth";
import { reserveReviewPhotoUpload } from "../lib/accounts/throttle";
import type { ApiDeps } from "../lib/context";
import { idPattern, notFound, ok, readBody, validate } from "../lib/http/http";
import { listPage } from "../lib/http/api-schemas";
import { apiRoute, failure, jsonBody, mount, routeGroup, success } from "../lib/http/openapi";
import {
  publishedReviewSchema,
  queuedReviewSchema,
  reviewInputSchema,
  reviewPageSchema,
  reviewQuerySchema,
  reviewSchema,
  reviewStandingSchema,
} from "../lib/reviews/review-schemas";
import {
  createReview,
  deleteReview,
  editReview,
  listReviews,
  publishedReview,
  reportReview,
  reviewStanding,
  voteHelpful,
} from "../lib/reviews/reviews";
import { moderateReview, moderationQueue } from "../lib/reviews/moderation";
import { addReviewPhoto, MAX_REVIEW_PHOTOS, readReviewMedia, removeReviewPhoto } from "../lib/reviews/review-photos";
import { MAX_IMAGE_BYTES } from "../lib/catalogue/product-images";
import { uploadedFile } from "../lib/http/uploads";
import { image, sendWebp } from "./media";
import { pageQuerySchema } from "./orders";

const tags = ["reviews"];
const productParams = z.object({ id: z.string().openapi({ description: "The product's id" }) });
const reviewParams = z.object({ id: z.string().openapi({ description: "The review's id" }) });

const listRoute = apiRoute({
  method: "get",
  path: "/product/{id}/reviews",
  tags,
  summary: "A page of a product's published reviews, with its rating and how many give each star",
  description:
    "`stars` (1 to 5) keeps reviews of that many stars, `photos=true` those with photos; `sort` is helpful (the default), newest, highest or lowest; `page` from 1 and `limit` (10 by default, at most 50).",
  access: "public",
  request: { params: productParams, query: reviewQuerySchema },
  failures: [404],
  responses: { 200: success("The page of reviews", reviewPageSchema) },
});

const oneRoute = apiRoute({
  method: "get",
  path: "/reviews/{id}",
  tags,
  summary: "One published review, whole, with the product it is of",
  description: "404 for a review that is held, removed or unknown, or whose product the shop no longer shows.",
  access: "public",
  request: { params: reviewParams },
  failures: [404],
  responses: { 200: success("The review", publishedReviewSchema) },
});

const standingRoute = apiRoute({
  method: "get",
  path: "/product/{id}/reviews/mine",
  tags,
  summary: "Whether the shopper may review the product, and their own review of it in any status",
  access: "user",
  request: { params: productParams },
  failures: [404],
  responses: { 200: success("The shopper's standing", reviewStandingSchema) },
});

const createRoute = apiRoute({
  method: "post",
  path: "/product/{id}/reviews",
  tags,
  summary: "Review a product the shopper received (once per product)",
  description:
    "Only a shopper with a delivered (not returned) order of the product may review it, once; a shopper whose review of it the shop removed may not post another (409, code `REVIEW_REMOVED`), deleted or not. A review holding an email address, a phone number or a link waits for moderation (`status: held`); any other publishes at once, whatever its stars.",
  access: "user",
  request: { params: productParams, body: jsonBody(reviewInputSchema) },
  failures: [403, 404, 409],
  responses: {
    201: success("Thanks for your review!", reviewSchema),
    403: failure(403, "FORBIDDEN: no delivered order of this product"),
    409: failure(
      409,
      "FAILURE: the shopper has reviewed this product already, or the shop removed their review of it (code REVIEW_REMOVED, even once they deleted it)",
    ),
  },
});

const editRoute = apiRoute({
  method: "put",
  path: "/reviews/{id}",
  tags,
  summary: "Edit the shopper's own review (checked for moderation again)",
  access: "user",
  request: { params: reviewParams, body: jsonBody(reviewInputSchema) },
  failures: [404, 409],
  responses: {
    200: success("Your review has been updated.", reviewSchema),
    409: failure(409, "FAILURE: the shop removed this review (code REVIEW_REMOVED)"),
  },
});

const deleteRoute = apiRoute({
  method: "delete",
  path: "/reviews/{id}",
  tags,
  summary: "Delete the shopper's own review",
  access: "user",
  request: { params: reviewParams },
  failures: [404],
  responses: { 200: success("Your review has been deleted.", z.object({ _id: z.string() })) },
});

const helpfulRoute = apiRoute({
  method: "post",
  path: "/reviews/{id}/helpful",
  tags,
  summary: '"Was this helpful?": one vote per shopper, never on their own review',
  access: "user",
  request: { params: reviewParams },
  failures: [404, 409],
  responses: {
    200: success("Thanks for your vote.", reviewSchema),
    409: failure(409, "FAILURE: the shopper's own review"),
  },
});

const reportRoute = apiRoute({
  method: "post",
  path: "/reviews/{id}/report",
  tags,
  summary: "Report a published review to the shop (once per shopper); it joins the moderation queue",
  access: "user",
  request: { params: reviewParams },
  failures: [404, 409],
  responses: {
    200: success(
      "Thanks, we will check this review.",
      z.object({ reported: z.boolean().openapi({ description: "False when the shopper had reported it already" }) }),
    ),
    409: failure(409, "FAILURE: the shopper's own review"),
  },
});

const addPhotoRoute = apiRoute({
  method: "post",
  path: "/reviews/{id}/photos",
  tags,
  summary: `Add a photo to the shopper's own review (JPEG, PNG or WebP, at most ${MAX_IMAGE_BYTES} bytes; ${MAX_REVIEW_PHOTOS} per review)`,
  description:
    "The product photos' checks and pipeline: the file is read by its content (never its name or type), at most 50 megapixels, kept as WebP in three widths without its EXIF. Its files are served at `path` while the review is published. The upload path has the uploads' body limit, not the API's. A review's 3 places count the uploads under way, so a photo beyond them is refused (409, code `REVIEW_PHOTO_LIMIT`) before it is decoded, however many are sent at once. An account may send `REVIEW_PHOTO_UPLOADS_PER_HOUR` photos an hour (20 by default), whatever becomes of them; more are 429 with `Retry-After` and code `UPLOAD_LIMIT`, before the body is read.",
  access: "user",
  request: {
    params: reviewParams,
    body: {
      content: {
        "multipart/form-data": { schema: z.object({ photo: z.string().openapi({ format: "binary" }) }) },
      },
    },
  },
  failures: [404, 409, 429],
  responses: {
    201: success("The photo is added.", reviewSchema),
    409: failure(
      409,
      "FAILURE: the review has 3 photos (code REVIEW_PHOTO_LIMIT), has this one already, or was removed by the shop (code REVIEW_REMOVED)",
    ),
    429: failure(
      429,
      "TOO_MANY_REQUESTS (code UPLOAD_LIMIT): the account's photos for the hour are sent; see `Retry-After`",
    ),
  },
});

const removePhotoRoute = apiRoute({
  method: "delete",
  path: "/reviews/{id}/photos/{photoId}",
  tags,
  summary: "Remove a photo from the shopper's own review (its files go too)",
  access: "user",
  request: { params: reviewParams.extend({ photoId: z.string().openapi({ description: "The photo's `id`" }) }) },
  failures: [404],
  responses: { 200: success("The photo is removed.", reviewSchema) },
});

/** The review calls (mounted at /userapp/). Changes are the author's own: another shopper's review is 404. */
export function reviewRoutes(deps: ApiDeps) {
  const { db } = deps;
  const app = routeGroup();
  const signedIn = requireUser(deps);
  const productId = (id: string) => {
    if (!idPattern.test(id)) throw notFound("Product not found");
    return id;
  };
  const reviewId = (id: string) => {
    if (!idPattern.test(id)) throw notFound("Review not found");
    return id;
  };

  mount(app, listRoute, async (c) => {
    const id = productId(c.req.param("id"));
    const query = validate(reviewQuerySchema, c.req.query());
    return ok(c, await listReviews(db, id, query));
  });

  mount(app, oneRoute, async (c) => ok(c, await publishedReview(db, reviewId(c.req.param("id")))));

  mount(app, standingRoute, signedIn, async (c) => {
    const id = productId(c.req.param("id"));
    return ok(c, await reviewStanding(db, c.var.user.id, id));
  });

  mount(app, createRoute, signedIn, async (c) => {
    const id = productId(c.req.param("id"));
    const input = await readBody(c, reviewInputSchema);
    const review = await createReview(db, { ...input, userId: c.var.user.id, productId: id, now: deps.now() });
    return ok(c, review, "Thanks for your review!", 201);
  });

  mount(app, editRoute, signedIn, async (c) => {
    const id = reviewId(c.req.param("id"));
    const input = await readBody(c, reviewInputSchema);
    const review = await editReview(db, { ...input, userId: c.var.user.id, reviewId: id, now: deps.now() });
    return ok(c, review, "Your review has been updated.");
  });

  mount(app, deleteRoute, signedIn, async (c) => {
    const id = reviewId(c.req.param("id"));
    await deleteReview(db, c.var.user.id, id);
    return ok(c, { _id: id }, "Your review has been deleted.");
  });

  mount(app, addPhotoRoute, signedIn, async (c) => {
    const id = reviewId(c.req.param("id"));
    // Counted before the body is read: past the hour's limit, nothing of it is read or decoded.
    await reserveReviewPhotoUpload(deps, c.var.user.id);
    const bytes = await uploadedFile(c, "photo", "photo");
    const review = await addReviewPhoto(db, { userId: c.var.user.id, reviewId: id, bytes, now: deps.now() });
    return ok(c, review, "The photo is added.", 201);
  });

  mount(app, removePhotoRoute, signedIn, async (c) => {
    const id = reviewId(c.req.param("id"));
    const review = await removeReviewPhoto(db, {
      userId: c.var.user.id,
      reviewId: id,
      photoId: c.req.param("photoId"),
      now: deps.now(),
    });
    return ok(c, review, "The photo is removed.");
  });

  mount(app, helpfulRoute, signedIn, async (c) => {
    const review = await voteHelpful(db, c.var.user.id, reviewId(c.req.param("id")));
    return ok(c, review, "Thanks for your vote.");
  });

  mount(app, reportRoute, signedIn, async (c) => {
    const result = await reportReview(db, c.var.user.id, reviewId(c.req.param("id")));
    return ok(c, result, "Thanks, we will check this review.");
  });

  return app;
}

const adminTags = ["admin: reviews"];

const queueRoute = apiRoute({
  method: "get",
  path: "/reviews",
  tags: adminTags,
  summary: "The moderation queue: held reviews and reported published ones, oldest first",
  access: "admin",
  request: { query: pageQuerySchema },
  responses: { 200: success("A page of the queue", listPage(queuedReviewSchema)) },
});

const removeSchema = z.object({
  reason: z
    .string({ error: "Give the reason the author will see" })
    .trim()
    .min(1, "Give the reason the author will see")
    .max(500, "The reason can be at most 500 characters"),
});

const publishRoute = apiRoute({
  method: "put",
  path: "/reviews/{id}/publish",
  tags: adminTags,
  summary: "Publish a held review, or keep a reported one (its reports are answered); audited",
  access: "admin",
  request: { params: reviewParams },
  failures: [404],
  responses: { 200: success("The review is published.", reviewSchema) },
});

const removeRoute = apiRoute({
  method: "put",
  path: "/reviews/{id}/remove",
  tags: adminTags,
  summary: "Remove a review with the reason its author sees; audited",
  access: "admin",
  request: { params: reviewParams, body: jsonBody(removeSchema) },
  failures: [404],
  responses: { 200: success("The review is removed.", reviewSchema) },
});

const photoRoute = apiRoute({
  method: "get",
  path: "/reviews/{id}/photos/{file}",
  tags: adminTags,
  summary: "A review's photo file (WebP, `<hash>-<width>.webp`, as in its `path`), whatever the review's status",
  description:
    "For deciding on a held or reported review: the file /media/reviews/{id}/{file} serves only while the review is published, answered here while it is held or removed too (until its author deletes it). Never kept by any cache (`private, no-store`).",
  access: "admin",
  request: {
    params: reviewParams.extend({ file: z.string().openapi({ example: "0123456789abcdef-320.webp" }) }),
  },
  failures: [404],
  responses: {
    200: image("image/webp", "The photo"),
    404: failure(404, "RECORD_NOT_FOUND: no such review, or no such file of it"),
  },
});

/** The back office's moderation (mounted at /userapp/admin): admins only, every decision in the audit log. */
export function adminReviewRoutes(deps: ApiDeps) {
  const { db } = deps;
  const app = routeGroup();
  app.use("*", requireUser(deps), requireAdmin(deps));
  const reviewId = (id: string) => {
    if (!idPattern.test(id)) throw notFound("Review not found");
    return id;
  };

  mount(app, queueRoute, async (c) => {
    const { page, limit } = validate(pageQuerySchema, c.req.query());
    return ok(c, await moderationQueue(db, page, limit));
  });

  mount(app, photoRoute, async (c) => {
    const bytes = await readReviewMedia(db, c.req.param("id"), c.req.param("file"), "any");
    if (bytes === null) throw notFound("No such image");
    // The app says so for every answer to a token too: this one must never outlive the session.
    c.header("Cache-Control", "private, no-store");
    return sendWebp(c, bytes);
  });

  mount(app, publishRoute, async (c) => {
    const id = reviewId(c.req.param("id"));
    const review = await moderateReview(db, {
      decision: "publish",
      reviewId: id,
      actorId: c.var.user.id,
      now: deps.now(),
    });
    return ok(c, review, "The review is published.");
  });

  mount(app, removeRoute, async (c) => {
    const id = reviewId(c.req.param("id"));
    const { reason } = await readBody(c, removeSchema);
    const review = await moderateReview(db, {
      decision: "remove",
      reason,
      reviewId: id,
      actorId: c.var.user.id,
      now: deps.now(),
    });
    return ok(c, review, "The review is removed.");
  });

  return app;
}
