import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { loader as rootLoader } from "../../app/root";
import OrderPage, { loader as orderLoader } from "../../app/routes/myaccount.orders.$id";
import ReviewPage, {
  action as reviewAction,
  loader as reviewLoader,
} from "../../app/routes/myaccount.reviews.$productId";
import ProductPage, { loader as productLoader } from "../../app/routes/product";
import { productJsonLd } from "../../app/components/product/structured-data";
import { confirmCod, createTestApi, createUserWithToken, insertProduct } from "../api/helpers";
import { formPost, loadContext, nextCookies, pageGet, renderPage, settle, signedInShopper } from "./harness";

const api = await createTestApi();
const context = loadContext(api);
const admin = await createUserWithToken(api.db, { userType: "admin" });
const home = { locality: "12 MG Road", city: "Bengaluru", state: "Karnataka", zipcode: "560038", country: "India" };

/** A signed-in shopper with an order of a product without reviews, moved on to `status`. */
async function shopperWithOrder(status: "delivered" | "shipped" = "delivered") {
  const shopper = await signedInShopper(api, { firstName: "Meera", lastName: "Iyer" });
  const token = (
    await api.call("POST", "/userapp/auth/login", { body: { username: shopper.email, password: shopper.password } })
  ).body.data.token;
  const productId = await insertProduct(api.db, { ratingValue: null, ratingCount: null });
  const placed = await api.call("POST", "/userapp/order/create", {
    token,
    body: { products: [{ productId, qty: 1, size: "M" }], address: home, paymentMethod: "cod" },
  });
  const orderId = placed.body.data._id as string;
  await confirmCod(api.db, orderId); // Cash on Delivery ships only once its shopper confirms it.
  const steps = status === "delivered" ? ["shipped", "outForDelivery", "delivered"] : ["shipped"];
  for (const step of steps)
    await api.call("PUT", `/userapp/admin/orders/${orderId}/status`, { token: admin.token, body: { status: step } });
  return { ...shopper, token, productId, orderId };
}

const getReviewPage = (productId: string, cookie?: string) =>
  settle(() =>
    reviewLoader({
      request: pageGet(`/myaccount/reviews/${productId}`, cookie),
      params: { productId },
      context,
    } as never),
  );
const postReview = (productId: string, fields: Record<string, string>, cookie: string) =>
  settle(() =>
    reviewAction({
      request: formPost(`/myaccount/reviews/${productId}`, fields, cookie),
      params: { productId },
      context,
    } as never),
  );
const toastAfter = async (answer: { headers: Headers }, cookie: string) =>
  (
    await settle(() =>
      rootLoader({ request: pageGet("/", nextCookies(answer.headers, cookie)), params: {}, context } as never),
    )
  ).data.toast;
const productPage = async (productId: string, query = "", cookie?: string) => {
  const product = (await api.call("GET", `/userapp/product/get/${productId}`)).body.data;
  const path = `/product/electronics/${product.title.shortTitle.toLowerCase().replaceAll(" ", "-")}/${productId}`;
  const answer = await settle(() =>
    productLoader({ request: pageGet(`${path}${query}`, cookie), params: { "*": path.slice(9) }, context } as never),
  );
  return { answer, path };
};

describe("the order page", () => {
  it('offers "Rate this product" on each line of a delivered order, and not before', async () => {
    const delivered = await shopperWithOrder();
    const shipped = await shopperWithOrder("shipped");
    for (const [shopper, shown] of [
      [delivered, true],
      [shipped, false],
    ] as const) {
      const page = await settle(() =>
        orderLoader({
          request: pageGet(`/myaccount/orders/${shopper.orderId}`, shopper.cookie),
          params: { id: shopper.orderId },
          context,
        } as never),
      );
      const html = await renderPage(
        `/myaccount/orders/${shopper.orderId}`,
        createElement(OrderPage as never, { loaderData: page.data, actionData: undefined } as never),
      );
      expect(html.includes(`href="/myaccount/reviews/${shopper.productId}"`)).toBe(shown);
      expect(html.includes("Rate this product")).toBe(shown);
    }
  });
});

describe("the review page", () => {
  it("writes a review from the form, then shows it on the product page with its rating and label", async () => {
    const shopper = await shopperWithOrder();
    const page = await getReviewPage(shopper.productId, shopper.cookie);
    expect(page.status).toBe(200);
    expect(page.data.standing).toEqual({ canReview: true, review: null });
    const html = await renderPage(
      `/myaccount/reviews/${shopper.productId}`,
      createElement(ReviewPage as never, { loaderData: page.data, actionData: undefined } as never),
    );
    expect(html).toContain("Rate this product");
    expect(html).toContain('href="/review-rules"');

    const saved = await postReview(
      shopper.productId,
      { intent: "save", stars: "4", title: "Solid", body: "Does what it says." },
      shopper.cookie,
    );
    expect(saved.status).toBe(303);
    expect(saved.location).toMatch(/#reviews$/);
    expect(await toastAfter(saved, shopper.cookie)).toMatchObject({ message: "Thanks for your review!" });

    const { answer, path } = await productPage(shopper.productId, "", shopper.cookie);
    expect(answer.data.reviews.summary).toMatchObject({ ratingValue: 4, ratingCount: 1 });
    expect(answer.data.standing.review).toMatchObject({ stars: 4, title: "Solid" });
    const productHtml = await renderPage(
      path,
      createElement(ProductPage as never, { loaderData: answer.data, params: {} } as never),
    );
    expect(productHtml).toContain("Verified purchase");
    expect(productHtml).toContain("Meera I.");
    expect(productHtml).toContain("Edit your review");
    expect(productJsonLd(answer.data.product, "M", "", answer.data.reviews.data)).toMatchObject({
      aggregateRating: { ratingValue: 4, reviewCount: 1 },
      review: [{ "@type": "Review", author: { name: "Meera I." }, reviewRating: { ratingValue: 4 } }],
    });
  });

  it("answers field errors for missing stars and text over its limits, and the API's for hostile text", async () => {
    const shopper = await shopperWithOrder();
    const noStars = await postReview(shopper.productId, { intent: "save", title: "Hm" }, shopper.cookie);
    expect(noStars.status).toBe(400);
    expect(noStars.data.result.error).toMatchObject({ stars: ["Choose from 1 to 5 stars"] });
    const long = await postReview(
      shopper.productId,
      { intent: "save", stars: "3", title: "t".repeat(101), body: "b".repeat(2001) },
      shopper.cookie,
    );
    expect(long.status).toBe(400);
    expect(long.data.result.error).toMatchObject({
      title: ["The title can be at most 100 characters"],
      body: ["The review can be at most 2,000 characters"],
    });
    const hostile = await postReview(shopper.productId, { intent: "save", stars: "9" }, shopper.cookie);
    expect(hostile.status).toBe(400);
    expect((await getReviewPage(shopper.productId, shopper.cookie)).data.standing.review).toBeNull();
  });

  it("holds a review with a phone number and says why on the review page; edits and deletes", async () => {
    const shopper = await shopperWithOrder();
    const held = await postReview(
      shopper.productId,
      { intent: "save", stars: "5", body: "Call 98765 43210 for more" },
      shopper.cookie,
    );
    expect(held.status).toBe(303);
    expect(held.location).toBe(`/myaccount/reviews/${shopper.productId}`);
    expect((await toastAfter(held, shopper.cookie)).message).toContain("a phone number");
    const page = await getReviewPage(shopper.productId, shopper.cookie);
    expect(page.data.standing.review).toMatchObject({ status: "held", heldFor: "phone" });
    const html = await renderPage(
      `/myaccount/reviews/${shopper.productId}`,
      createElement(ReviewPage as never, { loaderData: page.data, actionData: undefined } as never),
    );
    expect(html).toContain("waiting for moderation because it contains");

    const edited = await postReview(shopper.productId, { intent: "save", stars: "2", body: "Meh" }, shopper.cookie);
    expect(await toastAfter(edited, shopper.cookie)).toMatchObject({ message: "Your review has been updated." });
    expect((await getReviewPage(shopper.productId, shopper.cookie)).data.standing.review).toMatchObject({
      status: "published",
      stars: 2,
    });
    const deleted = await postReview(shopper.productId, { intent: "delete" }, shopper.cookie);
    expect(await toastAfter(deleted, shopper.cookie)).toMatchObject({ message: "Your review has been deleted." });
    expect((await getReviewPage(shopper.productId, shopper.cookie)).data.standing).toEqual({
      canReview: true,
      review: null,
    });
  });

  it("tells a shopper without a delivered order that they cannot review yet, and sends a guest to sign in", async () => {
    const shopper = await shopperWithOrder("shipped");
    const page = await getReviewPage(shopper.productId, shopper.cookie);
    expect(page.data.standing).toEqual({ canReview: false, review: null });
    const html = await renderPage(
      `/myaccount/reviews/${shopper.productId}`,
      createElement(ReviewPage as never, { loaderData: page.data, actionData: undefined } as never),
    );
    expect(html).toContain("Only a shopper whose order of this product was delivered can review it.");
    expect(html).not.toContain("<form");
    const refused = await postReview(shopper.productId, { intent: "save", stars: "5" }, shopper.cookie);
    expect(refused.status).toBe(403);
    const guest = await getReviewPage(shopper.productId);
    expect(guest.status).toBe(302);
    expect(guest.location).toMatch(/^\/login\?redirectTo=/);
    expect((await getReviewPage("0123456789abcdef01234567", shopper.cookie)).status).toBe(404);
  });
});

describe("the product page's reviews", () => {
  it("reads stars, sort and page from the URL, and shows No ratings yet without reviews", async () => {
    const productId = await insertProduct(api.db, { ratingValue: null, ratingCount: null });
    const { answer, path } = await productPage(productId, "?rstars=9&rsort=bogus&rpage=-1");
    expect(answer.data.reviewParams).toEqual({ stars: null, sort: "helpful", page: 1 });
    expect(answer.data.standing).toBeNull();
    const html = await renderPage(path, createElement(ProductPage as never, { loaderData: answer.data } as never));
    expect(html).toContain("No ratings yet");
    expect(html).not.toContain('role="img" aria-label="Rated');
    expect(productJsonLd(answer.data.product, "M", "", answer.data.reviews.data)).not.toHaveProperty("aggregateRating");

    const filtered = await productPage(productId, "?rstars=2&rsort=lowest&rpage=3");
    expect(filtered.answer.data.reviewParams).toEqual({ stars: 2, sort: "lowest", page: 3 });
  });
});

describe("the back office's moderation queue", () => {
  it("lists a held review for an admin, publishes it, and removes it with a reason its author sees", async () => {
    const { setAdmin } = await import("../../api/lib/accounts/admins");
    const {
      default: QueuePage,
      action: queueAction,
      loader: queueLoader,
    } = await import("../../app/routes/admin.reviews");
    const moderator = await signedInShopper(api);
    expect(await setAdmin(api.db, moderator.email, true)).toBe("changed");
    const shopper = await shopperWithOrder();
    await postReview(shopper.productId, { intent: "save", stars: "1", body: "see www.other.shop" }, shopper.cookie);
    const reviewId = (await getReviewPage(shopper.productId, shopper.cookie)).data.standing.review._id;

    const queue = await settle(() =>
      queueLoader({ request: pageGet("/admin/reviews", moderator.cookie), params: {}, context } as never),
    );
    expect(queue.data.data.map((r: { _id: string }) => r._id)).toContain(reviewId);
    const html = await renderPage(
      "/admin/reviews",
      createElement(QueuePage as never, { loaderData: queue.data, actionData: undefined } as never),
    );
    expect(html).toContain("Held: it contains a link");
    // A shopper is not let in.
    const refused = await settle(() =>
      queueLoader({ request: pageGet("/admin/reviews", shopper.cookie), params: {}, context } as never),
    );
    expect(refused.status).not.toBe(200);

    const act = (fields: Record<string, string>) =>
      settle(() =>
        queueAction({ request: formPost("/admin/reviews", fields, moderator.cookie), params: {}, context } as never),
      );
    const noReason = await act({ reviewId, intent: "remove", reason: "" });
    expect(noReason.status).toBe(422);
    expect(noReason.data.error).toBe("Give the reason the author will see");
    expect((await act({ reviewId, intent: "publish" })).status).toBe(303);
    expect((await getReviewPage(shopper.productId, shopper.cookie)).data.standing.review.status).toBe("published");
    expect((await act({ reviewId, intent: "remove", reason: "Advertises another shop" })).status).toBe(303);
    const page = await getReviewPage(shopper.productId, shopper.cookie);
    const authorHtml = await renderPage(
      `/myaccount/reviews/${shopper.productId}`,
      createElement(ReviewPage as never, { loaderData: page.data, actionData: undefined } as never),
    );
    expect(authorHtml.replaceAll("<!-- -->", "")).toContain("We removed your review: Advertises another shop");
  });
});

describe("helpful and report", () => {
  it("votes and reports from the product page's forms, with a toast back on the page; a guest signs in first", async () => {
    const { action: voteAction } = await import("../../app/routes/review-votes");
    const author = await shopperWithOrder();
    await postReview(author.productId, { intent: "save", stars: "3" }, author.cookie);
    const reviewId = (await getReviewPage(author.productId, author.cookie)).data.standing.review._id;
    const reader = await signedInShopper(api);
    const { path } = await productPage(author.productId);
    const vote = (intent: string, cookie?: string) =>
      settle(() =>
        voteAction({
          request: formPost(`/reviews/${reviewId}`, { intent, redirectTo: `${path}#reviews` }, cookie),
          params: { reviewId },
          context,
        } as never),
      );
    const voted = await vote("helpful", reader.cookie);
    expect(voted.status).toBe(303);
    expect(voted.location).toBe(`${path}#reviews`);
    expect(await toastAfter(voted, reader.cookie)).toMatchObject({ message: "Thanks for your vote." });
    const reported = await vote("report", reader.cookie);
    expect(await toastAfter(reported, reader.cookie)).toMatchObject({ message: "Thanks, we will check this review." });
    const own = await vote("helpful", author.cookie);
    expect(await toastAfter(own, author.cookie)).toMatchObject({ message: "You cannot vote on your own review." });
    const guest = await vote("helpful");
    expect(guest.location).toMatch(/^\/login\?redirectTo=/);

    const { answer } = await productPage(author.productId, "", author.cookie);
    expect(answer.data.reviews.data[0]).toMatchObject({ _id: reviewId, helpfulCount: 1 });
    const html = await renderPage(path, createElement(ProductPage as never, { loaderData: answer.data } as never));
    // The author sees no vote on their own review.
    expect(html).not.toContain(`action="/reviews/${reviewId}"`);
  });
});
