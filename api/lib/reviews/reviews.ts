import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  orderItems,
  orders,
  products,
  type ReviewPhoto,
  reviewRemovals,
  reviewReports,
  type ReviewStatus,
  reviewVotes,
  reviews,
  users,
} from "../../db/schema";
import { bumpCatalogueVersion, catalogueChanged } from "../../platform/catalogue-version";
import { ApiError, conflict, notFound } from "../http/http";
import { paginator } from "../http/paging";
import { newId } from "../ids";
import { type HeldFor, heldFor } from "./held-for";
import { refreshProductRating } from "./ratings";

// Shoppers' reviews (docs/decisions/029-reviews.md): who may write one, what holds one for
// moderation, and the reads of the product page. Every change of a review's stars or status
// refreshes the product's rating in its own transaction (ratings.ts).

export const MAX_TITLE_LENGTH = 100;
export const MAX_BODY_LENGTH = 2000;

export { heldFor, type HeldFor } from "./held-for";

export const REVIEW_SORTS = ["helpful", "newest", "highest", "lowest"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

export type ReviewInput = { stars: number; title: string; body: string };

export type ReviewJson = {
  _id: string;
  productId: string;
  author: string;
  verified: boolean;
  /** One of the seed's sample reviews: nobody wrote it, and it counts in no rating (decision 047). */
  sample: boolean;
  stars: number;
  title: string;
  body: string;
  status: ReviewStatus;
  heldFor: HeldFor | null;
  removalReason: string | null;
  helpfulCount: number;
  photos: ReviewPhoto[];
  createdAt: string;
  updatedAt: string;
};

type ReviewRow = typeof reviews.$inferSelect;

/** A review as the API answers it; `own` adds what only its author sees (why it is held or was removed). */
export function toReviewJson(row: ReviewRow, own = false): ReviewJson {
  return {
    _id: row.id,
    productId: row.productId,
    author: row.authorName,
    verified: row.verified,
    sample: row.sample,
    stars: row.stars,
    title: row.title,
    body: row.body,
    status: row.status,
    heldFor: own ? (row.heldFor as HeldFor | null) : null,
    removalReason: own ? row.removalReason : null,
    helpfulCount: row.helpfulCount,
    photos: row.photos,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The name shown with a review: first name and the last name's initial ("Priya S."), fixed when written. */
export function authorNameOf(user: { firstName: string | null; lastName: string | null; name: string | null }) {
  const words = (user.name ?? "").trim().split(/\s+/).filter(Boolean);
  const first = user.firstName?.trim() || words[0] || "";
  const last = user.lastName?.trim() || (words.length > 1 ? words[words.length - 1] : "");
  if (!first) return "A shopper";
  return last ? `${first} ${[...last][0].toUpperCase()}.` : first;
}

/** Whether `userId` has a delivered order line of `productId` (a returned order's do not count). */
export async function hasDeliveredLine(db: Database, userId: string, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orders.userId, userId), eq(orderItems.productId, productId), eq(orders.status, "delivered")))
    .limit(1);
  return row !== undefined;
}

/** The shopper's own review of a product, whatever its status, or null. */
export async function ownReview(db: Database, userId: string, productId: string): Promise<ReviewRow | null> {
  const [row] = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.userId, userId)));
  return row ?? null;
}

/** Whether the shop removed `userId`'s review of `productId`, deleted by them since or not. */
async function wasRemoved(db: Database, userId: string, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(reviewRemovals)
    .where(and(eq(reviewRemovals.productId, productId), eq(reviewRemovals.userId, userId)));
  return row !== undefined;
}

/**
 * What the product page and the review form need of a shopper: may they write one, their review
 * if any, and whether the shop removed theirs (then they may not write another).
 */
export async function reviewStanding(db: Database, userId: string, productId: string) {
  const review = await ownReview(db, userId, productId);
  const removed = await wasRemoved(db, userId, productId);
  return {
    canReview: review === null && !removed && (await hasDeliveredLine(db, userId, productId)),
    removed,
    review: review ? toReviewJson(review, true) : null,
  };
}

export const REVIEW_REMOVED =
  "Your review of this product was removed by the shop for breaking the review rules, so you cannot post another.";

/** A removed review stays removed (decision 029): its author may not write another of the product. */
const reviewRemoved = () => new ApiError(409, "FAILURE", REVIEW_REMOVED, null, {}, "REVIEW_REMOVED");

/** A change of a review the shop removed: it stays as the shop left it. */
export const removedReview = (message: string) => new ApiError(409, "FAILURE", message, null, {}, "REVIEW_REMOVED");

/** Runs a review change in a transaction that also refreshes the product's rating, and tells the caches once it committed. */
export async function changeReview<T>(
  db: Database,
  productId: string,
  change: (tx: Database) => Promise<T>,
): Promise<T> {
  const result = await db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    const outcome = await change(db);
    await refreshProductRating(db, productId);
    // Ratings show on every card and list: the catalogue's caches must not keep the old ones.
    await bumpCatalogueVersion(db);
    return outcome;
  });
  catalogueChanged();
  return result;
}

export const NOT_ELIGIBLE =
  "Only a shopper whose order of this product was delivered can review it. You can review it once your order arrives.";

/**
 * Writes the shopper's review of a product: 404 for an unknown product, 409 if they wrote one
 * already or the shop removed theirs (REVIEW_REMOVED, even once they deleted it), 403 without a delivered line.
 */
export async function createReview(
  db: Database,
  input: ReviewInput & { userId: string; productId: string; now: Date },
): Promise<ReviewJson> {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, input.productId), eq(products.hidden, false)));
  if (!product) throw notFound("Product not found");
  if (await wasRemoved(db, input.userId, input.productId)) throw reviewRemoved();
  if (!(await hasDeliveredLine(db, input.userId, input.productId)))
    throw new ApiError(403, "FORBIDDEN", NOT_ELIGIBLE, null, {}, "NOT_ELIGIBLE");
  const [author] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, name: users.name })
    .from(users)
    .where(eq(users.id, input.userId));
  const held = heldFor(input.title, input.body);
  const row = await changeReview(db, input.productId, async (tx) => {
    const [inserted] = await tx
      .insert(reviews)
      .values({
        id: newId(),
        productId: input.productId,
        userId: input.userId,
        authorName: authorNameOf(author),
        verified: true,
        stars: input.stars,
        title: input.title,
        body: input.body,
        status: held ? "held" : "published",
        heldFor: held,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .onConflictDoNothing()
      .returning();
    if (!inserted)
      throw conflict(
        "You have already reviewed this product. You can edit your review instead.",
        null,
        "ALREADY_REVIEWED",
      );
    return inserted;
  });
  return toReviewJson(row, true);
}

/** The shopper's own review by id, unlocked (its product, photos and status); another shopper's is 404. */
export async function findOwnReview(db: Database, userId: string, reviewId: string) {
  const [found] = await db
    .select({ productId: reviews.productId, photos: reviews.photos, status: reviews.status })
    .from(reviews)
    .where(and(eq(reviews.id, reviewId), eq(reviews.userId, userId)));
  if (!found) throw notFound("Review not found");
  return found;
}

/** The shopper's own review by id, locked for a change; another shopper's is as unknown as a missing one. */
export async function lockOwnReview(tx: Database, userId: string, reviewId: string): Promise<ReviewRow> {
  const [row] = await tx
    .select()
    .from(reviews)
    .where(and(eq(reviews.id, reviewId), eq(reviews.userId, userId)))
    .for("update");
  if (!row) throw notFound("Review not found");
  return row;
}

/**
 * Edits the shopper's review; its text is checked for moderation again. A review an admin removed
 * stays removed (409): editing it would put back what was taken down.
 */
export async function editReview(
  db: Database,
  input: ReviewInput & { userId: string; reviewId: string; now: Date },
): Promise<ReviewJson> {
  const found = await findOwnReview(db, input.userId, input.reviewId);
  const held = heldFor(input.title, input.body);
  const row = await changeReview(db, found.productId, async (tx) => {
    const current = await lockOwnReview(tx, input.userId, input.reviewId);
    if (current.status === "removed") {
      throw removedReview("This review was removed by the shop and can no longer be edited. You can delete it.");
    }
    const [updated] = await tx
      .update(reviews)
      .set({
        stars: input.stars,
        title: input.title,
        body: input.body,
        status: held ? "held" : "published",
        heldFor: held,
        updatedAt: input.now,
      })
      .where(eq(reviews.id, current.id))
      .returning();
    return updated;
  });
  return toReviewJson(row, true);
}

/**
 * Deletes the shopper's review (its votes, reports and photos go with it). A removed one's removal
 * stays in review_removals, so deleting it does not open the way to posting it again.
 */
export async function deleteReview(db: Database, userId: string, reviewId: string): Promise<void> {
  const found = await findOwnReview(db, userId, reviewId);
  await changeReview(db, found.productId, async (tx) => {
    const current = await lockOwnReview(tx, userId, reviewId);
    await tx.delete(reviews).where(eq(reviews.id, current.id));
  });
}

export type ReviewQuery = { stars?: number; photos?: boolean; sort: ReviewSort; page: number; limit: number };

/** A review with at least one photo. */
const withPhotos = sql`jsonb_array_length(${reviews.photos}) > 0`;

const ORDER_BY: Record<ReviewSort, ReturnType<typeof desc>[]> = {
  helpful: [desc(reviews.helpfulCount), desc(reviews.createdAt), desc(reviews.id)],
  newest: [desc(reviews.createdAt), desc(reviews.id)],
  highest: [desc(reviews.stars), desc(reviews.createdAt), desc(reviews.id)],
  lowest: [asc(reviews.stars), desc(reviews.createdAt), desc(reviews.id)],
};

/**
 * A page of a product's published reviews with the product's summary: the average and count
 * (the product's own columns, the figures its card shows), how many reviews give each star, how
 * many have photos and how many are the seed's samples (listed, labelled, in no count of stars). `stars` and `photos` (with photos only) filter the page, together.
 */
export async function listReviews(db: Database, productId: string, query: ReviewQuery) {
  const [product] = await db
    .select({ ratingValue: products.ratingValue, ratingCount: products.ratingCount })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.hidden, false)));
  if (!product) throw notFound("Product not found");
  const published = and(eq(reviews.productId, productId), eq(reviews.status, "published"));
  const counts = await db
    .select({
      stars: reviews.stars,
      sample: reviews.sample,
      n: sql<number>`count(*)::integer`,
      withPhotos: sql<number>`(count(*) FILTER (WHERE ${withPhotos}))::integer`,
    })
    .from(reviews)
    .where(published)
    .groupBy(reviews.stars, reviews.sample);
  // The histogram counts what the rating counts: the seed's samples are listed, not counted (decision 047).
  const histogram = [5, 4, 3, 2, 1].map((stars) => ({
    stars,
    count: counts.find((row) => row.stars === stars && !row.sample)?.n ?? 0,
  }));
  const where = and(
    published,
    query.stars ? eq(reviews.stars, query.stars) : undefined,
    query.photos ? withPhotos : undefined,
  );
  const itemCount = counts
    .filter((row) => !query.stars || row.stars === query.stars)
    .reduce((sum, row) => sum + (query.photos ? row.withPhotos : row.n), 0);
  const rows = await db
    .select()
    .from(reviews)
    .where(where)
    .orderBy(...ORDER_BY[query.sort])
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return {
    summary: {
      ratingValue: product.ratingValue,
      ratingCount: product.ratingCount,
      histogram,
      withPhotos: counts.reduce((sum, row) => sum + row.withPhotos, 0),
      samples: counts.reduce((sum, row) => sum + (row.sample ? row.n : 0), 0),
    },
    data: rows.map((row) => toReviewJson(row)),
    paginator: paginator(itemCount, query.page, query.limit),
  };
}

/**
 * A published review of a product the shop shows, with that product's id, title and category (for
 * its path): the review's own page, where its whole text is read. Anything else is 404.
 */
export async function publishedReview(db: Database, reviewId: string) {
  const [row] = await db
    .select({ review: reviews, shortTitle: products.shortTitle, category: products.category })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(and(eq(reviews.id, reviewId), eq(reviews.status, "published"), eq(products.hidden, false)));
  if (!row) throw notFound("Review not found");
  return {
    ...toReviewJson(row.review),
    product: { _id: row.review.productId, shortTitle: row.shortTitle, category: row.category },
  };
}

/** Votes "helpful" on a published review, once per shopper and never on their own; answers the review. */
export async function voteHelpful(db: Database, userId: string, reviewId: string): Promise<ReviewJson> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(reviews)
      .where(and(eq(reviews.id, reviewId), eq(reviews.status, "published")))
      .for("update");
    if (!row) throw notFound("Review not found");
    if (row.userId === userId) throw conflict("You cannot vote on your own review.", null, "OWN_REVIEW");
    const [vote] = await tx.insert(reviewVotes).values({ reviewId, userId }).onConflictDoNothing().returning();
    if (!vote) return toReviewJson(row);
    const [updated] = await tx
      .update(reviews)
      .set({ helpfulCount: sql`${reviews.helpfulCount} + 1` })
      .where(eq(reviews.id, reviewId))
      .returning();
    return toReviewJson(updated);
  });
}

/**
 * Reports a published review to the shop, once per shopper (a second report changes nothing); it
 * stays up, and joins the moderation queue (`report_count` above 0) until an admin decides.
 */
export async function reportReview(db: Database, userId: string, reviewId: string): Promise<{ reported: boolean }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ userId: reviews.userId })
      .from(reviews)
      .where(and(eq(reviews.id, reviewId), eq(reviews.status, "published")))
      .for("update");
    if (!row) throw notFound("Review not found");
    if (row.userId === userId)
      throw conflict("You cannot report your own review. You can edit or delete it.", null, "OWN_REVIEW");
    const [report] = await tx.insert(reviewReports).values({ reviewId, userId }).onConflictDoNothing().returning();
    if (report) {
      await tx
        .update(reviews)
        .set({ reportCount: sql`${reviews.reportCount} + 1` })
        .where(eq(reviews.id, reviewId));
    }
    return { reported: report !== undefined };
  });
}
