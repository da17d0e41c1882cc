import { z } from "@hono/zod-openapi";
import { requireUser } from "../lib/accounts/auth";
import type { ApiDeps } from "../lib/context";
import { idPattern, notFound, ok, readBody, validate } from "../lib/http/http";
import { apiRoute, failure, jsonBody, mount, routeGroup, success } from "../lib/http/openapi";
import {
  reviewInputSchema,
  reviewPageSchema,
  reviewQuerySchema,
  reviewSchema,
  reviewStandingSchema,
} from "../lib/http/review-schemas";
import { createReview, deleteReview, editReview, listReviews, reviewStanding } from "../lib/reviews/reviews";

const tags = ["reviews"];
const productParams = z.object({ id: z.string().openapi({ description: "The product's id" }) });
const reviewParams = z.object({ id: z.string().openapi({ description: "The review's id" }) });

const listRoute = apiRoute({
  method: "get",
  path: "/product/{id}/reviews",
  tags,
  summary: "A page of a product's published reviews, with its rating and how many give each star",
  description:
    "`stars` (1 to 5) keeps reviews of that many stars; `sort` is helpful (the default), newest, highest or lowest; `page` from 1 and `limit` (10 by default, at most 50).",
  access: "public",
  request: { params: productParams, query: reviewQuerySchema },
  failures: [404],
  responses: { 200: success("The page of reviews", reviewPageSchema) },
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
    "Only a shopper with a delivered (not returned) order of the product may review it. A review holding an email address, a phone number or a link waits for moderation (`status: held`); any other publishes at once, whatever its stars.",
  access: "user",
  request: { params: productParams, body: jsonBody(reviewInputSchema) },
  failures: [403, 404, 409],
  responses: {
    201: success("Thanks for your review!", reviewSchema),
    403: failure(403, "FORBIDDEN: no delivered order of this product"),
    409: failure(409, "FAILURE: the shopper has reviewed this product already"),
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
    409: failure(409, "FAILURE: the shop removed this review"),
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

  return app;
}
