import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { readEnv, userappSettings } from "../../api/config";
import { loginFailures, reviewMedia, reviewPhotoUploads } from "../../api/db/schema";
import { newId } from "../../api/lib/ids";
import { UPLOAD_SLOT_MS } from "../../api/lib/reviews/review-photos";
import { createTestApi, createUserWithToken, insertProduct, type TestApi } from "./helpers";
import { orderOf } from "./review-orders";

// The limits of review photo uploads (docs/decisions/029-reviews.md): a review's 3 places are
// taken before an image is decoded, however many uploads arrive at once, and an account sends
// REVIEW_PHOTO_UPLOADS_PER_HOUR photos an hour.

let clock = Date.now();
const now = () => new Date(clock);
const roomy = await createTestApi({ now });
const tight = await createTestApi({ now, reviewPhotoUploadsPerHour: 3 });

/** A shopper with a delivered order of a new product, and their published review of it. */
async function reviewer(api: TestApi) {
  const productId = await insertProduct(api.db, { ratingValue: null, ratingCount: null });
  const { id: userId, token } = await createUserWithToken(api.db);
  await orderOf(api.db, userId, productId);
  const created = await api.call("POST", `/userapp/product/${productId}/reviews`, { token, body: { stars: 4 } });
  expect(created.status).toBe(201);
  return { userId, token, reviewId: created.body.data._id as string };
}

let shade = 0;
/** A real picture, different each time. */
async function picture() {
  shade = (shade + 7) % 256;
  const image = sharp({ create: { width: 800, height: 600, channels: 3, background: { r: shade, g: 90, b: 200 } } });
  return new Uint8Array(await image.jpeg().toBuffer());
}
/** Bytes no decoder reads: an upload of them that reached sharp would be 422. */
const notAnImage = new TextEncoder().encode("not an image at all");

function upload(api: TestApi, reviewId: string, token: string, bytes: Uint8Array) {
  const form = new FormData();
  form.append("photo", new File([bytes as Uint8Array<ArrayBuffer>], "photo.jpg", { type: "image/jpeg" }));
  return api.call("POST", `/userapp/reviews/${reviewId}/photos`, { token, form });
}

const fullReview = {
  status: "FAILURE",
  code: "REVIEW_PHOTO_LIMIT",
  message: "A review has at most 3 photos. Remove one to add another.",
  data: null,
};

describe("a review's 3 photo places", () => {
  it("take exactly 3 of 10 uploads sent at once; the other 7 are refused", async () => {
    const { token, reviewId } = await reviewer(roomy);
    const pictures = await Promise.all(Array.from({ length: 10 }, () => picture()));
    const answers = await Promise.all(pictures.map((bytes) => upload(roomy, reviewId, token, bytes)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 201, 201, ...Array(7).fill(409)]);
    for (const refused of answers.filter((answer) => answer.status === 409)) expect(refused.body).toEqual(fullReview);
    const mine = await roomy.call("GET", `/userapp/reviews/${reviewId}`);
    expect(mine.body.data.photos).toHaveLength(3);
    // Each photo's three widths, and no place left taken.
    expect(await roomy.db.select().from(reviewMedia).where(eq(reviewMedia.reviewId, reviewId))).toHaveLength(9);
    expect(await roomy.db.select().from(reviewPhotoUploads).where(eq(reviewPhotoUploads.reviewId, reviewId))).toEqual(
      [],
    );
  });

  it("count the uploads under way, before decoding: a file sent meanwhile is refused, not read", async () => {
    const { token, reviewId } = await reviewer(roomy);
    // Three uploads under way (their places taken, their images being decoded).
    const taken = [0, 1, 2].map(() => ({ id: newId(), reviewId, startedAt: now() }));
    await roomy.db.insert(reviewPhotoUploads).values(taken);
    const burst = await Promise.all(Array.from({ length: 5 }, () => upload(roomy, reviewId, token, notAnImage)));
    // Had any reached sharp, it would be 422 ("The image must be a JPEG, PNG or WebP picture").
    for (const refused of burst) expect(refused.body).toEqual(fullReview);

    // A place taken by a process that stopped is free again once UPLOAD_SLOT_MS have passed.
    clock += UPLOAD_SLOT_MS + 1000;
    const added = await upload(roomy, reviewId, token, await picture());
    expect(added.status).toBe(201);
    expect(await roomy.db.select().from(reviewPhotoUploads).where(eq(reviewPhotoUploads.reviewId, reviewId))).toEqual(
      [],
    );
  });

  it("are given back when an upload is refused for its file", async () => {
    const { token, reviewId } = await reviewer(roomy);
    for (let attempt = 0; attempt < 4; attempt++) {
      expect((await upload(roomy, reviewId, token, notAnImage)).status).toBe(422);
    }
    for (let photo = 0; photo < 3; photo++)
      expect((await upload(roomy, reviewId, token, await picture())).status).toBe(201);
  });
});

describe("an account's review photos an hour", () => {
  const tooMany = (retryAfter: number) => ({
    status: "TOO_MANY_REQUESTS",
    code: "UPLOAD_LIMIT",
    message: `You have sent too many review photos in the last hour. Please wait ${Math.ceil(retryAfter / 60)} minutes and try again.`,
    data: { retryAfter },
  });

  it("are REVIEW_PHOTO_UPLOADS_PER_HOUR, refused or not; then 429 with Retry-After, for that account only", async () => {
    const { userId, token, reviewId } = await reviewer(tight);
    expect((await upload(tight, reviewId, token, await picture())).status).toBe(201);
    expect((await upload(tight, reviewId, token, notAnImage)).status).toBe(422);
    clock += 10 * 60 * 1000;
    expect((await upload(tight, reviewId, token, await picture())).status).toBe(201);
    const over = await upload(tight, reviewId, token, await picture());
    expect(over.status).toBe(429);
    expect(over.headers.get("retry-after")).toBe("3000");
    expect(over.body).toEqual(tooMany(3000));
    // Nothing of it was kept, and the refusal was not counted.
    expect((await tight.call("GET", `/userapp/reviews/${reviewId}`)).body.data.photos).toHaveLength(2);
    const [row] = await tight.db
      .select()
      .from(loginFailures)
      .where(eq(loginFailures.key, `review-photo:${userId}`));
    expect(row.failures).toBe(3);

    // Another account is not held up.
    const other = await reviewer(tight);
    expect((await upload(tight, other.reviewId, other.token, await picture())).status).toBe(201);

    // An hour after the first, the window starts again.
    clock += 50 * 60 * 1000;
    expect((await upload(tight, reviewId, token, await picture())).status).toBe(201);
  });

  it("hold when sent at once: 6 together pass 3, the rest are 429", async () => {
    const { token, reviewId } = await reviewer(tight);
    const answers = await Promise.all(Array.from({ length: 6 }, () => upload(tight, reviewId, token, notAnImage)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([422, 422, 422, 429, 429, 429]);
    for (const refused of answers.filter((answer) => answer.status === 429)) {
      expect(refused.body.code).toBe("UPLOAD_LIMIT");
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    }
  });

  it("is read from REVIEW_PHOTO_UPLOADS_PER_HOUR, 20 by default", () => {
    expect(userappSettings(readEnv({})).reviewPhotoUploadsPerHour).toBe(20);
    expect(userappSettings(readEnv({ REVIEW_PHOTO_UPLOADS_PER_HOUR: "5" })).reviewPhotoUploadsPerHour).toBe(5);
    for (const bad of ["0", "-1", "2.5", "lots", "1001"]) {
      expect(() => readEnv({ REVIEW_PHOTO_UPLOADS_PER_HOUR: bad })).toThrow(/REVIEW_PHOTO_UPLOADS_PER_HOUR/);
    }
  });
});
