import { createElement } from "react";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { loader as rootLoader } from "../../app/root";
import OrderPage, { loader as orderLoader } from "../../app/routes/myaccount.orders.$id";
import ReviewPage, {
  action as reviewAction,
  loader as reviewLoader,
} from "../../app/routes/myaccount.reviews.$productId";
import ProductPage, { loader as productLoader } from "../../app/routes/product";
import OneReviewPage, { loader as oneReviewLoader } from "../../app/routes/reviews.$reviewId";
import { confirmCod, createTestApi, createUserWithToken, insertProduct } from "../api/helpers";
import {
  formPost,
  loadContext,
  nextCookies,
  noisePng,
  pageGet,
  renderPage,
  settle,
  signedInShopper,
  withheldPutBack,
} from "./harness";

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
/** The review form as a browser without JavaScript posts it: multipart, with its files. */
const postReviewWithPhotos = (
  productId: string,
  fields: Record<string, string | string[]>,
  files: File[],
  cookie: string,
) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields))
    for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
  // A browser sends an empty file when none is chosen.
  for (const file of files.length > 0 ? files : [new File([], "", { type: "application/octet-stream" })])
    body.append("photos", file);
  const request = new Request(`http://shop.test/myaccount/reviews/${productId}`, {
    method: "POST",
    headers: { origin: "http://shop.test", cookie },
    body,
  });
  return settle(() => reviewAction({ request, params: { productId }, context } as never));
};
let shade = 0;
const photo = async (name = "photo.jpg", format: "jpeg" | "png" = "jpeg") => {
  shade = (shade + 9) % 256;
  const bytes = await sharp({
    create: { width: 800, height: 600, channels: 3, background: { r: shade, g: 90, b: 30 } },
  })
    .toFormat(format)
    .toBuffer();
  return new File([new Uint8Array(bytes)], name, { type: `image/${format}` });
};
const renderReviewPage = async (productId: string, cookie: string, actionData?: unknown) => {
  const page = await getReviewPage(productId, cookie);
  return renderPage(
    `/myaccount/reviews/${productId}`,
    createElement(ReviewPage as never, { loaderData: page.data, actionData } as never),
  );
};

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
  // The document's loader data holds the reviews' hash only; the assertions read them whole.
  return { answer: { ...answer, data: withheldPutBack(answer.data, context) }, path };
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
    expect(page.data.standing).toEqual({ canReview: true, removed: false, review: null });
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
    expect(answer.data.reviews.page.summary).toMatchObject({ ratingValue: 4, ratingCount: 1 });
    expect(answer.data.reviews.standing).toEqual({ canReview: false, reviewId: expect.any(String) });
    const productHtml = await renderPage(
      path,
      createElement(ProductPage as never, { loaderData: answer.data, params: {} } as never),
    );
    expect(productHtml).toContain("Verified purchase");
    expect(productHtml).toContain("Meera I.");
    expect(productHtml).toContain("Edit your review");
    expect(context.structuredData).toMatchObject({
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
      removed: false,
      review: null,
    });
  });

  it("tells a shopper without a delivered order that they cannot review yet, and sends a guest to sign in", async () => {
    const shopper = await shopperWithOrder("shipped");
    const page = await getReviewPage(shopper.productId, shopper.cookie);
    expect(page.data.standing).toEqual({ canReview: false, removed: false, review: null });
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

describe("review photos", () => {
  it("signs the shopper out, as every shopper call does, when the API refuses their token for a photo", async () => {
    const shopper = await shopperWithOrder();
    const written = await api.call("POST", `/userapp/product/${shopper.productId}/reviews`, {
      token: shopper.token,
      body: { stars: 4 },
    });
    expect((await api.call("POST", "/userapp/auth/logout", { token: shopper.token })).status).toBe(200);
    const body = new FormData();
    body.set("photo", await photo());
    let signedOut = false;
    const ended = new Error("signed out");
    const shopperApi = context.api.shopper(shopper.token, async () => {
      signedOut = true;
      throw ended;
    });
    await expect(shopperApi.addReviewPhoto(written.body.data._id, body)).rejects.toBe(ended);
    expect(signedOut).toBe(true);
  });

  it("adds photos with the review from the multipart form, shows them on the product page, and removes one", async () => {
    const shopper = await shopperWithOrder();
    const form = await renderReviewPage(shopper.productId, shopper.cookie);
    expect(form).toMatch(/enctype="multipart\/form-data"/i); // React writes encType; HTML's names are case-insensitive
    expect(form).toMatch(/<input[^>]*type="file"[^>]*name="photos"|<input[^>]*name="photos"[^>]*type="file"/);
    const saved = await postReviewWithPhotos(
      shopper.productId,
      { intent: "save", stars: "5", title: "Lovely", body: "As pictured." },
      [await photo("front.jpg"), await photo("side.png", "png")],
      shopper.cookie,
    );
    expect(saved.status, JSON.stringify(saved.data)).toBe(303);
    const review = (await getReviewPage(shopper.productId, shopper.cookie)).data.standing.review;
    expect(review.photos).toHaveLength(2);

    const { answer, path } = await productPage(shopper.productId, "?rphotos=1");
    expect(answer.data.reviewParams).toMatchObject({ photos: true });
    expect(answer.data.reviews.page.data.map((r: { _id: string }) => r._id)).toEqual([review._id]);
    const html = (
      await renderPage(`${path}?rphotos=1`, createElement(ProductPage as never, { loaderData: answer.data } as never))
    ).replaceAll("<!-- -->", "");
    // Thumbnails only (the narrowest file, in an 80 px square), each leading to the review's own page.
    const thumbs = [...html.matchAll(/<a href="([^"]*)"[^>]*><img ([^>]*)>/g)].filter((m) =>
      m[2].includes("/media/reviews/"),
    );
    expect(thumbs.map((m) => /src="([^"]+)"/.exec(m[2])?.[1])).toEqual(review.photos.map((p: any) => p.thumb.path));
    for (const [, href, tag] of thumbs) {
      expect(href).toBe(`/reviews/${review._id}#photos`);
      expect(tag).toMatch(/loading="lazy"/);
      expect(tag).toMatch(/width="80"/);
      expect(tag).toMatch(/height="80"/);
      expect(tag).toMatch(/alt="Photo \d of 2 from Meera I\.&#x27;s review"/);
    }
    expect(JSON.stringify(answer.data.reviews.page.data[0].photos)).toBe(
      JSON.stringify(review.photos.map((p: any) => p.thumb.path)),
    );
    // There, each photo is shown large: its files and the thumbnail's shape, a link to the file itself.
    const own = await settle(() =>
      oneReviewLoader({
        request: pageGet(`/reviews/${review._id}`),
        params: { reviewId: review._id },
        context,
      } as never),
    );
    const whole = await renderPage(
      `/reviews/${review._id}`,
      createElement(OneReviewPage as never, { loaderData: own.data } as never),
    );
    const large = [...whole.matchAll(/<a href="([^"]*)"[^>]*><img ([^>]*)>/g)].filter((m) =>
      m[2].includes("/media/reviews/"),
    );
    expect(large).toHaveLength(2);
    for (const [index, [, href, tag]] of large.entries()) {
      const saved = review.photos[index];
      expect(href).toBe(saved.path);
      expect(tag).toContain(`src="${saved.path}"`);
      expect(tag.replaceAll("&amp;", "&")).toContain(`srcSet="${saved.srcset}"`);
      expect(tag).toContain(`width="${saved.thumb.width}"`);
      expect(tag).toContain(`height="${saved.thumb.height}"`);
      expect(tag).toMatch(/loading="lazy"/);
    }
    expect(whole).toContain('id="photos"');
    // The filter is a link: on, it links to the page without it, and the stars keep it.
    const chip = /<a [^>]*data-with-photos[^>]*>[^<]*<\/a>/.exec(html)?.[0] ?? "";
    expect(chip).toContain('aria-current="true"');
    expect(chip).toContain(`href="${path}#reviews"`);
    expect(chip).toContain("✓ With photos (1)");
    expect(html).toContain(`href="${path}?rstars=5&amp;rphotos=1#reviews"`);

    const removed = await postReviewWithPhotos(
      shopper.productId,
      { intent: "save", stars: "5", title: "Lovely", body: "As pictured.", removePhoto: review.photos[0].id },
      [],
      shopper.cookie,
    );
    expect(removed.status).toBe(303);
    const after = (await getReviewPage(shopper.productId, shopper.cookie)).data.standing.review;
    expect(after.photos.map((p: { id: string }) => p.id)).toEqual([review.photos[1].id]);
  });

  it("shows field errors for a fourth photo, a fake image, a file over 5 MB and a wrong type, with the server's words", async () => {
    const shopper = await shopperWithOrder();
    const four = await postReviewWithPhotos(
      shopper.productId,
      { intent: "save", stars: "4" },
      [await photo("1.jpg"), await photo("2.jpg"), await photo("3.jpg"), await photo("4.jpg")],
      shopper.cookie,
    );
    expect(four.status).toBe(400);
    expect(four.data.result.error).toMatchObject({ photos: ["Choose at most 3 photos."] });
    expect((await getReviewPage(shopper.productId, shopper.cookie)).data.standing.review).toBeNull();

    const wrongType = await postReviewWithPhotos(
      shopper.productId,
      { intent: "save", stars: "4" },
      [new File(["GIF89a"], "anim.gif", { type: "image/gif" })],
      shopper.cookie,
    );
    expect(wrongType.status).toBe(400);
    expect(wrongType.data.result.error.photos).toEqual(["anim.gif: Choose a JPEG, PNG or WebP image."]);
    const big = await postReviewWithPhotos(
      shopper.productId,
      { intent: "save", stars: "4" },
      [new File([new Uint8Array(5 * 1024 * 1024 + 1)], "huge.jpg", { type: "image/jpeg" })],
      shopper.cookie,
    );
    expect(big.status).toBe(400);
    expect(big.data.result.error.photos).toEqual(["huge.jpg: The image is larger than 5 MB. Choose a smaller one."]);

    // A fake image passes the declared type: the API reads it and refuses it; the text is saved.
    const fake = await postReviewWithPhotos(
      shopper.productId,
      { intent: "save", stars: "4", title: "Fine" },
      [new File(["<script>alert(1)</script>"], "<b>cat</b>.jpg", { type: "image/jpeg" })],
      shopper.cookie,
    );
    expect(fake.status).toBe(422);
    expect(fake.data.result.error).toMatchObject({
      "": ["Your review was saved, but the photo was not added."],
      photos: ["<b>cat</b>.jpg: The image must be a JPEG, PNG or WebP picture"],
    });
    const html = await renderReviewPage(shopper.productId, shopper.cookie, fake.data);
    expect(html).toContain("&lt;b&gt;cat&lt;/b&gt;.jpg: The image must be a JPEG, PNG or WebP picture");
    expect(html).not.toContain("<b>cat</b>");

    // Two photos on the review: two more are one too many, counting its own.
    await postReviewWithPhotos(
      shopper.productId,
      { intent: "save", stars: "4" },
      [await photo(), await photo()],
      shopper.cookie,
    );
    const over = await postReviewWithPhotos(
      shopper.productId,
      { intent: "save", stars: "4" },
      [await photo(), await photo()],
      shopper.cookie,
    );
    expect(over.status).toBe(400);
    expect(over.data.result.error.photos).toEqual([
      "A review has at most 3 photos and yours has 2: choose at most 1 more, or remove one.",
    ]);
    const review = (await getReviewPage(shopper.productId, shopper.cookie)).data.standing.review;
    expect(review.photos).toHaveLength(2);
  });
});

describe("review photos through the whole site", () => {
  it("lets the review form's photos over the forms' 64 KB reach its action, and no other account page", async () => {
    const { createTestSite } = await import("./site-harness");
    const site = await createTestSite({ api });
    const shopper = await shopperWithOrder();
    const big = await noisePng();
    expect(big.byteLength).toBeGreaterThan(200 * 1024);
    const post = (path: string) => {
      const body = new FormData();
      body.set("intent", "save");
      body.set("stars", "5");
      body.set("photos", new File([big as Uint8Array<ArrayBuffer>], "noise.png", { type: "image/png" }));
      const headers = { origin: "http://shop.test", cookie: shopper.cookie };
      return new Request(`http://shop.test${path}`, { method: "POST", headers, body });
    };
    const saved = await site.from("203.0.113.71", post(`/myaccount/reviews/${shopper.productId}`));
    expect(saved.status).toBe(303);
    expect((await getReviewPage(shopper.productId, shopper.cookie)).data.standing.review.photos).toHaveLength(1);
    const elsewhere = await site.from("203.0.113.71", post("/myaccount/profile/edit"));
    expect(elsewhere.status).toBe(413);
    await elsewhere.text();
  });
});

describe("a long review", () => {
  it("shows on the product page cut at a word with Read more, whole on its own page and in the search engines' data", async () => {
    const shopper = await shopperWithOrder();
    const body = `${"Solid build, bright screen and a remote that works from across the room. ".repeat(6)}The end.`;
    const written = await api.call("POST", `/userapp/product/${shopper.productId}/reviews`, {
      token: shopper.token,
      body: { stars: 5, title: "Worth it", body },
    });
    const reviewId = written.body.data._id as string;

    const { answer, path } = await productPage(shopper.productId);
    const [shown] = answer.data.reviews.page.data;
    expect(shown).toMatchObject({ _id: reviewId, cut: true });
    expect(shown.body.endsWith("…")).toBe(true);
    expect([...shown.body].length).toBeLessThanOrEqual(201);
    expect(body.startsWith(shown.body.slice(0, -1))).toBe(true);
    // Only what the list shows reaches the browser: no status, product id or photos' srcset.
    expect(Object.keys(shown).sort()).toEqual(
      ["_id", "author", "body", "cut", "date", "helpfulCount", "label", "photos", "stars", "title"].sort(),
    );
    expect(context.structuredData).toMatchObject({ review: [{ reviewBody: body }] });
    const html = await renderPage(path, createElement(ProductPage as never, { loaderData: answer.data } as never));
    expect(html).toContain(`href="/reviews/${reviewId}"`);
    expect(html).toContain("Read more");
    expect(html).not.toContain("The end.");

    const page = await settle(() =>
      oneReviewLoader({ request: pageGet(`/reviews/${reviewId}`), params: { reviewId }, context } as never),
    );
    expect(page.data.review).toMatchObject({ _id: reviewId, body, cut: false });
    expect(page.data.own).toBe(false);
    const whole = await renderPage(
      `/reviews/${reviewId}`,
      createElement(OneReviewPage as never, { loaderData: page.data } as never),
    );
    expect(whole).toContain("The end.");
    expect(whole).not.toContain("Read more");
    expect(whole).toContain(`href="${path}"`);
    expect(whole).toContain("Was this helpful?");
    // Its author is not asked whether it helped.
    const own = await settle(() =>
      oneReviewLoader({
        request: pageGet(`/reviews/${reviewId}`, shopper.cookie),
        params: { reviewId },
        context,
      } as never),
    );
    expect(own.data.own).toBe(true);

    // Held, it is not found; nor is an id of the wrong shape.
    await api.call("PUT", `/userapp/reviews/${reviewId}`, {
      token: shopper.token,
      body: { stars: 5, body: "Write to me at meera@example.com" },
    });
    for (const id of [reviewId, "nope"]) {
      const missing = await settle(() =>
        oneReviewLoader({ request: pageGet(`/reviews/${id}`), params: { reviewId: id }, context } as never),
      );
      expect(missing.status).toBe(404);
    }
  });
});

describe("the product page's reviews", () => {
  it("reads stars, sort and page from the URL, and shows No ratings yet without reviews", async () => {
    const productId = await insertProduct(api.db, { ratingValue: null, ratingCount: null });
    const { answer, path } = await productPage(productId, "?rstars=9&rsort=bogus&rpage=-1");
    expect(answer.data.reviewParams).toEqual({ stars: null, photos: false, sort: "helpful", page: 1 });
    expect(answer.data.reviews.standing).toBeNull();
    const html = await renderPage(path, createElement(ProductPage as never, { loaderData: answer.data } as never));
    expect(html).toContain("No ratings yet");
    expect(html).not.toContain('role="img" aria-label="Rated');
    expect(context.structuredData).not.toHaveProperty("aggregateRating");

    const filtered = await productPage(productId, "?rstars=2&rsort=lowest&rpage=3");
    expect(filtered.answer.data.reviewParams).toEqual({ stars: 2, photos: false, sort: "lowest", page: 3 });
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

describe("the back office's moderation queue: a held review's photos", () => {
  it("shows them as lazy thumbnails linking to the largest file, served by the back office to admins only", async () => {
    const { setAdmin } = await import("../../api/lib/accounts/admins");
    const { default: QueuePage, loader: queueLoader } = await import("../../app/routes/admin.reviews");
    const { loader: photoLoader } = await import("../../app/routes/admin.reviews.$reviewId.photos.$file");
    const moderator = await signedInShopper(api);
    expect(await setAdmin(api.db, moderator.email, true)).toBe("changed");
    const shopper = await shopperWithOrder();
    const held = await postReviewWithPhotos(
      shopper.productId,
      { intent: "save", stars: "2", body: "call me on 98765 43210" },
      [await photo("parcel.jpg")],
      shopper.cookie,
    );
    expect(held.status, JSON.stringify(held.data)).toBe(303);
    const review = (await getReviewPage(shopper.productId, shopper.cookie)).data.standing.review;
    expect(review.status).toBe("held");
    const [saved] = review.photos;
    // The public copy is not served while the review is held.
    expect((await api.app.request(saved.thumb.path)).status).toBe(404);

    const queue = await settle(() =>
      queueLoader({ request: pageGet("/admin/reviews?limit=100", moderator.cookie), params: {}, context } as never),
    );
    const html = await renderPage(
      "/admin/reviews",
      createElement(QueuePage as never, { loaderData: queue.data, actionData: undefined } as never),
    );
    const folder = `/admin/reviews/${review._id}/photos`;
    const item = html.slice(html.indexOf(`data-queued-review="${review._id}"`));
    const thumbnail = /<a href="([^"]+)"[^>]*><img ([^>]+)>/.exec(item);
    // The largest file (its own 800 px: never enlarged), not the product page's middle width.
    expect(saved.srcset.split(", ").at(-1)).toBe(`/media/reviews/${review._id}/${saved.id}-800.webp 800w`);
    expect(thumbnail?.[1]).toBe(`${folder}/${saved.id}-800.webp`);
    const img = thumbnail?.[2] ?? "";
    expect(img).toContain(`src="${folder}/${saved.id}-320.webp"`);
    expect(img).toContain('width="80"');
    expect(img).toContain('height="80"');
    expect(img).toContain('loading="lazy"');
    expect(img).toContain(`alt="Photo 1 of 1 from ${review.author}&#x27;s review"`);
    expect(item).not.toContain("/media/reviews/");

    const getPhoto = (file: string, cookie?: string, reviewId = review._id) =>
      settle(() =>
        photoLoader({
          request: pageGet(`/admin/reviews/${reviewId}/photos/${file}`, cookie),
          params: { reviewId, file },
          context,
        } as never),
      );
    const file = `${saved.id}-320.webp`;
    // The bytes themselves, as the browser's <img> asks for them.
    const answer = await photoLoader({
      request: pageGet(`${folder}/${file}`, moderator.cookie),
      params: { reviewId: review._id, file },
      context,
    } as never);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("image/webp");
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    const metadata = await sharp(new Uint8Array(await answer.arrayBuffer())).metadata();
    expect([metadata.format, metadata.width]).toEqual(["webp", 320]);

    // A guest signs in first; a shopper, its author too, is refused.
    const guest = await getPhoto(file);
    expect(guest.status).toBe(302);
    expect(guest.location).toMatch(/^\/login\?redirectTo=/);
    for (const cookie of [shopper.cookie, (await signedInShopper(api)).cookie]) {
      const refused = await getPhoto(file, cookie);
      expect(refused.status).toBe(403);
      expect(refused.data).toBe("You do not have access to the back office.");
    }
    const unknown = await getPhoto("0123456789abcdef-320.webp", moderator.cookie);
    expect(unknown.status).toBe(404);
    expect(unknown.data).toBe("Photo not found");
  });
});

describe("helpful and report", () => {
  it("votes and reports from the product page's forms, with a toast back on the page; a guest signs in first", async () => {
    const { action: voteAction } = await import("../../app/routes/reviews.$reviewId");
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
    expect(answer.data.reviews.page.data[0]).toMatchObject({ _id: reviewId, helpfulCount: 1 });
    const html = await renderPage(path, createElement(ProductPage as never, { loaderData: answer.data } as never));
    // The author sees no vote on their own review.
    expect(html).not.toContain(`action="/reviews/${reviewId}"`);
  });
});
