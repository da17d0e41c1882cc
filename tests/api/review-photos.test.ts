import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { reviewMedia } from "../../api/db/schema";
import { MAX_IMAGE_BYTES } from "../../api/lib/catalogue/product-images";
import { UPLOAD_BODY_LIMIT_BYTES } from "../../api/lib/http/uploads";
import { newId } from "../../api/lib/ids";
import { createTestApi, createUserWithToken, insertProduct } from "./helpers";
import { orderOf } from "./review-orders";

// Review photos: POST /userapp/reviews/{id}/photos and DELETE …/photos/{photoId}, served at
// /media/reviews/… while the review is published; the list's `photos=true` filter
// (docs/api.md; docs/decisions/029-reviews.md).

let clock = Date.now();
const api = await createTestApi({ now: () => new Date((clock += 1000)) });
const { call, db } = api;

/** A shopper with a delivered order of a new product, and their published review of it. */
async function reviewer(stars = 4) {
  const productId = await insertProduct(db, { ratingValue: null, ratingCount: null });
  const { id: userId, token } = await createUserWithToken(db);
  await orderOf(db, userId, productId);
  const created = await call("POST", `/userapp/product/${productId}/reviews`, { token, body: { stars } });
  expect(created.status).toBe(201);
  return { productId, userId, token, reviewId: created.body.data._id as string };
}

let shade = 0;
/** A real picture, different each time (the same photo twice is refused). */
async function picture(format: "jpeg" | "png" | "webp" | "gif" = "jpeg", width = 1200, height = 900) {
  shade = (shade + 7) % 256;
  const image = sharp({ create: { width, height, channels: 3, background: { r: shade, g: 120, b: 40 } } });
  return new Uint8Array(await image.toFormat(format).toBuffer());
}

/** Uploads `bytes` as the multipart field `photo` (whatever its name and declared type). */
function upload(reviewId: string, token: string, bytes: Uint8Array, name = "photo.jpg", type = "image/jpeg") {
  const form = new FormData();
  form.append("photo", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return call("POST", `/userapp/reviews/${reviewId}/photos`, { token, form });
}

const served = (path: string, headers: Record<string, string> = {}) => api.app.request(path, { headers });

describe("adding photos to a review", () => {
  it("takes up to 3 photos through the product photos' pipeline, WebP with a thumbnail's size, and refuses a 4th", async () => {
    const { productId, token, reviewId } = await reviewer();
    for (const [index, format] of (["jpeg", "png", "webp"] as const).entries()) {
      const added = await upload(reviewId, token, await picture(format));
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      expect(added.body.data.photos).toHaveLength(index + 1);
    }
    const review = (await call("GET", `/userapp/product/${productId}/reviews`)).body.data.data[0];
    const [photo] = review.photos;
    expect(photo).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{16}$/),
      path: `/media/reviews/${reviewId}/${photo.id}-640.webp`,
      srcset: `/media/reviews/${reviewId}/${photo.id}-320.webp 320w, /media/reviews/${reviewId}/${photo.id}-640.webp 640w, /media/reviews/${reviewId}/${photo.id}-1024.webp 1024w`,
      thumb: { path: `/media/reviews/${reviewId}/${photo.id}-320.webp`, width: 320, height: 240 },
    });
    const response = await served(photo.thumb.path);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    // Never kept without asking: the review may be taken down.
    expect(response.headers.get("cache-control")).toBe("public, no-cache");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    const metadata = await sharp(new Uint8Array(await response.arrayBuffer())).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["webp", 320, 240]);
    const etag = response.headers.get("etag")!;
    expect((await served(photo.thumb.path, { "if-none-match": etag })).status).toBe(304);

    const fourth = await upload(reviewId, token, await picture());
    expect(fourth.status).toBe(409);
    expect(fourth.body.message).toBe("A review has at most 3 photos. Remove one to add another.");
  });

  it("refuses a file over 5 MB, and a body over the upload limit before reading it", async () => {
    const { token, reviewId } = await reviewer();
    const big = new Uint8Array(MAX_IMAGE_BYTES + 1);
    const tooBig = await upload(reviewId, token, big);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toMatchObject({ status: "PAYLOAD_TOO_LARGE", data: { limit: MAX_IMAGE_BYTES } });
    const huge = await call("POST", `/userapp/reviews/${reviewId}/photos`, {
      token,
      headers: { "content-type": "multipart/form-data; boundary=x" },
      rawBody: "x".repeat(UPLOAD_BODY_LIMIT_BYTES + 1),
    });
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ status: "PAYLOAD_TOO_LARGE", data: { limit: UPLOAD_BODY_LIMIT_BYTES } });
    expect((await db.select().from(reviewMedia).where(eq(reviewMedia.reviewId, reviewId))).length).toBe(0);
  });

  it("judges a file by its content: text named .jpg, a GIF, a truncated JPEG and a missing file are refused in words", async () => {
    const { token, reviewId } = await reviewer();
    const refused = async (bytes: Uint8Array, name?: string, type?: string) => {
      const answer = await upload(reviewId, token, bytes, name, type);
      expect(answer.status).toBe(422);
      return answer.body.data;
    };
    const typeError = [{ path: "photo", message: "The image must be a JPEG, PNG or WebP picture" }];
    expect(await refused(new TextEncoder().encode("<script>alert(1)</script>"), "photo.jpg")).toEqual(typeError);
    expect(await refused(await picture("gif"), "photo.jpg")).toEqual(typeError);
    const jpeg = await picture("jpeg");
    expect(await refused(jpeg.slice(0, Math.floor(jpeg.length / 2)))).toEqual([
      { path: "photo", message: "The image could not be read; it may be damaged" },
    ]);
    expect(await refused(new Uint8Array(0))).toEqual([{ path: "photo", message: "The image file is empty" }]);
    const json = await call("POST", `/userapp/reviews/${reviewId}/photos`, { token, body: { photo: "x" } });
    expect(json.status).toBe(422);
    expect(json.body.data).toEqual([
      { path: "photo", message: "Send the photo as multipart/form-data, in the field photo" },
    ]);
    // A PNG named .gif and sent as text/plain is still a PNG.
    expect((await upload(reviewId, token, await picture("png"), "x.gif", "text/plain")).status).toBe(201);
  });

  it("answers 404 to another shopper, to a guest 401, and changes nothing", async () => {
    const { token, reviewId, productId } = await reviewer();
    const added = await upload(reviewId, token, await picture());
    const photoId = added.body.data.photos[0].id;
    const other = await createUserWithToken(db);
    expect((await upload(reviewId, other.token, await picture())).status).toBe(404);
    expect(
      (await call("DELETE", `/userapp/reviews/${reviewId}/photos/${photoId}`, { token: other.token })).status,
    ).toBe(404);
    const form = new FormData();
    form.append("photo", new File([await picture()], "p.jpg", { type: "image/jpeg" }));
    expect((await call("POST", `/userapp/reviews/${reviewId}/photos`, { form })).status).toBe(401);
    expect((await upload(newId(), token, await picture())).status).toBe(404);
    const list = (await call("GET", `/userapp/product/${productId}/reviews`)).body.data.data;
    expect(list[0].photos.map((p: { id: string }) => p.id)).toEqual([photoId]);
  });

  it("lets the author remove a photo, its files with it", async () => {
    const { token, reviewId } = await reviewer();
    const first = (await upload(reviewId, token, await picture())).body.data.photos[0];
    const empty = await call("POST", `/userapp/reviews/${reviewId}/photos`, {
      token,
      form: (() => {
        const form = new FormData();
        form.append("photo", new File([new Uint8Array(0)], "p.jpg"));
        return form;
      })(),
    });
    expect(empty.status).toBe(422);
    const removed = await call("DELETE", `/userapp/reviews/${reviewId}/photos/${first.id}`, { token });
    expect(removed.status).toBe(200);
    expect(removed.body.data.photos).toEqual([]);
    expect((await served(first.thumb.path)).status).toBe(404);
    expect((await db.select().from(reviewMedia).where(eq(reviewMedia.reviewId, reviewId))).length).toBe(0);
    expect((await call("DELETE", `/userapp/reviews/${reviewId}/photos/${first.id}`, { token })).status).toBe(404);
  });
});

describe("who sees review photos", () => {
  it("serves a published review's photos only: not while held, not once removed, not after deletion", async () => {
    const { token, reviewId, productId } = await reviewer();
    const photo = (await upload(reviewId, token, await picture())).body.data.photos[0];
    expect((await served(photo.path)).status).toBe(200);

    // Held for a phone number: the photos are not public.
    await call("PUT", `/userapp/reviews/${reviewId}`, { token, body: { stars: 4, body: "call 98765 43210" } });
    expect((await served(photo.path)).status).toBe(404);
    expect((await served(photo.path, { "if-none-match": `"${photo.path.split("/").at(-1)}"` })).status).toBe(404);
    // Its author still has them on their review.
    const mine = await call("GET", `/userapp/product/${productId}/reviews/mine`, { token });
    expect(mine.body.data.review.photos).toHaveLength(1);

    const admin = await createUserWithToken(db, { userType: "admin" });
    await call("PUT", `/userapp/admin/reviews/${reviewId}/publish`, { token: admin.token });
    expect((await served(photo.path)).status).toBe(200);
    await call("PUT", `/userapp/admin/reviews/${reviewId}/remove`, {
      token: admin.token,
      body: { reason: "Not a photo of the product" },
    });
    for (const path of [photo.path, photo.thumb.path]) expect((await served(path)).status).toBe(404);
    // A removed review takes no new photo.
    expect((await upload(reviewId, token, await picture())).status).toBe(409);

    await call("DELETE", `/userapp/reviews/${reviewId}`, { token });
    expect((await db.select().from(reviewMedia).where(eq(reviewMedia.reviewId, reviewId))).length).toBe(0);
  });

  it('filters the list to reviews with photos ("photos=true"), with the stars filter too, and counts them', async () => {
    const productId = await insertProduct(db, { ratingValue: null, ratingCount: null });
    // Three reviewers of the same product: 5 stars with a photo, 5 without, 3 with.
    const reviews = [];
    for (const stars of [5, 5, 3]) {
      const { id: userId, token } = await createUserWithToken(db);
      await orderOf(db, userId, productId);
      const created = await call("POST", `/userapp/product/${productId}/reviews`, { token, body: { stars } });
      reviews.push({ token, id: created.body.data._id as string, stars });
    }
    await upload(reviews[0].id, reviews[0].token, await picture());
    await upload(reviews[2].id, reviews[2].token, await picture());
    const list = async (query: string) => (await call("GET", `/userapp/product/${productId}/reviews?${query}`)).body;
    const all = await list("");
    expect(all.data.summary.withPhotos).toBe(2);
    expect(all.data.paginator.itemCount).toBe(3);
    const withPhotos = await list("photos=true&sort=highest");
    expect(withPhotos.data.data.map((r: { _id: string }) => r._id)).toEqual([reviews[0].id, reviews[2].id]);
    expect(withPhotos.data.paginator.itemCount).toBe(2);
    const fiveWithPhotos = await list("photos=true&stars=5");
    expect(fiveWithPhotos.data.data.map((r: { _id: string }) => r._id)).toEqual([reviews[0].id]);
    expect(fiveWithPhotos.data.paginator.itemCount).toBe(1);
    expect((await list("photos=false")).data.paginator.itemCount).toBe(3);
    const bad = await call("GET", `/userapp/product/${productId}/reviews?photos=yes`);
    expect(bad.status).toBe(422);
    expect(bad.body.data).toEqual([{ path: "photos", message: "photos must be true or false" }]);
  });
});

describe("the back office's view of review photos", () => {
  /** GET /userapp/admin/reviews/{id}/photos/{file}, the bytes read as the storefront's resource route reads them. */
  const adminPhoto = (reviewId: string, file: string, token?: string) =>
    api.app.request(`/userapp/admin/reviews/${reviewId}/photos/${file}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const fileOf = (path: string) => path.slice(path.lastIndexOf("/") + 1);

  it("serves a held review's photo to an admin, private and never stored, while /media answers 404", async () => {
    const { token, reviewId } = await reviewer();
    const photo = (await upload(reviewId, token, await picture())).body.data.photos[0];
    await call("PUT", `/userapp/reviews/${reviewId}`, { token, body: { stars: 4, body: "mail me at a@b.example" } });
    expect((await served(photo.thumb.path)).status).toBe(404);

    const admin = await createUserWithToken(db, { userType: "admin" });
    // The answer agrees with the OpenAPI document (a WebP for 200).
    const checked = await call("GET", `/userapp/admin/reviews/${reviewId}/photos/${fileOf(photo.thumb.path)}`, {
      token: admin.token,
    });
    expect(checked.status).toBe(200);
    const response = await adminPhoto(reviewId, fileOf(photo.thumb.path), admin.token);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("etag")).toBeNull();
    const metadata = await sharp(new Uint8Array(await response.arrayBuffer())).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["webp", 320, 240]);
    // Every width the review lists.
    for (const entry of photo.srcset.split(", ")) {
      const answer = await adminPhoto(reviewId, fileOf(entry.split(" ")[0]), admin.token);
      expect(answer.status, entry).toBe(200);
    }

    // Removed by the shop: still there for the back office, until its author deletes the review.
    await call("PUT", `/userapp/admin/reviews/${reviewId}/remove`, { token: admin.token, body: { reason: "Spam" } });
    expect((await served(photo.path)).status).toBe(404);
    expect((await adminPhoto(reviewId, fileOf(photo.path), admin.token)).status).toBe(200);
    await call("DELETE", `/userapp/reviews/${reviewId}`, { token });
    const deleted = await call("GET", `/userapp/admin/reviews/${reviewId}/photos/${fileOf(photo.path)}`, {
      token: admin.token,
    });
    expect(deleted.status).toBe(404);
    expect(deleted.body).toEqual({
      status: "RECORD_NOT_FOUND",
      message: "No such image",
      data: null,
      code: "NOT_FOUND",
    });
  });

  it("refuses a guest (401) and a shopper (403), its author too; an unknown file or review is 404", async () => {
    const { token, reviewId } = await reviewer();
    const photo = (await upload(reviewId, token, await picture())).body.data.photos[0];
    const path = `/userapp/admin/reviews/${reviewId}/photos/${fileOf(photo.thumb.path)}`;
    const guest = await call("GET", path);
    expect(guest.status).toBe(401);
    expect(guest.headers.get("content-type")).toMatch(/^application\/json/);
    const shopper = await createUserWithToken(db);
    for (const who of [shopper.token, token]) {
      const refused = await call("GET", path, { token: who });
      expect(refused.status).toBe(403);
      expect(refused.body.status).toBe("FORBIDDEN");
    }

    const admin = await createUserWithToken(db, { userType: "admin" });
    for (const unknown of [
      `/userapp/admin/reviews/${reviewId}/photos/0123456789abcdef-320.webp`,
      `/userapp/admin/reviews/${newId()}/photos/${fileOf(photo.thumb.path)}`,
      `/userapp/admin/reviews/not-an-id/photos/${fileOf(photo.thumb.path)}`,
      `/userapp/admin/reviews/${reviewId}/photos/..%2F..%2Fetc%2Fpasswd`,
    ]) {
      expect((await call("GET", unknown, { token: admin.token })).status, unknown).toBe(404);
    }
  });
});
