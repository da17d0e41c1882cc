import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders, productListing, products } from "../../api/db/schema";
import { newId } from "../../api/lib/ids";
import { heldFor } from "../../api/lib/reviews/reviews";
import { createTestApi, createUserWithToken, insertProduct } from "./helpers";
import { orderOf } from "./review-orders";

// A clock a second further on at each reading, so reviews written one after another are dated apart.
let clock = Date.now();
const { call, db } = await createTestApi({ now: () => new Date((clock += 1000)) });

/** A product without ratings, and a shopper with a delivered order of it. */
async function buyer(fields: Parameters<typeof createUserWithToken>[1] = {}) {
  const productId = await insertProduct(db, { ratingValue: null, ratingCount: null });
  const { id: userId, token } = await createUserWithToken(db, fields);
  await orderOf(db, userId, productId);
  return { productId, userId, token };
}

const ratingOf = async (productId: string) => {
  const [row] = await db
    .select({ value: products.ratingValue, count: products.ratingCount, listed: productListing.ratingValue })
    .from(products)
    .innerJoin(productListing, eq(productListing.productId, products.id))
    .where(eq(products.id, productId));
  return row;
};

describe("writing a review", () => {
  it("lets a shopper with a delivered order review the product once, verified, and rates the product from it", async () => {
    const { productId, token } = await buyer({ firstName: "Priya", lastName: "Sharma" });
    const before = await call("GET", `/userapp/product/${productId}/reviews/mine`, { token });
    expect(before.body.data).toEqual({ canReview: true, removed: false, review: null });

    const created = await call("POST", `/userapp/product/${productId}/reviews`, {
      token,
      body: { stars: 2, title: "  Too small  ", body: "The size runs small." },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      productId,
      author: "Priya S.",
      verified: true,
      stars: 2,
      title: "Too small",
      status: "published",
      heldFor: null,
    });
    // A negative review publishes at once, and the product's rating (and the listing's copy) follows.
    expect(await ratingOf(productId)).toEqual({ value: 2, count: 1, listed: 2 });
    const product = await call("GET", `/userapp/product/get/${productId}`);
    expect(product.body.data).toMatchObject({ ratingValue: 2, ratingCount: 1 });

    const again = await call("POST", `/userapp/product/${productId}/reviews`, { token, body: { stars: 5 } });
    expect(again.status).toBe(409);
    const after = await call("GET", `/userapp/product/${productId}/reviews/mine`, { token });
    expect(after.body.data).toMatchObject({ canReview: false, review: { _id: created.body.data._id } });
  });

  it("refuses a shopper without a delivered order: none, not yet delivered, or returned", async () => {
    const productId = await insertProduct(db, { ratingValue: null, ratingCount: null });
    const { id: userId, token } = await createUserWithToken(db);
    const attempt = () => call("POST", `/userapp/product/${productId}/reviews`, { token, body: { stars: 4 } });
    expect((await attempt()).status).toBe(403);
    await orderOf(db, userId, productId, "shipped");
    expect((await attempt()).status).toBe(403);
    await orderOf(db, userId, productId, "returned");
    const refused = await attempt();
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/delivered/);
    expect((await call("GET", `/userapp/product/${productId}/reviews/mine`, { token })).body.data.canReview).toBe(
      false,
    );
    expect(await ratingOf(productId)).toEqual({ value: null, count: null, listed: null });
  });

  it("keeps a review, verified, when the order is returned later", async () => {
    const { productId, userId, token } = await buyer();
    await call("POST", `/userapp/product/${productId}/reviews`, { token, body: { stars: 4 } });
    await db.update(orders).set({ status: "returned" }).where(eq(orders.userId, userId));
    const list = await call("GET", `/userapp/product/${productId}/reviews`);
    expect(list.body.data.data).toMatchObject([{ verified: true, stars: 4 }]);
  });

  it("answers 401 without a token and 404 for an unknown product", async () => {
    const { productId } = await buyer();
    expect((await call("POST", `/userapp/product/${productId}/reviews`, { body: { stars: 4 } })).status).toBe(401);
    const { token } = await createUserWithToken(db);
    for (const id of [newId(), "not-an-id"]) {
      expect((await call("POST", `/userapp/product/${id}/reviews`, { token, body: { stars: 4 } })).status).toBe(404);
      expect((await call("GET", `/userapp/product/${id}/reviews`)).status).toBe(404);
    }
  });

  it("refuses stars outside 1 to 5, a title over 100 and a text over 2,000 characters, and control characters", async () => {
    const { productId, token } = await buyer();
    const post = (body: unknown) => call("POST", `/userapp/product/${productId}/reviews`, { token, body });
    const errors = async (body: unknown) => {
      const answer = await post(body);
      expect(answer.status).toBe(422);
      return answer.body.data;
    };
    expect(await errors({})).toEqual([{ path: "stars", message: "Choose from 1 to 5 stars" }]);
    expect(await errors({ stars: 0 })).toEqual([{ path: "stars", message: "Choose from 1 to 5 stars" }]);
    expect(await errors({ stars: 6 })).toEqual([{ path: "stars", message: "Choose from 1 to 5 stars" }]);
    expect(await errors({ stars: 4.5 })).toEqual([{ path: "stars", message: "Choose from 1 to 5 stars" }]);
    expect(await errors({ stars: "5" })).toEqual([{ path: "stars", message: "Choose from 1 to 5 stars" }]);
    expect(await errors({ stars: 5, title: "t".repeat(101) })).toEqual([
      { path: "title", message: "The title can be at most 100 characters" },
    ]);
    expect(await errors({ stars: 5, body: "b".repeat(2001) })).toEqual([
      { path: "body", message: "The review can be at most 2,000 characters" },
    ]);
    expect(await errors({ stars: 5, body: "a\u0000b" })).toEqual([
      { path: "body", message: "Must not contain control characters" },
    ]);
    // At the limits, it is taken.
    const taken = await post({ stars: 5, title: "t".repeat(100), body: "b".repeat(2000) });
    expect(taken.status).toBe(201);
  });

  it("keeps hostile text as text", async () => {
    const { productId, token } = await buyer();
    const text = `<script>alert("x")</script> ' OR 1=1; -- é 🙂`;
    const created = await call("POST", `/userapp/product/${productId}/reviews`, {
      token,
      body: { stars: 3, title: text.slice(0, 40), body: text },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.body).toBe(text);
  });
});

describe("reviews at the same time", () => {
  it("keep the product's aggregate exact: written, edited and removed side by side", async () => {
    const productId = await insertProduct(db, { ratingValue: null, ratingCount: null });
    const shoppers = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const shopper = await createUserWithToken(db);
        await orderOf(db, shopper.id, productId);
        return shopper;
      }),
    );
    const stars = [5, 4, 1, 3, 5, 2, 4, 1];
    const written = await Promise.all(
      shoppers.map((shopper, i) =>
        call("POST", `/userapp/product/${productId}/reviews`, { token: shopper.token, body: { stars: stars[i] } }),
      ),
    );
    expect(written.map((res) => res.status)).toEqual(stars.map(() => 201));
    const average = (values: number[]) => Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100;
    expect(await ratingOf(productId)).toEqual({ value: average(stars), count: 8, listed: average(stars) });

    // Half of them change their stars while the other half delete theirs, all at once.
    const kept = stars.slice(0, 4).map((value) => 6 - value);
    await Promise.all(
      shoppers.map((shopper, i) => {
        const id = written[i].body.data._id;
        return i < 4
          ? call("PUT", `/userapp/reviews/${id}`, { token: shopper.token, body: { stars: kept[i] } })
          : call("DELETE", `/userapp/reviews/${id}`, { token: shopper.token });
      }),
    );
    expect(await ratingOf(productId)).toEqual({ value: average(kept), count: 4, listed: average(kept) });
  });
});

describe("held for moderation", () => {
  it("recognises links, phone numbers and email addresses, and nothing else", () => {
    expect(heldFor("Mail me at priya@example.com")).toBe("email");
    expect(heldFor("Cheaper at https://other.example")).toBe("link");
    expect(heldFor("see www.deals.in")).toBe("link");
    expect(heldFor("buy at bestdeals.shop")).toBe("link");
    expect(heldFor("Call +91 98765 43210")).toBe("phone");
    expect(heldFor("call 9876543210 now")).toBe("phone");
    expect(heldFor("Terrible. Broke in 2 days, ₹1,999 wasted. 0/10. Size 42.")).toBeNull();
    expect(heldFor("Worth it. Fits well... really.")).toBeNull();
    // Spelt otherwise (tests/unit/review-held-for.test.ts has every spelling).
    expect([heldFor("कॉल १२३४५६७८९०"), heldFor("evil[.]com"), heldFor("user(at)gmail(dot)com")]).toEqual([
      "phone",
      "link",
      "email",
    ]);
  });

  it("holds a review with contact details out of the list and the rating, and shows its author why", async () => {
    const { productId, token } = await buyer();
    const created = await call("POST", `/userapp/product/${productId}/reviews`, {
      token,
      body: { stars: 5, body: "Great! Call me on 98765 43210 for a discount" },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ status: "held", heldFor: "phone" });
    expect(await ratingOf(productId)).toEqual({ value: null, count: null, listed: null });
    expect((await call("GET", `/userapp/product/${productId}/reviews`)).body.data.data).toEqual([]);

    // Edited without the number, it publishes.
    const edited = await call("PUT", `/userapp/reviews/${created.body.data._id}`, {
      token,
      body: { stars: 4, body: "Great!" },
    });
    expect(edited.body.data).toMatchObject({ status: "published", heldFor: null, stars: 4 });
    expect(await ratingOf(productId)).toEqual({ value: 4, count: 1, listed: 4 });
  });
});

describe("editing and deleting", () => {
  it("lets the author edit and delete, and the rating follows each change", async () => {
    const first = await buyer();
    const { productId } = first;
    const { id: otherId, token: otherToken } = await createUserWithToken(db);
    await orderOf(db, otherId, productId);
    const mine = await call("POST", `/userapp/product/${productId}/reviews`, {
      token: first.token,
      body: { stars: 5 },
    });
    await call("POST", `/userapp/product/${productId}/reviews`, { token: otherToken, body: { stars: 2 } });
    expect(await ratingOf(productId)).toEqual({ value: 3.5, count: 2, listed: 3.5 });

    const edited = await call("PUT", `/userapp/reviews/${mine.body.data._id}`, {
      token: first.token,
      body: { stars: 3, title: "Changed my mind", body: "" },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ stars: 3, title: "Changed my mind" });
    expect(await ratingOf(productId)).toEqual({ value: 2.5, count: 2, listed: 2.5 });

    const deleted = await call("DELETE", `/userapp/reviews/${mine.body.data._id}`, { token: first.token });
    expect(deleted.status).toBe(200);
    expect(await ratingOf(productId)).toEqual({ value: 2, count: 1, listed: 2 });
    // Deleted, the shopper may write one again.
    expect((await call("GET", `/userapp/product/${productId}/reviews/mine`, { token: first.token })).body.data).toEqual(
      { canReview: true, removed: false, review: null },
    );
  });

  it("answers 404 to another shopper's change of a review, and changes nothing", async () => {
    const { productId, token } = await buyer();
    const created = await call("POST", `/userapp/product/${productId}/reviews`, { token, body: { stars: 5 } });
    const { token: stranger } = await createUserWithToken(db);
    const id = created.body.data._id;
    expect((await call("PUT", `/userapp/reviews/${id}`, { token: stranger, body: { stars: 1 } })).status).toBe(404);
    expect((await call("DELETE", `/userapp/reviews/${id}`, { token: stranger })).status).toBe(404);
    expect((await call("PUT", `/userapp/reviews/${newId()}`, { token, body: { stars: 1 } })).status).toBe(404);
    expect((await call("DELETE", `/userapp/reviews/nope`, { token })).status).toBe(404);
    expect(await ratingOf(productId)).toEqual({ value: 5, count: 1, listed: 5 });
  });
});

describe("reading reviews", () => {
  it("answers the summary, a histogram of 5 to 1, filters by stars, sorts and pages", async () => {
    const productId = await insertProduct(db, { ratingValue: null, ratingCount: null });
    const stars = [5, 5, 4, 1, 3];
    for (const [n, star] of stars.entries()) {
      const { id, token } = await createUserWithToken(db);
      await orderOf(db, id, productId);
      await call("POST", `/userapp/product/${productId}/reviews`, { token, body: { stars: star, title: `r${n}` } });
    }
    const list = async (query: string) => (await call("GET", `/userapp/product/${productId}/reviews?${query}`)).body;
    const all = await list("");
    expect(all.data.summary).toEqual({
      ratingValue: 3.6,
      ratingCount: 5,
      histogram: [
        { stars: 5, count: 2 },
        { stars: 4, count: 1 },
        { stars: 3, count: 1 },
        { stars: 2, count: 0 },
        { stars: 1, count: 1 },
      ],
      withPhotos: 0,
      samples: 0,
    });
    expect((await list("sort=highest")).data.data.map((r: { stars: number }) => r.stars)).toEqual([5, 5, 4, 3, 1]);
    expect((await list("sort=lowest")).data.data.map((r: { stars: number }) => r.stars)).toEqual([1, 3, 4, 5, 5]);
    expect((await list("sort=newest")).data.data.map((r: { title: string }) => r.title)).toEqual([
      "r4",
      "r3",
      "r2",
      "r1",
      "r0",
    ]);
    const fives = await list("stars=5");
    expect(fives.data.data).toHaveLength(2);
    expect(fives.data.paginator).toMatchObject({ itemCount: 2, pageCount: 1 });
    const page2 = await list("sort=newest&limit=2&page=2");
    expect(page2.data.data.map((r: { title: string }) => r.title)).toEqual(["r2", "r1"]);
    expect(page2.data.paginator).toMatchObject({ itemCount: 5, pageCount: 3, currentPage: 2 });

    const bad = await call("GET", `/userapp/product/${productId}/reviews?stars=6&sort=best&page=0`);
    expect(bad.status).toBe(422);
    expect(bad.body.data.map((e: { path: string }) => e.path).sort()).toEqual(["page", "sort", "stars"]);
  });
});

describe("one review", () => {
  it("answers a published review whole with its product, and 404 for a held, hidden, unknown or malformed one", async () => {
    const { productId, token } = await buyer({ firstName: "Kavya", lastName: "Rao" });
    const body = "Long and careful. ".repeat(100).trim();
    const created = await call("POST", `/userapp/product/${productId}/reviews`, { token, body: { stars: 4, body } });
    const id = created.body.data._id;
    const [product] = await db.select().from(products).where(eq(products.id, productId));
    const one = await call("GET", `/userapp/reviews/${id}`);
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({
      _id: id,
      author: "Kavya R.",
      stars: 4,
      body,
      status: "published",
      heldFor: null,
      product: { _id: productId, shortTitle: product.shortTitle, category: product.category },
    });

    // Held (a phone number), it is nobody's to read here, its author's included.
    await call("PUT", `/userapp/reviews/${id}`, { token, body: { stars: 4, body: "Call 98765 43210" } });
    expect((await call("GET", `/userapp/reviews/${id}`)).status).toBe(404);
    expect((await call("GET", `/userapp/reviews/${id}`, { token })).status).toBe(404);
    await call("PUT", `/userapp/reviews/${id}`, { token, body: { stars: 4, body } });
    expect((await call("GET", `/userapp/reviews/${id}`)).status).toBe(200);

    // A product the shop no longer shows takes its reviews' pages with it.
    await db.update(products).set({ hidden: true }).where(eq(products.id, productId));
    expect((await call("GET", `/userapp/reviews/${id}`)).status).toBe(404);
    await db.update(products).set({ hidden: false }).where(eq(products.id, productId));

    expect((await call("GET", `/userapp/reviews/${newId()}`)).status).toBe(404);
    const malformed = await call("GET", "/userapp/reviews/not-an-id");
    expect(malformed.status).toBe(404);
    expect(malformed.body.message).toBe("Review not found");
  });
});

describe('the product list\'s "4★ & above" filter', () => {
  it("reads the rating the published reviews give, as the cards round it, and follows each change", async () => {
    const brand = "Stars Filter Brand";
    const list = async () =>
      (
        await call("POST", "/userapp/product/list", { body: { query: { brand: [brand], minRating: 4 } } })
      ).body.data.data.map((p: { _id: string }) => p._id);
    // 3.95 shows as 4.0 on its card, 3.94 as 3.9; a product without reviews is never "4★ & above".
    const shownAsFour = await insertProduct(db, { brand, ratingValue: 3.95, ratingCount: 20 });
    await insertProduct(db, { brand, ratingValue: 3.94, ratingCount: 50 });
    await insertProduct(db, { brand, ratingValue: null, ratingCount: null });
    expect(await list()).toEqual([shownAsFour]);

    const productId = await insertProduct(db, { brand, ratingValue: null, ratingCount: null });
    const write = async (stars: number) => {
      const { id, token } = await createUserWithToken(db);
      await orderOf(db, id, productId);
      const written = await call("POST", `/userapp/product/${productId}/reviews`, { token, body: { stars } });
      return { token, reviewId: written.body.data._id as string };
    };
    await write(5);
    const second = await write(3);
    expect((await list()).sort()).toEqual([shownAsFour, productId].sort()); // (5 + 3) / 2 = 4
    const edited = await call("PUT", `/userapp/reviews/${second.reviewId}`, {
      token: second.token,
      body: { stars: 2 },
    });
    expect(edited.status).toBe(200);
    expect(await list()).toEqual([shownAsFour]); // (5 + 2) / 2 = 3.5
  });
});

describe("helpful votes and reports", () => {
  it("counts one helpful vote per shopper, never the author's own, and 401 for a guest", async () => {
    const { productId, token } = await buyer();
    const id = (await call("POST", `/userapp/product/${productId}/reviews`, { token, body: { stars: 4 } })).body.data
      ._id;
    const { token: other } = await createUserWithToken(db);
    const vote = () => call("POST", `/userapp/reviews/${id}/helpful`, { token: other });
    expect((await vote()).body.data.helpfulCount).toBe(1);
    expect((await vote()).body.data.helpfulCount).toBe(1);
    expect((await call("POST", `/userapp/reviews/${id}/helpful`, { token })).status).toBe(409);
    expect((await call("POST", `/userapp/reviews/${id}/helpful`)).status).toBe(401);
    expect((await call("POST", `/userapp/reviews/${newId()}/helpful`, { token: other })).status).toBe(404);
  });

  it("takes one report per shopper, keeps the review up and puts it in the queue", async () => {
    const { productId, token } = await buyer();
    const id = (await call("POST", `/userapp/product/${productId}/reviews`, { token, body: { stars: 1 } })).body.data
      ._id;
    const { token: other } = await createUserWithToken(db);
    expect((await call("POST", `/userapp/reviews/${id}/report`, { token: other })).body.data).toEqual({
      reported: true,
    });
    expect((await call("POST", `/userapp/reviews/${id}/report`, { token: other })).body.data).toEqual({
      reported: false,
    });
    expect((await call("POST", `/userapp/reviews/${id}/report`, { token })).status).toBe(409);
    expect((await call("GET", `/userapp/product/${productId}/reviews`)).body.data.data).toHaveLength(1);
    const admin = await createUserWithToken(db, { userType: "admin" });
    const queue = await call("GET", "/userapp/admin/reviews?limit=100", { token: admin.token });
    expect(queue.body.data.data.find((r: { _id: string }) => r._id === id)).toMatchObject({ reportCount: 1 });
  });
});

describe("moderation", () => {
  it("lists held reviews for admins only; publishing and removing are audited and move the rating", async () => {
    const { productId, token } = await buyer();
    const held = await call("POST", `/userapp/product/${productId}/reviews`, {
      token,
      body: { stars: 2, body: "write to me at a@b.in" },
    });
    const id = held.body.data._id;
    expect((await call("GET", "/userapp/admin/reviews", { token })).status).toBe(403);
    const admin = await createUserWithToken(db, { userType: "admin" });
    const queue = await call("GET", "/userapp/admin/reviews?limit=100", { token: admin.token });
    expect(queue.body.data.data.find((r: { _id: string }) => r._id === id)).toMatchObject({
      status: "held",
      heldFor: "email",
    });

    const published = await call("PUT", `/userapp/admin/reviews/${id}/publish`, { token: admin.token });
    expect(published.body.data.status).toBe("published");
    expect(await ratingOf(productId)).toEqual({ value: 2, count: 1, listed: 2 });

    expect(
      (await call("PUT", `/userapp/admin/reviews/${id}/remove`, { token: admin.token, body: { reason: " " } })).body
        .data,
    ).toEqual([{ path: "reason", message: "Give the reason the author will see" }]);
    const removed = await call("PUT", `/userapp/admin/reviews/${id}/remove`, {
      token: admin.token,
      body: { reason: "It shares an email address" },
    });
    expect(removed.body.data).toMatchObject({ status: "removed", removalReason: "It shares an email address" });
    expect(await ratingOf(productId)).toEqual({ value: null, count: null, listed: null });
    // Its author sees it removed, with the reason, and may not edit it back.
    const mine = await call("GET", `/userapp/product/${productId}/reviews/mine`, { token });
    expect(mine.body.data.review).toMatchObject({ status: "removed", removalReason: "It shares an email address" });
    expect((await call("PUT", `/userapp/reviews/${id}`, { token, body: { stars: 5 } })).status).toBe(409);

    const audit = await call("GET", "/userapp/admin/audit?limit=100", { token: admin.token });
    const actions = audit.body.data.data
      .filter((entry: { entityId: string }) => entry.entityId === id)
      .map((entry: { action: string }) => entry.action);
    expect(actions.sort()).toEqual(["review.publish", "review.remove"]);
  });
});
