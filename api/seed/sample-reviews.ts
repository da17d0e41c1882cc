import type { reviews } from "../db/schema";
import { createRandom, childSeed, seededId } from "./random";

type ReviewRow = typeof reviews.$inferInsert;

// The seed's sample reviews: a sample catalogue's ratings come from review rows like a real
// shop's, so cards, lists, sorts and the product page read them the same way. No order stands
// behind them, so none is a verified purchase and none has an author account.

const FIRST_NAMES = [
  "Aarav",
  "Aditi",
  "Akash",
  "Ananya",
  "Arjun",
  "Deepa",
  "Divya",
  "Farhan",
  "Gaurav",
  "Ishita",
  "Kavya",
  "Kiran",
  "Lakshmi",
  "Manoj",
  "Meera",
  "Neha",
  "Nikhil",
  "Pooja",
  "Priya",
  "Rahul",
  "Rohan",
  "Sanjay",
  "Shreya",
  "Sneha",
  "Suresh",
  "Tanvi",
  "Varun",
  "Vikram",
  "Yash",
  "Zoya",
];
const INITIALS = "ABCDGIJKMNPRSTV";

/** Titles and texts by stars (index 0: one star). */
const WORDS: { titles: string[]; bodies: string[] }[] = [
  {
    titles: ["Disappointed", "Not as described", "Would not buy again"],
    bodies: [
      "The quality is far below what the pictures suggest. I expected much better for the price.",
      "It stopped being usable within a couple of weeks. Not worth the money.",
    ],
  },
  {
    titles: ["Below average", "Could be better", "Not great"],
    bodies: [
      "It does the job, but the finish is rough and it feels cheaper than it looks.",
      "The size runs off and the material is thinner than I expected.",
    ],
  },
  {
    titles: ["Okay for the price", "Average", "Decent"],
    bodies: [
      "Nothing special, nothing wrong. Fine for everyday use.",
      "It is what it says, though I have seen better at this price.",
    ],
  },
  {
    titles: ["Good buy", "Happy with it", "Nice quality"],
    bodies: [
      "Good quality and it arrived well packed. One or two small things could be better.",
      "Comfortable and well made. Worth it, especially on offer.",
    ],
  },
  {
    titles: ["Excellent", "Loved it", "Totally worth it"],
    bodies: [
      "Exactly as shown, and the quality is excellent. Would happily buy again.",
      "Great value for money. Fits well and looks even better in person.",
    ],
  },
];

/** At most this many sample reviews per product. */
const MAX_SAMPLE_REVIEWS = 8;

/**
 * The sample reviews of product `index`: none for an unrated product, else one to
 * MAX_SAMPLE_REVIEWS whose stars average about `target` (3.0 to 5.0), now and then a low one,
 * dated between the product's listing and `now`. Deterministic: the same seed and index give
 * the same reviews.
 */
export function sampleReviews(
  seed: number,
  index: number,
  productId: string,
  target: number | null,
  listedAt: Date,
  now: Date,
): ReviewRow[] {
  if (target === null) return [];
  const random = createRandom(childSeed(seed, "reviews", index));
  const count = random.int(1, MAX_SAMPLE_REVIEWS);
  const span = Math.max(0, now.getTime() - listedAt.getTime());
  return Array.from({ length: count }, (_, n) => {
    const low = Math.floor(target);
    const stars = random.chance(0.08) ? random.int(1, 2) : Math.min(5, random.chance(target - low) ? low + 1 : low);
    const words = WORDS[stars - 1];
    const createdAt = new Date(listedAt.getTime() + Math.floor(random.next() * span));
    return {
      id: seededId(seed, `review:${index}`, n),
      productId,
      userId: null,
      authorName: `${random.pick(FIRST_NAMES)} ${INITIALS[random.int(0, INITIALS.length - 1)]}.`,
      verified: false,
      stars,
      title: random.pick(words.titles),
      body: random.pick(words.bodies),
      status: "published",
      heldFor: null,
      removalReason: null,
      helpfulCount: 0,
      reportCount: 0,
      photos: [],
      createdAt,
      updatedAt: createdAt,
    };
  });
}

/** A product's rating from its published reviews: null and null without any. */
export function ratingFrom(rows: readonly Pick<ReviewRow, "stars">[]): {
  ratingValue: number | null;
  ratingCount: number | null;
} {
  if (rows.length === 0) return { ratingValue: null, ratingCount: null };
  const total = rows.reduce((sum, row) => sum + row.stars, 0);
  // To two decimals, as api/lib/reviews/ratings.ts computes it.
  return { ratingValue: Math.round((total / rows.length) * 100) / 100, ratingCount: rows.length };
}
