import sharp from "sharp";
import { expect, test } from "./support/test";
import { signInAsAdmin } from "./support/admin";
import { placeConfirmedCodOrder } from "./support/orders";
import { createShopper, signIn } from "./support/shoppers";

// A buyer's review (docs/decisions/029-reviews.md), with JavaScript on and off: a delivered order
// offers "Rate this product"; the review, with a photo, shows on the product page as a verified purchase.

// The test places an order, ships and delivers it as the admin, then writes the review as the shopper.
test.beforeEach(() => test.slow());

test("a shopper with a delivered order rates the product with a photo, and sees it on the product page", async ({
  page,
  request,
}, testInfo) => {
  const shopper = await createShopper(request, { firstName: "Kavya", lastName: "Nair" });
  const { orderId, product } = await placeConfirmedCodOrder(request, shopper, {
    locality: "21 Marine Drive",
    city: "Kochi",
    state: "Kerala",
    zipcode: "682031",
    country: "India",
  });

  // The admin ships and delivers it, each step shown done before the next.
  await signInAsAdmin(page, `/admin/orders/${orderId}`);
  await page.getByRole("button", { name: "Mark as shipped" }).click();
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
  await expect(thumbnail).toHaveAttribute("width", "320");
  await expect(thumbnail).toHaveAttribute("height", "240");
  // The photo itself is served (a WebP the browser decodes).
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
});
