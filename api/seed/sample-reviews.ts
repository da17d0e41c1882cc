import type { reviews } from "../db/schema";
import { createRandom, childSeed, seededId, shuffled } from "./random";
import { bandOf, kindOf, TITLES, textsFor } from "./sample-review-texts";

type ReviewRow = typeof reviews.$inferInsert;

// The seed's sample reviews: they show a new shop's product pages with reviews in them, and say
// what they are (decision 047). Nobody wrote them: each is marked `sample`, labelled "Sample
// review" wherever it shows, never a verified purchase, has no author account and counts in no
// rating. `npm run seed -- --remove-sample-reviews` removes them all (remove-samples.ts).

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

/** At most this many sample reviews per product (each band's texts and titles hold more, sample-review-texts.ts). */
export const MAX_SAMPLE_REVIEWS = 8;

/**
 * The sample reviews of product `index`: none for an unrated product, else one to
 * MAX_SAMPLE_REVIEWS whose stars average about `target` (3.0 to 5.0), now and then a low one.
 * Their texts fit the product's kind, none twice on one product, and they are dated across the
 * product's listed life: each in its own share of the time from `listedAt` to `now`, strictly
 * between the two. Marked `sample`: labelled so wherever they show, and counted in no rating
 * (decision 047). Deterministic: the same seed and index give the same reviews.
 */
export function sampleReviews(
  seed: number,
  index: number,
  product: { id: string; category: string; subCategory: string; productSubType: string },
  target: number | null,
  listedAt: Date,
  now: Date,
): ReviewRow[] {
  if (target === null) return [];
  const random = createRandom(childSeed(seed, "reviews", index));
  const count = random.int(1, MAX_SAMPLE_REVIEWS);
  const span = Math.max(0, now.getTime() - listedAt.getTime());
  const kind = kindOf(product);
  // Each band's texts and titles, shuffled once per product and taken in turn: none repeats.
  const drawn = new Map<string, string[]>();
  const take = (key: string, pool: () => readonly string[]) => {
    if (!drawn.has(key)) drawn.set(key, shuffled(pool(), random));
    return drawn.get(key)!.pop()!;
  };
  return Array.from({ length: count }, (_, n) => {
    const low = Math.floor(target);
    const stars = random.chance(0.08) ? random.int(1, 2) : Math.min(5, random.chance(target - low) ? low + 1 : low);
    const band = bandOf(stars);
    // Its share of the product's life, kept off both ends (1 % of the span each side).
    const at = (n + 0.01 + 0.98 * random.next()) / count;
    const createdAt = new Date(listedAt.getTime() + Math.max(1, Math.floor(at * span)));
    return {
      id: seededId(seed, `review:${index}`, n),
      productId: product.id,
      userId: null,
      authorName: `${random.pick(FIRST_NAMES)} ${INITIALS[random.int(0, INITIALS.length - 1)]}.`,
      verified: false,
      sample: true,
      stars,
      title: take(`title:${band}`, () => TITLES[band]),
      body: take(`body:${band}`, () => textsFor(kind, band)),
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
