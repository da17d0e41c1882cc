import { and, asc, desc, eq, gt, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  auditLog,
  orderItems,
  orders,
  products,
  type ReviewPhoto,
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
import { refreshProductRating } from "./ratings";

// Shoppers' reviews (docs/decisions/029-reviews.md): who may write one, what holds one for
// moderation, and the reads of the product page. Every change of a review's stars or status
// refreshes the product's rating in its own transaction (ratings.ts).

export const MAX_TITLE_LENGTH = 100;
export const MAX_BODY_LENGTH = 2000;

/** What holds a review for moderation (the rules page says so in words): contact details and links, nothing else. */
export type HeldFor = "email" | "phone" | "link";

const EMAIL = /[^\s@<>()]+@[^\s@<>()]+\.[a-z]{2,}/i;
/** Ten or more digits in a row, spaces, dots, dashes and brackets allowed between them (+91 98765 43210). */
const PHONE = /(?:\+?\d[\s().-]{0,2}){10,}/;
/** A URL, `www.`, or a bare domain name with a common ending (shop.example.in). */
const LINK =
  /\b(?:https?:\/\/|www\.)\S+|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|in|net|org|co|io|shop|store|info|biz|me|ly|app|xyz|online|site)\b/i;

/**
 * Why a review's text is held for moderation, or null when it publishes at once. Only contact
 * details and links hold a review; its stars never do, so a negative review publishes like any other.
 */
export function heldFor(...texts: string[]): HeldFor | null {
  const text = texts.join("\n");
  if (EMAIL.test(text)) return "email";
  if (LINK.test(text)) return "link";
  if (PHONE.test(text)) return "phone";
  return null;
}

export const REVIEW_SORTS = ["helpful", "newest", "highest", "lowest"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

export type ReviewInput = { stars: number; title: string; body: string };

export type ReviewJson = {
  _id: string;
  productId: string;
  author: string;
  verified: boolean;
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

/** What the product page and the review form need of a shopper: may they write one, and their review if any. */
export async function reviewStanding(db: Database, userId: string, productId: string) {
  const review = await ownReview(db, userId, productId);
  return {
    canReview: review === null && (await hasDeliveredLine(db, userId, productId)),
    review: review ? toReviewJson(review, true) : null,
  };
}

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

/** Writes the shopper's review of a product: 404 for an unknown product, 403 without a delivered line, 409 if they wrote one already. */
export async function createReview(
  db: Database,
  input: ReviewInput & { userId: string; productId: string; now: Date },
): Promise<ReviewJson> {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, input.productId), eq(products.hidden, false)));
  if (!product) throw notFound("Product not found");
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
      throw conflict(
        "This review was removed by the shop and can no longer be edited. You can delete it.",
        null,
        "REVIEW_REMOVED",
      );
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

/** Deletes the shopper's review (its votes and reports go with it). */
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
 * (the product's own columns, the figures its card shows), how many reviews give each star and
 * how many have photos. `stars` and `photos` (with photos only) filter the page, together.
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
      n: sql<number>`count(*)::integer`,
      withPhotos: sql<number>`(count(*) FILTER (WHERE ${withPhotos}))::integer`,
    })
    .from(reviews)
    .where(published)
    .groupBy(reviews.stars);
  const histogram = [5, 4, 3, 2, 1].map((stars) => ({
    stars,
    count: counts.find((row) => row.stars === stars)?.n ?? 0,
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

/** A review in the back office's queue: the review, its product's title, and how often it was reported. */
export type QueuedReviewJson = ReviewJson & { productTitle: string; reportCount: number };

/** The moderation queue: held reviews and reported published ones, oldest first. */
export async function moderationQueue(db: Database, page: number, limit: number) {
  const queued = or(eq(reviews.status, "held"), and(eq(reviews.status, "published"), gt(reviews.reportCount, 0)));
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::integer` })
    .from(reviews)
    .where(queued);
  const rows = await db
    .select({ review: reviews, productTitle: products.shortTitle })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(queued)
    .orderBy(asc(reviews.updatedAt), asc(reviews.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return {
    data: rows.map(({ review, productTitle }) => ({
      ...toReviewJson(review, true),
      productTitle,
      reportCount: review.reportCount,
    })),
    paginator: paginator(n, page, limit),
  };
}

/**
 * An admin's decision on a review: `publish` (a held one, or a reported one kept: its reports are
 * answered) or `remove` with the reason its author will see. Audited; the rating follows.
 */
export async function moderateReview(
  db: Database,
  input: { reviewId: string; actorId: string; now: Date } & (
    { decision: "publish" } | { decision: "remove"; reason: string }
  ),
): Promise<ReviewJson> {
  const [found] = await db.select({ productId: reviews.productId }).from(reviews).where(eq(reviews.id, input.reviewId));
  if (!found) throw notFound("Review not found");
  const row = await changeReview(db, found.productId, async (tx) => {
    const [current] = await tx.select().from(reviews).where(eq(reviews.id, input.reviewId)).for("update");
    const after =
      input.decision === "publish"
        ? { status: "published" as const, heldFor: null, removalReason: null, reportCount: 0 }
        : { status: "removed" as const, removalReason: input.reason, reportCount: 0 };
    const [updated] = await tx.update(reviews).set(after).where(eq(reviews.id, current.id)).returning();
    await tx.insert(auditLog).values({
      actorId: input.actorId,
      action: `review.${input.decision}`,
      entity: "review",
      entityId: current.id,
      before: {
        status: current.status,
        heldFor: current.heldFor,
        reportCount: current.reportCount,
        removalReason: current.removalReason,
      },
      after: { status: updated.status, removalReason: updated.removalReason },
      at: input.now,
    });
    return updated;
  });
  return toReviewJson(row, true);
}
