// Photo uploads, in the back office (product photos) and by shoppers (review photos): what the
// API accepts (JPEG, PNG, WebP, at most 5 MB; api/lib/catalogue/product-images.ts), checked in the
// browser and in the action before the API, which reads the file itself and has the last word.
// Pure: the browser may import it.

export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPE_MESSAGE = "Choose a JPEG, PNG or WebP image.";
export const IMAGE_SIZE_MESSAGE = "The image is larger than 5 MB. Choose a smaller one.";

/** What is wrong with a chosen file by its declared type and size, or null. */
export function imageFileProblem(file: { type: string; size: number }): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return IMAGE_TYPE_MESSAGE;
  if (file.size > IMAGE_MAX_BYTES) return IMAGE_SIZE_MESSAGE;
  return null;
}
