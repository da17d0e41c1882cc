import { z } from "zod";
import { imageFileProblem, IMAGE_TYPES } from "../forms/image-upload";
import { CONTROL_CHARACTER_MESSAGE, withoutControlCharacters } from "../forms/plain-text";
import { REVIEW_BODY_MAX, REVIEW_PHOTOS_MAX, REVIEW_TITLE_MAX, shortName, tooManyPhotos } from "./review-form";

// The review form's rules (the API holds the same ones and has the last word). Apart from
// app/lib/reviews/reviews.ts, which the product page imports: zod would add about 24 KB gzip to its JavaScript.

/** The photo input's `accept`. */
export const REVIEW_PHOTO_ACCEPT = IMAGE_TYPES.join(",");

const STARS_MESSAGE = "Choose from 1 to 5 stars";

/**
 * The review form: stars required, title and text optional within their limits, and up to 3
 * photos, each a JPEG, PNG or WebP of at most 5 MB by its declared type (the API then reads it).
 * The files are checked in the browser and again in the action, which also counts the review's own.
 */
export const reviewFormSchema = z.object({
  stars: z.number({ error: STARS_MESSAGE }).int(STARS_MESSAGE).min(1, STARS_MESSAGE).max(5, STARS_MESSAGE),
  title: z
    .string()
    .trim()
    .max(REVIEW_TITLE_MAX, `The title can be at most ${REVIEW_TITLE_MAX} characters`)
    .refine(withoutControlCharacters, CONTROL_CHARACTER_MESSAGE)
    .optional(),
  body: z
    .string()
    .trim()
    .max(REVIEW_BODY_MAX, `The review can be at most ${REVIEW_BODY_MAX.toLocaleString("en-IN")} characters`)
    .refine(withoutControlCharacters, CONTROL_CHARACTER_MESSAGE)
    .optional(),
  photos: z
    .array(z.instanceof(File))
    .max(REVIEW_PHOTOS_MAX, tooManyPhotos(0))
    .superRefine((files, ctx) => {
      for (const file of files) {
        const problem = imageFileProblem(file);
        if (problem) ctx.addIssue({ code: "custom", message: `${shortName(file.name)}: ${problem}` });
      }
    })
    .optional(),
});
