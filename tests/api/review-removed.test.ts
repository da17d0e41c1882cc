import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "../../api/db/client";
import { auditLog, reviewRemovals, reviews } from "../../api/db/schema";
import { REVIEW_REMOVED } from "../../api/lib/reviews/reviews";
import { createTestApi, createUserWithToken, insertProduct } from "./helpers";
import { orderOf } from "./review-orders";

// A review the shop removed stays removed (docs/decisions/029-reviews.md): its author may not post
// another of the product, whether they deleted the removed one or not; an admin publishing it again
// takes the removal back.

let clock = Date.now();
const { call, db } = await createTestApi({ now: () => new Date((clock += 1000)) });
const admin = await createUserWithToken(db, { userType: "admin" });

/** A shopper with a delivered order of a new product, their published review of it, and the shop's removal of it. */
async function removedReviewer() {
  const productId = await insertProduct(db, { ratingValue: null, ratingCount: null });
  const { id: userId, token } = await createUserWithToken(db);
  await orderOf(db, userId, productId);
  const created = await call("POST", `/userapp/product/${productId}/reviews`, { token, body: { stars: 5 } });
  expect(created.status).toBe(201);
  const reviewId = created.body.data._id as string;
  const removed = await call("PUT", `/userapp/admin/reviews/${reviewId}/remove`, {
    token: admin.token,
    body: { reason: "A paid review" },
  });
  expect(removed.status).toBe(200);
  return { productId, userId, token, reviewId };
}

const post = (productId: string, token: string) =>
  call("POST", `/userapp/product/${productId}/reviews`, { token, body: { stars: 5, body: "Great, honest!" } });

const refusal = { status: "FAILURE", code: "REVIEW_REMOVED", message: REVIEW_REMOVED, data: null };

describe("a review the shop removed", () => {
  it("cannot be replaced by its author: not while it is there, not after they delete it", async () => {
    const { productId, token, reviewId } = await removedReviewer();
    const whileThere = await post(productId, token);
    expect(whileThere.status).toBe(409);
    expect(whileThere.body).toEqual(refusal);

    const deleted = await call("DELETE", `/userapp/reviews/${reviewId}`, { token });
    expect(deleted.status).toBe(200);
    expect(await db.select().from(reviews).where(eq(reviews.id, reviewId))).toEqual([]);
    const again = await post(productId, token);
    expect(again.status).toBe(409);
    expect(again.body).toEqual(refusal);
    // Nothing was published in its place: the product still has no rating.
    const list = await call("GET", `/userapp/product/${productId}/reviews`);
    expect(list.body.data.data).toEqual([]);
    expect(list.body.data.summary.ratingCount).toBeNull();

    // Written at once, none gets through either.
    const burst = await Promise.all(Array.from({ length: 5 }, () => post(productId, token)));
    expect(burst.map((answer) => answer.body.code)).toEqual(Array(5).fill("REVIEW_REMOVED"));
    expect(await db.select().from(reviews).where(eq(reviews.productId, productId))).toEqual([]);
  });

  it("tells its author so in their standing, and offers no form", async () => {
    const { productId, token, reviewId } = await removedReviewer();
    const standing = async () => (await call("GET", `/userapp/product/${productId}/reviews/mine`, { token })).body.data;
    expect(await standing()).toMatchObject({
      canReview: false,
      removed: true,
      review: { _id: reviewId, status: "removed", removalReason: "A paid review" },
    });
    await call("DELETE", `/userapp/reviews/${reviewId}`, { token });
    expect(await standing()).toEqual({ canReview: false, removed: true, review: null });
  });

  it("holds for its author and product only: their other products and other shoppers may review", async () => {
    const { productId, userId, token } = await removedReviewer();
    const other = await insertProduct(db, { ratingValue: null, ratingCount: null });
    await orderOf(db, userId, other);
    expect((await post(other, token)).status).toBe(201);
    const neighbour = await createUserWithToken(db);
    await orderOf(db, neighbour.id, productId);
    expect((await post(productId, neighbour.token)).status).toBe(201);
  });

  it("refuses edits and photos with the same code", async () => {
    const { token, reviewId } = await removedReviewer();
    const edit = await call("PUT", `/userapp/reviews/${reviewId}`, { token, body: { stars: 4 } });
    expect(edit.status).toBe(409);
    expect(edit.body.code).toBe("REVIEW_REMOVED");
    const form = new FormData();
    form.append("photo", new File([new Uint8Array([1, 2, 3])], "p.jpg", { type: "image/jpeg" }));
    const photo = await call("POST", `/userapp/reviews/${reviewId}/photos`, { token, form });
    expect(photo.status).toBe(409);
    expect(photo.body.code).toBe("REVIEW_REMOVED");
  });

  it("is taken back when an admin publishes the review again", async () => {
    const { productId, userId, token, reviewId } = await removedReviewer();
    const published = await call("PUT", `/userapp/admin/reviews/${reviewId}/publish`, { token: admin.token });
    expect(published.body.data.status).toBe("published");
    const removal = and(eq(reviewRemovals.productId, productId), eq(reviewRemovals.userId, userId));
    expect(await db.select().from(reviewRemovals).where(removal)).toEqual([]);
    await call("DELETE", `/userapp/reviews/${reviewId}`, { token });
    expect((await post(productId, token)).status).toBe(201);
  });
});

describe("a review deleted while an admin moderates it", () => {
  it("is not found (404), not a server error, and nothing is recorded", async () => {
    const productId = await insertProduct(db, { ratingValue: null, ratingCount: null });
    const { id: userId, token } = await createUserWithToken(db);
    await orderOf(db, userId, productId);
    const created = await call("POST", `/userapp/product/${productId}/reviews`, { token, body: { stars: 4 } });
    const reviewId = created.body.data._id as string;

    // The author's delete holds the review's row; the admin's publish waits for it, then finds it gone.
    let release!: () => void;
    const deleting = db.transaction(async (tx) => {
      await tx.select().from(reviews).where(eq(reviews.id, reviewId)).for("update");
      await tx.delete(reviews).where(eq(reviews.id, reviewId));
      await new Promise<void>((resolve) => (release = resolve));
    });
    const publishing = call("PUT", `/userapp/admin/reviews/${reviewId}/publish`, { token: admin.token });
    while (!(await waitingOnALock())) await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await deleting;

    const answer = await publishing;
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ status: "RECORD_NOT_FOUND", message: "Review not found" });
    expect(await db.select().from(reviews).where(eq(reviews.id, reviewId))).toEqual([]);
    const audited = await db.select().from(auditLog).where(eq(auditLog.entityId, reviewId));
    expect(audited.filter((entry) => entry.action.startsWith("review."))).toEqual([]);
  });
});

/** Whether some statement of this database is waiting for a row another transaction holds. */
async function waitingOnALock(): Promise<boolean> {
  const [row] = rowsOf<{ waiting: number }>(
    await db.execute(
      sql`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    ),
  );
  return row.waiting > 0;
}
