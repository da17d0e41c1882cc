import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { productPath } from "../../app/lib/catalogue/catalogue";
import { CARD_IMAGE_SIZES, GALLERY_IMAGE_SIZES, THUMBNAIL_IMAGE_SIZES } from "../../app/lib/catalogue/images";
import { createTestApi, createUserWithToken, insertProduct } from "../api/helpers";
import { createTestSite } from "./site-harness";

// Uploaded photos (api/lib/catalogue/product-images.ts: WebP at 320, 640 and 1024 px) render with srcset and
// sizes on the shop's cards and the product page; the seed's SVG artwork keeps a plain src.

const SHOP = "http://shop.test";
const api = await createTestApi();
const site = await createTestSite({ api });
const admin = await createUserWithToken(api.db, { userType: "admin" });

/** A photo of `width` × `height` pixels, uploaded through the back office's API. */
async function upload(productId: string, width: number, height: number, colour = { r: 181, g: 120, b: 40 }) {
  const png = await sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("image", new Blob([new Uint8Array(png)], { type: "image/png" }), "photo.png");
  const response = await api.app.fetch(
    new Request(`${SHOP}/userapp/admin/products/${productId}/images`, {
      method: "POST",
      headers: { authorization: `Bearer ${admin.token}` },
      body: form,
    }),
  );
  expect(response.status, await response.clone().text()).toBe(201);
}

const page = async (path: string) => {
  const response = await site.fetch(new Request(`${SHOP}${path}`));
  expect(response.status, path).toBe(200);
  return response.text();
};
/** Every <img> tag of the HTML with the given attribute. */
const images = (html: string, marker: string) =>
  [...html.matchAll(/<img [^>]*>/g)].map((m) => m[0]).filter((tag) => tag.includes(marker));
/** An attribute's value; HTML's names are case-insensitive (React writes `srcSet`). */
const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag)?.[1] ?? null;

const photoTitle = "Brass Diya Photographed";
const photoId = await insertProduct(api.db, { shortTitle: photoTitle, images: [] });
await upload(photoId, 1600, 1200);
await upload(photoId, 800, 800, { r: 20, g: 90, b: 160 });
const photoPath = productPath({ _id: photoId, category: "Electronics", title: { shortTitle: photoTitle } });
const artTitle = "Speaker Drawn In Vectors";
const artId = await insertProduct(api.db, {
  shortTitle: artTitle,
  images: [{ path: "/media/art/speaker-1-0.svg" }, { path: "/media/art/speaker-1-1.svg" }],
});
const artPath = productPath({ _id: artId, category: "Electronics", title: { shortTitle: artTitle } });

const widths = (srcset: string | null) => (srcset ?? "").split(",").map((entry) => entry.trim().split(" ")[1]);

describe("an uploaded photo", () => {
  it("has a srcset of its WebP widths and the card's sizes on the shop's card, with its middle width as src", async () => {
    const html = await page("/shop?search=Photographed");
    const [card] = images(html, 'class="card-image"');
    expect(card).toBeDefined();
    expect(widths(attribute(card, "srcset"))).toEqual(["320w", "640w", "1024w"]);
    expect(attribute(card, "srcset")).toMatch(new RegExp(`^/media/products/${photoId}/[0-9a-f]{16}-320\\.webp 320w, `));
    expect(attribute(card, "sizes")).toBe(CARD_IMAGE_SIZES);
    expect(attribute(card, "src")).toMatch(new RegExp(`^/media/products/${photoId}/[0-9a-f]{16}-640\\.webp$`));
  });

  it("has a srcset on the product page's main picture and on every thumbnail, each with its own sizes", async () => {
    const html = await page(photoPath);
    const [main] = images(html, "data-main-image");
    expect(widths(attribute(main, "srcset"))).toEqual(["320w", "640w", "1024w"]);
    expect(attribute(main, "sizes")).toBe(GALLERY_IMAGE_SIZES);
    expect(attribute(main, "fetchpriority")).toBe("high");
    const thumbnails = [...html.matchAll(/data-thumbnail="\d"[^>]*><img [^>]*>/g)].map((m) => m[0]);
    expect(thumbnails).toHaveLength(2);
    // The 800 px upload has two widths: it is never enlarged to 1024.
    expect(thumbnails.map((tag) => widths(attribute(tag, "srcset")))).toEqual([
      ["320w", "640w", "1024w"],
      ["320w", "640w", "800w"],
    ]);
    for (const tag of thumbnails) expect(attribute(tag, "sizes")).toBe(THUMBNAIL_IMAGE_SIZES);
  });

  it("shows the second photo in front with ?image=1, with that photo's srcset", async () => {
    const html = await page(`${photoPath}?image=1`);
    const [main] = images(html, "data-main-image");
    expect(widths(attribute(main, "srcset"))).toEqual(["320w", "640w", "800w"]);
  });

  it("reaches the quick view with its srcset (the quick view's data)", async () => {
    const response = await site.fetch(new Request(`${SHOP}/resources/quick-view/${photoId}`));
    const { product } = await response.json();
    expect(product.productImages.map((image: { srcset?: string }) => widths(image.srcset ?? null))).toEqual([
      ["320w", "640w", "1024w"],
      ["320w", "640w", "800w"],
    ]);
  });
});

describe("the seed's SVG artwork", () => {
  it("keeps a plain src, without srcset or sizes, on cards and on the product page", async () => {
    const shop = await page("/shop?search=Vectors");
    const [card] = images(shop, 'class="card-image"');
    expect(attribute(card, "src")).toBe("/media/art/speaker-1-0.svg");
    expect(card).not.toMatch(/\s(srcset|sizes)=/i);
    const product = await page(artPath);
    const tags = images(product, 'src="/media/art/speaker-1-');
    expect(tags).toHaveLength(3); // the main picture and two thumbnails
    for (const tag of tags) expect(tag).not.toMatch(/\s(srcset|sizes)=/i);
  });
});
