import { z } from "zod";
import { CONTROL_CHARACTER_MESSAGE, withoutControlCharacters } from "./plain-text";
import { REVIEW_BODY_MAX, REVIEW_TITLE_MAX } from "./reviews";

// The review form's rules (the API holds the same ones and has the last word). Apart from
// app/lib/reviews.ts, which the product page imports: zod would add about 24 KB gzip to its JavaScript.

const STARS_MESSAGE = "Choose from 1 to 5 stars";

/** The review form: stars required, title and text optional within their limits. */
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
});
