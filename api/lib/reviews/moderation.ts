import { and, asc, eq, gt, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { auditLog, products, reviewRemovals, reviews } from "../../db/schema";
import { notFound } from "../http/http";
import { paginator } from "../http/paging";
import { changeReview, type ReviewJson, toReviewJson } from "./reviews";

// The back office's moderation of reviews (docs/decisions/029-reviews.md): the queue of held and
// reported reviews, and an admin's decision on one, audited. A removal is also recorded for its
// author and product (review_removals), so a removed review stays removed even once deleted.

type ReviewRow = typeof reviews.$inferSelect;

/** A review in the back office's queue: the review, its product's title, and how often it was reported. */
export type QueuedReviewJson = ReviewJson & { productTitle: string; reportCount: number };

/** The reviews in the moderation queue: held ones and reported published ones (the dashboard counts these too). */
export const inModerationQueue = () =>
  or(eq(reviews.status, "held"), and(eq(reviews.status, "published"), gt(reviews.reportCount, 0)));

/** The moderation queue: held reviews and reported published ones, oldest first. */
export async function moderationQueue(db: Database, page: number, limit: number) {
  const queued = inModerationQueue();
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
    // Its author may have deleted it while this waited for the row.
    if (!current) throw notFound("Review not found");
    const after =
      input.decision === "publish"
        ? { status: "published" as const, heldFor: null, removalReason: null, reportCount: 0 }
        : { status: "removed" as const, removalReason: input.reason, reportCount: 0 };
    const [updated] = await tx.update(reviews).set(after).where(eq(reviews.id, current.id)).returning();
    await recordRemoval(tx, updated, input.now);
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

/**
 * Keeps review_removals in step with a moderated review: a removal is recorded for its author and
 * product (the seed's sample reviews have no author), a review published again takes it back.
 */
async function recordRemoval(tx: Database, review: ReviewRow, now: Date): Promise<void> {
  if (review.userId === null) return;
  if (review.status === "removed") {
    const removal = { reviewId: review.id, reason: review.removalReason ?? "", removedAt: now };
    await tx
      .insert(reviewRemovals)
      .values({ productId: review.productId, userId: review.userId, ...removal })
      .onConflictDoUpdate({ target: [reviewRemovals.productId, reviewRemovals.userId], set: removal });
  } else {
    await tx
      .delete(reviewRemovals)
      .where(and(eq(reviewRemovals.productId, review.productId), eq(reviewRemovals.userId, review.userId)));
  }
}
