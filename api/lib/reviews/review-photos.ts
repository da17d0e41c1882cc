import { and, eq, like, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type ReviewPhoto, reviewMedia, reviewPhotoUploads, reviews } from "../../db/schema";
import { MEDIA_NAME, processImage, srcsetOf } from "../catalogue/product-images";
import { ApiError, conflict, idPattern, notFound } from "../http/http";
import { newId } from "../ids";
import { changeReview, findOwnReview, lockOwnReview, removedReview, type ReviewJson, toReviewJson } from "./reviews";

// A review's photos (docs/decisions/029-reviews.md): up to 3, each through the product photos'
// checks and sharp pipeline (processImage: read by content, at most 5 MB and 50 megapixels, kept
// as WebP at a few widths without EXIF). Only the review's author adds or removes them; the files
// are served at /media/reviews/<review id>/<name> while the review is published, never while it
// is held or after the shop removed it; the back office's moderation reads them in any status
// (GET /userapp/admin/reviews/<review id>/photos/<name>, admins only).

/** Photos one review may have. */
export const MAX_REVIEW_PHOTOS = 3;

/** The list entry of a processed upload. */
function photoEntry(reviewId: string, image: Awaited<ReturnType<typeof processImage>>): ReviewPhoto {
  const folder = `/media/reviews/${reviewId}`;
  const { path, srcset = "" } = srcsetOf(folder, image);
  const thumb = image.files[0];
  return {
    id: image.hash,
    path,
    srcset,
    thumb: { path: `${folder}/${thumb.name}`, width: thumb.width, height: thumb.height },
  };
}

const REMOVED = "This review was removed by the shop and can no longer be changed. You can delete it.";

const tooManyPhotos = () =>
  new ApiError(
    409,
    "FAILURE",
    `A review has at most ${MAX_REVIEW_PHOTOS} photos. Remove one to add another.`,
    null,
    {},
    "REVIEW_PHOTO_LIMIT",
  );

/** Removes photo `photoId` (its hash) from the shopper's own review, and its files; answers the review. */
export async function removeReviewPhoto(
  db: Database,
  input: { userId: string; reviewId: string; photoId: string; now: Date },
): Promise<ReviewJson> {
  const found = await findOwnReview(db, input.userId, input.reviewId);
  const row = await changeReview(db, found.productId, async (tx) => {
    const current = await lockOwnReview(tx, input.userId, input.reviewId);
    if (!current.photos.some((photo) => photo.id === input.photoId)) throw notFound("No such photo");
    await tx
      .delete(reviewMedia)
      .where(and(eq(reviewMedia.reviewId, current.id), like(reviewMedia.name, `${input.photoId}-%`)));
    const [updated] = await tx
      .update(reviews)
      .set({ photos: current.photos.filter((photo) => photo.id !== input.photoId), updatedAt: input.now })
      .where(eq(reviews.id, current.id))
      .returning();
    return updated;
  });
  return toReviewJson(row, true);
}

/**
 * A review's photo file, or null for an unknown one. `published` (the public /media route) also
 * answers null while the review is held or after the shop removed it; `any` (the back office's
 * moderation) answers it whatever the review's status, as long as the review and its file exist.
 */
export async function readReviewMedia(
  db: Database,
  reviewId: string,
  name: string,
  whose: "published" | "any" = "published",
): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!idPattern.test(reviewId) || !MEDIA_NAME.test(name)) return null;
  const [row] = await db
    .select({ bytes: reviewMedia.bytes })
    .from(reviewMedia)
    .innerJoin(reviews, eq(reviews.id, reviewMedia.reviewId))
    .where(
      and(
        eq(reviewMedia.reviewId, reviewId),
        eq(reviewMedia.name, name),
        whose === "published" ? eq(reviews.status, "published") : undefined,
      ),
    )
    .limit(1);
  return row ? new Uint8Array(row.bytes) : null;
}

/** How long a photo's slot is held for its decoding; an older one is from a process that stopped. */
export const UPLOAD_SLOT_MS = 5 * 60 * 1000;

/**
 * Takes one of the review's 3 photo slots for an upload, or refuses it (409) before its image is
 * decoded: the review's row is locked while its photos and the uploads under way are counted, so
 * however many arrive at once, at most 3 minus the photos it has reach sharp. The lock is held
 * for these few statements only, not through the decode: every upload waiting for it would hold
 * a database connection meanwhile, and ten at once would take the whole pool from the shop.
 */
async function takeSlot(db: Database, userId: string, reviewId: string, now: Date): Promise<string> {
  return db.transaction(async (tx) => {
    const current = await lockOwnReview(tx as unknown as Database, userId, reviewId);
    if (current.status === "removed") throw removedReview(REMOVED);
    await tx
      .delete(reviewPhotoUploads)
      .where(
        and(
          eq(reviewPhotoUploads.reviewId, reviewId),
          lt(reviewPhotoUploads.startedAt, new Date(now.getTime() - UPLOAD_SLOT_MS)),
        ),
      );
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::integer` })
      .from(reviewPhotoUploads)
      .where(eq(reviewPhotoUploads.reviewId, reviewId));
    if (current.photos.length + n >= MAX_REVIEW_PHOTOS) throw tooManyPhotos();
    const id = newId();
    await tx.insert(reviewPhotoUploads).values({ id, reviewId, startedAt: now });
    return id;
  });
}

/**
 * Adds a photo to the shopper's own review (last); answers the review. 404 for another's review,
 * 409 for a removed one (REVIEW_REMOVED), a fourth photo (REVIEW_PHOTO_LIMIT, counting the uploads
 * under way, before any decoding) or the same photo twice; 413/422 from processImage.
 */
export async function addReviewPhoto(
  db: Database,
  input: { userId: string; reviewId: string; bytes: Uint8Array; now: Date },
): Promise<ReviewJson> {
  const found = await findOwnReview(db, input.userId, input.reviewId);
  const slot = await takeSlot(db, input.userId, input.reviewId, input.now);
  try {
    const image = await processImage(input.bytes, "photo");
    const row = await changeReview(db, found.productId, async (tx) => {
      const current = await lockOwnReview(tx, input.userId, input.reviewId);
      await tx.delete(reviewPhotoUploads).where(eq(reviewPhotoUploads.id, slot));
      // Removed by the shop while the photo was decoded.
      if (current.status === "removed") throw removedReview(REMOVED);
      if (current.photos.some((photo) => photo.id === image.hash))
        throw conflict("This photo is already on your review.", null, "PHOTO_DUPLICATE");
      if (current.photos.length >= MAX_REVIEW_PHOTOS) throw tooManyPhotos();
      await tx
        .insert(reviewMedia)
        .values(image.files.map((file) => ({ reviewId: current.id, name: file.name, bytes: file.bytes })))
        .onConflictDoNothing();
      const [updated] = await tx
        .update(reviews)
        .set({ photos: [...current.photos, photoEntry(current.id, image)], updatedAt: input.now })
        .where(eq(reviews.id, current.id))
        .returning();
      return updated;
    });
    return toReviewJson(row, true);
  } finally {
    // Refused or failed, the slot is given back (saved, it went with the photo's transaction).
    await db.delete(reviewPhotoUploads).where(eq(reviewPhotoUploads.id, slot));
  }
}
