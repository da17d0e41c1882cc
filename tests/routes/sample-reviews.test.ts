import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { reviews } from "../../api/db/schema";
import type { Database } from "../../api/db/client";
import { newId } from "../../api/lib/ids";
import { refreshProductRating } from "../../api/lib/reviews/ratings";
import ProductPage, { loader as productLoader } from "../../app/routes/product";
import OneReviewPage, { loader as oneReviewLoader } from "../../app/routes/reviews.$reviewId";
import { createTestApi, createUserWithToken, insertProduct } from "../api/helpers";
import { orderOf } from "../api/review-orders";
import { loadContext, pageGet, renderPage, settle, withheldPutBack } from "./harness";

// The seed's sample reviews on the product page and the review's own page (decision 047):
// labelled "Sample review", never "Verified purchase", in no rating, and the list's footnote
// does not call them shoppers' reviews.

const api = await createTestApi();
const context = loadContext(api);

async function sampleOf(productId: string, stars: number) {
  const id = newId();
  await api.db.insert(reviews).values({
    id,
    productId,
    userId: null,
    authorName: "Kavya M.",
    verified: false,
    sample: true,
    stars,
    title: "Happy with it",
    body: "Clear sound with deep bass, and pairing with my phone took seconds.",
    status: "published",
  });
  await api.db.transaction((tx) => refreshProductRating(tx as unknown as Database, productId));
  return id;
}

const productPage = async (productId: string) => {
  const product = (await api.call("GET", `/userapp/product/get/${productId}`)).body.data;
  const path = `/product/electronics/${product.title.shortTitle.toLowerCase().replaceAll(" ", "-")}/${productId}`;
  const answer = await settle(() =>
    productLoader({ request: pageGet(path), params: { "*": path.slice(9) }, context } as never),
  );
  // As the document is rendered: the reviews withheld from its loader data, the server's render given them whole.
  const html = await renderPage(
    path,
    createElement(ProductPage as never, { loaderData: answer.data, params: {} } as never),
    context.withheld,
  );
  return { answer: { ...answer, data: withheldPutBack(answer.data, context) }, html };
};

describe("sample reviews on the shop's pages", () => {
  it('labels a product\'s only reviews "Sample review", shows "No ratings yet" and no shoppers\' footnote', async () => {
    const productId = await insertProduct(api.db, { ratingValue: null, ratingCount: null });
    await sampleOf(productId, 5);
    const { answer, html } = await productPage(productId);
    expect(answer.status).toBe(200);
    expect(answer.data.reviews.page.data).toEqual([expect.objectContaining({ label: "Sample review" })]);
    expect(html).toContain("Sample review");
    expect(html).not.toContain("Verified purchase</span>");
    expect(html).toContain("No ratings yet.");
    expect(html).not.toContain("Reviews are written by shoppers");
    expect(html).toContain("nobody wrote them, and they count in no rating");
    // Search engines get no rating and no review nobody wrote.
    expect(context.structuredData).not.toHaveProperty("aggregateRating");
    expect(context.structuredData).not.toHaveProperty("review");
  });

  it("labels each review for what it is beside a shopper's, whose rating alone counts", async () => {
    const productId = await insertProduct(api.db, { ratingValue: null, ratingCount: null });
    await sampleOf(productId, 1);
    const { id: userId, token } = await createUserWithToken(api.db, { firstName: "Meera", lastName: "Iyer" });
    await orderOf(api.db, userId, productId);
    await api.call("POST", `/userapp/product/${productId}/reviews`, { token, body: { stars: 4, title: "Solid" } });
    const { answer, html } = await productPage(productId);
    expect(answer.data.reviews.page.summary).toMatchObject({ ratingValue: 4, ratingCount: 1 });
    expect(answer.data.reviews.page.summary).not.toHaveProperty("samples");
    const labels = answer.data.reviews.page.data.map((review: { label?: string }) => review.label).sort();
    expect(labels).toEqual(["Sample review", "Verified purchase"]);
    expect(html).toContain("Sample review");
    expect(html).toContain("Verified purchase");
    expect(html).toMatch(/>1(<!-- -->)? (<!-- -->)?rating</);
    // Each histogram link is named by its visible words first (axe's label-content-name-mismatch).
    const bars = [...html.matchAll(/<a [^>]*aria-label="([^"]+)"[^>]*><span>([^<]+)<\/span>/g)].map(
      ([, name, shown]) => ({
        name,
        shown,
      }),
    );
    expect(bars.map((bar) => bar.name)).toEqual([
      "5 stars: 0 reviews",
      "4 stars: 1 review",
      "3 stars: 0 reviews",
      "2 stars: 0 reviews",
      "1 star: 0 reviews",
    ]);
    for (const bar of bars) expect(bar.name.startsWith(bar.shown)).toBe(true);
    expect(context.structuredData).toMatchObject({
      aggregateRating: { ratingValue: 4, reviewCount: 1 },
      review: [{ author: { name: "Meera I." } }],
    });
    expect((context.structuredData as { review: unknown[] }).review).toHaveLength(1);
  });

  it('says "Sample review" on the review\'s own page', async () => {
    const productId = await insertProduct(api.db, { ratingValue: null, ratingCount: null });
    const reviewId = await sampleOf(productId, 3);
    const page = await settle(() =>
      oneReviewLoader({ request: pageGet(`/reviews/${reviewId}`), params: { reviewId }, context } as never),
    );
    expect(page.data.review).toMatchObject({ _id: reviewId, label: "Sample review" });
    const html = await renderPage(
      `/reviews/${reviewId}`,
      createElement(OneReviewPage as never, { loaderData: page.data } as never),
    );
    expect(html).toContain("Sample review");
    expect(html).not.toContain("Verified purchase");
  });

  it("keeps the shoppers' footnote on a product with only their reviews", async () => {
    const productId = await insertProduct(api.db, { ratingValue: null, ratingCount: null });
    const { html } = await productPage(productId);
    expect(html).toContain("Reviews are written by shoppers");
  });
});

// The reviews are a kept part (app/lib/platform/kept.tsx): the document shows them in its HTML,
// so its loader data, which the browser downloads too, carries only their hash; the data of a
// client navigation (`.data`) carries them whole, for the browser to render (decision 055).
describe("the product page's reviews in its loader data", () => {
  it("are their hash alone for the document, whose HTML shows them, and whole for a client navigation", async () => {
    const productId = await insertProduct(api.db, { ratingValue: null, ratingCount: null });
    await sampleOf(productId, 4);
    const product = (await api.call("GET", `/userapp/product/get/${productId}`)).body.data;
    const path = `/product/electronics/${product.title.shortTitle.toLowerCase().replaceAll(" ", "-")}/${productId}`;
    const load = (url: string) =>
      settle(() => productLoader({ request: pageGet(url), params: { "*": path.slice(9) }, context } as never));

    const documentData = (await load(path)).data;
    expect(documentData.reviews).toEqual({ withheld: expect.stringMatching(/^[0-9a-z]{1,11}$/) });
    expect(JSON.stringify(documentData)).not.toContain("Clear sound with deep bass");
    const html = await renderPage(
      path,
      createElement(ProductPage as never, { loaderData: documentData, params: {} } as never),
      context.withheld,
    );
    expect(html).toContain("Clear sound with deep bass");
    expect(html).toContain(`data-kept-hash="`);

    const navigation = (await load(`${path}.data`)).data;
    expect(navigation.reviews.page.data).toEqual([
      expect.objectContaining({ title: "Happy with it", label: "Sample review" }),
    ]);
    expect(navigation.reviews.standing).toBeNull();
  });
});
