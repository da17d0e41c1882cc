import { createElement } from "react";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import ReviewPage, {
  action as reviewAction,
  loader as reviewLoader,
} from "../../app/routes/myaccount.reviews.$productId";
import ProductPage, { loader as productLoader } from "../../app/routes/product";
import { createTestApi, createUserWithToken, insertProduct } from "../api/helpers";
import { orderOf } from "../api/review-orders";
import { loadContext, pageGet, renderPage, settle, signedInShopper, withheldPutBack } from "./harness";

// The storefront's side of issue 35's review refusals: a shopper whose review the shop removed is
// told so instead of being offered a form, and the hour's photo limit shows on the form's photos.

const api = await createTestApi({ reviewPhotoUploadsPerHour: 2 });
const context = loadContext(api);
const admin = await createUserWithToken(api.db, { userType: "admin" });
const REMOVED =
  "Your review of this product was removed by the shop for breaking the review rules, so you cannot post another.";

/** A signed-in shopper with a delivered order of a new product. */
async function buyer() {
  const shopper = await signedInShopper(api);
  const productId = await insertProduct(api.db, { ratingValue: null, ratingCount: null });
  await orderOf(api.db, shopper.userId, productId);
  return { ...shopper, productId };
}

const getReviewPage = (productId: string, cookie: string) =>
  settle(() =>
    reviewLoader({
      request: pageGet(`/myaccount/reviews/${productId}`, cookie),
      params: { productId },
      context,
    } as never),
  );
const renderReviewPage = async (productId: string, cookie: string, actionData?: unknown) => {
  const page = await getReviewPage(productId, cookie);
  const html = await renderPage(
    `/myaccount/reviews/${productId}`,
    createElement(ReviewPage as never, { loaderData: page.data, actionData } as never),
  );
  return html.replaceAll("<!-- -->", "");
};
/** The review form as a browser posts it: multipart, with its files. */
const postReview = (productId: string, fields: Record<string, string>, files: File[], cookie: string) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
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
const photo = async (name: string) => {
  shade = (shade + 9) % 256;
  const image = sharp({ create: { width: 640, height: 480, channels: 3, background: { r: shade, g: 9, b: 90 } } });
  return new File([new Uint8Array(await image.jpeg().toBuffer())], name, { type: "image/jpeg" });
};
const renderProductPage = async (productId: string, cookie: string) => {
  const product = (await api.call("GET", `/userapp/product/get/${productId}`)).body.data;
  const path = `/product/electronics/${product.title.shortTitle.toLowerCase().replaceAll(" ", "-")}/${productId}`;
  const answer = await settle(() =>
    productLoader({ request: pageGet(path, cookie), params: { "*": path.slice(9) }, context } as never),
  );
  const html = await renderPage(
    path,
    createElement(ProductPage as never, { loaderData: answer.data, params: {} } as never),
    context.withheld,
  );
  return { standing: withheldPutBack(answer.data, context).reviews.standing, html: html.replaceAll("<!-- -->", "") };
};

describe("a shopper whose review the shop removed", () => {
  it("is told why, on the product page and the review page, and offered no form, before and after deleting it", async () => {
    const shopper = await buyer();
    expect((await postReview(shopper.productId, { intent: "save", stars: "5" }, [], shopper.cookie)).status).toBe(303);
    const reviewId = (await getReviewPage(shopper.productId, shopper.cookie)).data.standing.review._id;
    await api.call("PUT", `/userapp/admin/reviews/${reviewId}/remove`, {
      token: admin.token,
      body: { reason: "A paid review" },
    });

    const removedPage = await renderReviewPage(shopper.productId, shopper.cookie);
    expect(removedPage).toContain("We removed your review: A paid review");
    expect(removedPage).toContain("you cannot post another review of this product");
    expect(removedPage).not.toContain('name="stars"');
    expect((await renderProductPage(shopper.productId, shopper.cookie)).html).toContain(REMOVED);

    const deleted = await postReview(shopper.productId, { intent: "delete" }, [], shopper.cookie);
    expect(deleted.status).toBe(303);
    const page = await renderReviewPage(shopper.productId, shopper.cookie);
    expect(page).toContain("Your review was removed");
    expect(page).toContain(REMOVED);
    expect(page).not.toContain("Rate this product");
    expect(page).not.toContain("<form");
    const product = await renderProductPage(shopper.productId, shopper.cookie);
    expect(product.standing).toEqual({ canReview: false, reviewId: null, removed: REMOVED });
    expect(product.html).toContain(REMOVED);
    expect(product.html).not.toContain("Write a review");

    // A form posted anyway (an old tab) is refused in the same words.
    const posted = await postReview(shopper.productId, { intent: "save", stars: "5" }, [], shopper.cookie);
    expect(posted.status).toBe(409);
    expect(posted.data.result.error[""]).toEqual([`Your review was not saved: ${REMOVED}`]);
  });

  it("is not what other shoppers see: their page data has no such words", async () => {
    const shopper = await buyer();
    const { standing, html } = await renderProductPage(shopper.productId, shopper.cookie);
    expect(standing).toEqual({ canReview: true, reviewId: null });
    expect(html).toContain("Write a review");
  });
});

describe("the hour's photo limit on the review form", () => {
  it("shows the 429 on the photos field, naming the file, and keeps the text saved", async () => {
    const shopper = await buyer();
    const first = await postReview(
      shopper.productId,
      { intent: "save", stars: "4", title: "Nice" },
      [await photo("one.jpg"), await photo("two.jpg")],
      shopper.cookie,
    );
    expect(first.status, JSON.stringify(first.data)).toBe(303);
    const over = await postReview(
      shopper.productId,
      { intent: "save", stars: "4", title: "Nicer" },
      [await photo("three.jpg")],
      shopper.cookie,
    );
    expect(over.status).toBe(422);
    const message = over.data.result.error.photos[0] as string;
    expect(message).toMatch(
      /^three\.jpg: You have sent too many review photos in the last hour\. Please wait \d+ minutes and try again\.$/,
    );
    expect(over.data.result.error[""]).toEqual(["Your review was saved, but the photo was not added."]);
    expect((await getReviewPage(shopper.productId, shopper.cookie)).data.standing.review).toMatchObject({
      title: "Nicer",
      photos: [expect.anything(), expect.anything()],
    });
    // Shown as the form shows every photo error, with JavaScript or without.
    expect(await renderReviewPage(shopper.productId, shopper.cookie, over.data)).toContain(message);
  });
});
