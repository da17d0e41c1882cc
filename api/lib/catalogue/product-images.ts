import { createHash } from "node:crypto";
import { and, eq, like, sql } from "drizzle-orm";
import sharp, { type Metadata } from "sharp";
import type { Database } from "../../db/client";
import { orderItems, type ProductImage, productMedia, products } from "../../db/schema";
import { changeCatalogue, loadAdminProduct, lockProducts, writeAudit } from "./admin-catalogue";
import { ApiError, conflict, fieldErrorsResponse, idPattern, notFound } from "../http/http";

// Product photos uploaded in the back office (POST /userapp/admin/products/{id}/images; docs/back-office.md,
// "The /userapp API"; docs/decisions/008-catalogue-admin.md). The upload is checked by what it
// holds, never by its name or declared type, made into WebP at a few widths, and kept in the
// database (product_media), served at /media/products/<id>/<hash>-<width>.webp.

/** The largest upload: 5 MB. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Images one product may have. */
export const MAX_IMAGES = 10;
/**
 * The most pixels an upload may have (50 megapixels, a 8,660 × 5,773 photo). A small file can
 * declare a huge picture (a "decompression bomb"): its size is read from the header first, and
 * the pixels are never decoded when it is over.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;
/** The widths made of each upload, for `<img srcset>`; an upload narrower than one is not enlarged. */
export const IMAGE_WIDTHS = [320, 640, 1024] as const;

const ACCEPTED = new Set(["jpeg", "png", "webp"]);
const TYPE_MESSAGE = "The image must be a JPEG, PNG or WebP picture";

/** "/media/products/<id>/<hash>-<width>.webp" */
const MEDIA_PATH = /^\/media\/products\/([0-9a-f]{24})\/([0-9a-f]{16})-(\d{1,5})\.webp$/;
/** A stored file's name. */
export const MEDIA_NAME = /^[0-9a-f]{16}-\d{1,5}\.webp$/;

const imageError = (message: string, field: string) => fieldErrorsResponse([{ path: field, message }]);

export const tooLarge = (limit: number, message: string) =>
  new ApiError(413, "PAYLOAD_TOO_LARGE", message, { limit }, {}, "FILE_TOO_LARGE");

export type ProcessedImage = {
  hash: string;
  files: { width: number; height: number; name: string; bytes: Uint8Array }[];
};

/**
 * Checks an upload by its content (sharp reads the format from the file's first bytes) and makes
 * its WebP versions. Throws 422 on `field` for anything but a readable JPEG, PNG or WebP within
 * MAX_IMAGE_PIXELS, 413 over MAX_IMAGE_BYTES. Product photos and review photos alike.
 */
export async function processImage(bytes: Uint8Array, field = "image"): Promise<ProcessedImage> {
  if (bytes.byteLength > MAX_IMAGE_BYTES)
    throw tooLarge(MAX_IMAGE_BYTES, `The image is larger than ${MAX_IMAGE_BYTES} bytes (5 MB).`);
  if (bytes.byteLength === 0) throw imageError("The image file is empty", field);
  const options = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" } as const;
  let metadata: Metadata;
  try {
    // The header alone: no pixel is decoded here, so the size check below can name the picture's size.
    metadata = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw imageError(TYPE_MESSAGE, field);
  }
  if (!metadata.format || !ACCEPTED.has(metadata.format)) throw imageError(TYPE_MESSAGE, field);
  const { width = 0, height = 0 } = metadata;
  if (width * height > MAX_IMAGE_PIXELS) {
    throw imageError(
      `The image is ${width} × ${height} pixels; at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels are taken`,
      field,
    );
  }
  // Upright, as a phone's EXIF orientation says; the EXIF itself (location included) is not kept.
  const uprightWidth = (metadata.orientation ?? 1) >= 5 ? height : width;
  const widths = [...new Set(IMAGE_WIDTHS.map((w) => Math.min(w, uprightWidth)))].filter((w) => w > 0);
  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 16);
  try {
    const files = await Promise.all(
      widths.map(async (w) => {
        const { data, info } = await sharp(bytes, options)
          .rotate()
          .resize({ width: w, withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer({ resolveWithObject: true });
        return { width: w, height: info.height, name: `${hash}-${w}.webp`, bytes: new Uint8Array(data) };
      }),
    );
    return { hash, files };
  } catch {
    // The header was fine but the pixels are not (a truncated or corrupt file).
    throw imageError("The image could not be read; it may be damaged", field);
  }
}

/** The `images` entry of a processed upload. */
export function imageEntry(productId: string, image: ProcessedImage): ProductImage {
  return srcsetOf(`/media/products/${productId}`, image);
}

/** The plain `src` (the middle width) and `srcset` of a processed upload whose files are served under `folder`. */
export function srcsetOf(folder: string, image: ProcessedImage): ProductImage {
  const url = (name: string) => `${folder}/${name}`;
  // The middle width is the plain `src`, for a client that ignores srcset.
  const src = image.files[Math.floor((image.files.length - 1) / 2)] ?? image.files[0];
  return {
    path: url(src.name),
    srcset: image.files.map((file) => `${url(file.name)} ${file.width}w`).join(", "),
    widths: image.files.map((file) => file.width),
  };
}

/** The hash of an uploaded image's entry (null for the seed's artwork). */
function hashOf(entry: ProductImage): string | null {
  return MEDIA_PATH.exec(entry.path)?.[2] ?? null;
}

type Deps = { db: Database; now: () => Date };

/** Adds an upload to product `id`'s images (last), answers the product. */
export async function addProductImage(deps: Deps, actorId: string | null, id: string, bytes: Uint8Array) {
  if (!idPattern.test(id)) throw notFound("Product not found");
  const [exists] = await deps.db.select({ id: products.id }).from(products).where(eq(products.id, id)).limit(1);
  if (!exists) throw notFound("Product not found");
  // The work of sharp is done before the transaction, which then holds its lock only for the writes.
  const image = await processImage(bytes);
  await changeCatalogue(deps.db, async (tx) => {
    if (!(await lockProducts(tx, [id])).has(id)) throw notFound("Product not found");
    const [row] = await tx.select({ images: products.images }).from(products).where(eq(products.id, id));
    if (row.images.some((entry) => hashOf(entry) === image.hash))
      throw conflict("This image is already one of the product's images.", null, "IMAGE_DUPLICATE");
    if (row.images.length >= MAX_IMAGES)
      throw conflict(`A product has at most ${MAX_IMAGES} images. Remove one to add another.`, null, "IMAGE_LIMIT");
    await tx
      .insert(productMedia)
      .values(image.files.map((file) => ({ productId: id, name: file.name, bytes: file.bytes })))
      .onConflictDoNothing();
    const entry = imageEntry(id, image);
    const images = [...row.images, entry];
    await tx.update(products).set({ images }).where(eq(products.id, id));
    await writeAudit(tx, [
      {
        actorId,
        action: "product.image.add",
        entity: "product",
        entityId: id,
        before: { images: row.images },
        after: { images },
        at: deps.now(),
      },
    ]);
    return { result: null, changed: true };
  });
  return (await loadAdminProduct(deps.db, id))!;
}

/**
 * Removes image `index` (0 first) of product `id`, answers the product. The files go too, unless
 * an order shows one of them (an order keeps the picture it was placed with).
 */
export async function removeProductImage(deps: Deps, actorId: string | null, id: string, index: number) {
  if (!idPattern.test(id)) throw notFound("Product not found");
  await changeCatalogue(deps.db, async (tx) => {
    if (!(await lockProducts(tx, [id])).has(id)) throw notFound("Product not found");
    const [row] = await tx.select({ images: products.images }).from(products).where(eq(products.id, id));
    if (!Number.isInteger(index) || index < 0 || index >= row.images.length) throw notFound("No such image");
    const removed = row.images[index];
    const images = row.images.filter((_, i) => i !== index);
    await tx.update(products).set({ images }).where(eq(products.id, id));
    const hash = hashOf(removed);
    if (hash) {
      const prefix = `/media/products/${id}/${hash}-`;
      const [ordered] = await tx
        .select({ n: sql<number>`1` })
        .from(orderItems)
        .where(and(eq(orderItems.productId, id), like(orderItems.image, `${prefix}%`)))
        .limit(1);
      if (!ordered)
        await tx.delete(productMedia).where(and(eq(productMedia.productId, id), like(productMedia.name, `${hash}-%`)));
    }
    await writeAudit(tx, [
      {
        actorId,
        action: "product.image.remove",
        entity: "product",
        entityId: id,
        before: { images: row.images },
        after: { images },
        at: deps.now(),
      },
    ]);
    return { result: null, changed: true };
  });
  return (await loadAdminProduct(deps.db, id))!;
}

/** A stored file, or null. */
export async function readMedia(
  db: Database,
  productId: string,
  name: string,
): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!idPattern.test(productId) || !MEDIA_NAME.test(name)) return null;
  const [row] = await db
    .select({ bytes: productMedia.bytes })
    .from(productMedia)
    .where(and(eq(productMedia.productId, productId), eq(productMedia.name, name)))
    .limit(1);
  return row ? new Uint8Array(row.bytes) : null;
}
