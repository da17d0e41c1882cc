/**
 * The seeded catalogue's size scales: one per kind of product, each in the words and
 * capitalisation a shop of that kind uses (decision 046). A product sells a run of
 * neighbouring sizes of its family's scale; things sold in one size are "Free Size".
 */

/** Shirts and T-shirts. */
export const LETTER_SIZES = ["S", "M", "L", "XL", "XXL"] as const;
/** Jeans, by waist in inches. */
export const WAIST_SIZES = ["28", "30", "32", "34", "36", "38", "40"] as const;
/** Shoes, by UK size. */
export const SHOE_SIZES = ["UK 6", "UK 7", "UK 8", "UK 9", "UK 10", "UK 11"] as const;
/** Televisions, by screen diagonal. */
export const SCREEN_SIZES = ["32 inch", "43 inch", "55 inch", "65 inch"] as const;
/** Framed paintings, by frame. */
export const FRAME_SIZES = ["30 × 40 cm", "45 × 60 cm", "60 × 90 cm", "90 × 120 cm"] as const;
/** Cushion covers, by the cushion they fit. */
export const CUSHION_SIZES = ["30 × 30 cm", "40 × 40 cm", "45 × 45 cm", "60 × 60 cm"] as const;
/** Everything sold in one size. */
export const FREE_SIZE = ["Free Size"] as const;

/** A television's screen in centimetres, as Indian shops give it beside the inches. */
export const SCREEN_CM: Record<string, string> = {
  "32 inch": "80 cm",
  "43 inch": "108 cm",
  "55 inch": "139 cm",
  "65 inch": "164 cm",
};

/** "S, M and L": a list of sizes in words, for the copy. */
export function sizeList(sizes: readonly string[]): string {
  return sizes.length < 2 ? sizes.join("") : `${sizes.slice(0, -1).join(", ")} and ${sizes[sizes.length - 1]}`;
}
