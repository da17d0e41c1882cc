import sharp from "sharp";
import { expect, test } from "./support/test";
import { E2E_ADMIN, markShipped, signInAsAdmin } from "./support/admin";
import { placeConfirmedCodOrder } from "./support/orders";
import { createShopper, signIn } from "./support/shoppers";

// A buyer's review (docs/decisions/029-reviews.md), with JavaScript on and off: a delivered order
// offers "Rate this product"; the review, with a photo, shows on the product page as a verified purchase.
// A held review's photo, which /media serves to nobody, shows in the back office's moderation queue.

// The test places an order, ships and delivers it as the admin, then writes the review as the shopper.
test.beforeEach(() => test.slow());

/** Where the reviewers' orders go. */
const KOCHI = { locality: "21 Marine Drive", city: "Kochi", state: "Kerala", zipcode: "682031", country: "India" };

test("a shopper with a delivered order rates the product with a photo, and sees it on the product page", async ({
  page,
  request,
}, testInfo) => {
  const shopper = await createShopper(request, { firstName: "Kavya", lastName: "Nair" });
  const { orderId, product } = await placeConfirmedCodOrder(request, shopper, KOCHI);

  // The admin ships and delivers it, each step shown done before the next.
  await signInAsAdmin(page, `/admin/orders/${orderId}`);
  await markShipped(page);
  await page.getByRole("button", { name: "Mark as out for delivery" }).click();
  await page.getByRole("button", { name: "Mark as delivered" }).click();
  await expect(page.getByText("The order is marked as delivered.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Mark as delivered" })).toHaveCount(0);

  await page.context().clearCookies();
  await signIn(page, shopper, `/myaccount/orders/${orderId}`);
  await page.getByRole("link", { name: "Rate this product" }).first().click();
  await expect(page).toHaveURL(`/myaccount/reviews/${product._id}`);
  await expect(page.getByRole("heading", { name: "Rate this product" })).toBeVisible();

  const title = `Just as pictured (${testInfo.project.name})`;
  await page.getByLabel("4 stars · Good").check();
  await page.getByLabel("Title (optional)").fill(title);
  await page.getByLabel("Your review (optional)").fill("Well made, and it arrived on time.");
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 30, g: 110, b: 170 } } })
    .jpeg()
    .toBuffer();
  await page.getByLabel("Add photos").setInputFiles({ name: "parcel.jpg", mimeType: "image/jpeg", buffer: photo });
  await page.getByRole("button", { name: "Submit review" }).click();

  // Back on the product page, at its reviews, with the thanks.
  await expect(page.getByRole("status").filter({ hasText: "Thanks for your review!" })).toBeVisible();
  await expect(page).toHaveURL(/\/product\/.+#reviews$/);
  // "With photos" keeps the reviews that have one: this one among them.
  await page.locator("[data-with-photos]").click();
  await expect(page).toHaveURL(/[?&]rphotos=1/);
  const review = page.locator("[data-review]").filter({ hasText: title });
  await expect(review).toBeVisible();
  await expect(review.getByText("Verified purchase")).toBeVisible();
  await expect(review.getByText("Kavya N.")).toBeVisible();
  await expect(review.getByText("Your review")).toBeVisible();
  const thumbnail = review.getByRole("img", { name: "Photo 1 of 1 from Kavya N.'s review" });
  await thumbnail.scrollIntoViewIfNeeded();
  await expect(thumbnail).toHaveAttribute("width", "80");
  await expect(thumbnail).toHaveAttribute("height", "80");
  // The photo itself is served (its narrowest file, a WebP the browser decodes).
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
  // The thumbnail leads to the review's own page, which shows the photo large.
  await thumbnail.click();
  await expect(page).toHaveURL(/\/reviews\/[0-9a-f]{24}#photos$/);
  const large = page.getByRole("img", { name: "Photo 1 of 1 from Kavya N.'s review" });
  await expect(large).toHaveAttribute("width", "320");
  await expect(large).toHaveAttribute("height", "240");
  await large.scrollIntoViewIfNeeded();
  await expect
    .poll(() => large.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(320);
});

test("the moderation queue shows a held review's photo to the admin, who removes the review", async ({
  page,
  request,
}) => {
  const shopper = await createShopper(request, { firstName: "Ravi", lastName: "Menon" });
  const { orderId, product } = await placeConfirmedCodOrder(request, shopper, KOCHI);
  // Delivered and reviewed through the API: the pages that do it are the first test's subject.
  const tokenOf = async (who: { email: string; password: string }) =>
    (
      await (
        await request.post("/userapp/auth/login", { data: { username: who.email, password: who.password } })
      ).json()
    ).data.token as string;
  const admin = { authorization: `Bearer ${await tokenOf(E2E_ADMIN)}` };
  for (const status of ["shipped", "outForDelivery", "delivered"]) {
    const moved = await request.put(`/userapp/admin/orders/${orderId}/status`, { headers: admin, data: { status } });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  const author = { authorization: `Bearer ${await tokenOf(shopper)}` };
  const written = await request.post(`/userapp/product/${product._id}/reviews`, {
    headers: author,
    data: { stars: 2, body: "Call me on 98765 43210 about it" },
  });
  expect(written.status(), await written.text()).toBe(201);
  const review = (await written.json()).data;
  expect(review.status).toBe("held");
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 170, g: 60, b: 40 } } })
    .jpeg()
    .toBuffer();
  const added = await request.post(`/userapp/reviews/${review._id}/photos`, {
    headers: author,
    multipart: { photo: { name: "box.jpg", mimeType: "image/jpeg", buffer: photo } },
  });
  expect(added.status(), await added.text()).toBe(201);
  const [saved] = (await added.json()).data.photos;
  // Nobody sees it at /media while the review is held.
  expect((await request.get(saved.thumb.path)).status()).toBe(404);

  await signInAsAdmin(page, "/admin/reviews");
  const queued = page.locator(`[data-queued-review="${review._id}"]`);
  await expect(queued.getByText("Held: it contains a phone number")).toBeVisible();
  const name = "Photo 1 of 1 from Ravi M.'s review";
  const thumbnail = queued.getByRole("img", { name });
  await thumbnail.scrollIntoViewIfNeeded();
  await expect(thumbnail).toHaveAttribute("width", "80");
  await expect(thumbnail).toHaveAttribute("loading", "lazy");
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
  // The link opens the largest file (the photo's own 640 px), the admin's session its only key.
  const link = queued.getByRole("link", { name });
  await expect(link).toHaveAttribute("href", `/admin/reviews/${review._id}/photos/${saved.id}-640.webp`);
  const full = await page.request.get((await link.getAttribute("href"))!);
  expect(full.status()).toBe(200);
  expect(full.headers()["content-type"]).toBe("image/webp");
  expect(full.headers()["cache-control"]).toBe("private, no-store");

  await queued.getByLabel("Reason for removing (shown to its author)").fill("Shares a phone number");
  await queued.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The review is removed." })).toBeVisible();
  await expect(page.locator(`[data-queued-review="${review._id}"]`)).toHaveCount(0);
});
