// The words of the seed's sample reviews (sample-reviews.ts), by the kind of product they are of,
// so headphones are not praised for their fit. Each product draws its texts without putting one
// back: every pool of a band, its kind's and the shared one together, holds more texts than a
// product has sample reviews (MAX_SAMPLE_REVIEWS), so no text shows twice on one product.

/** A star band: 4 and 5 stars ("high"), 3 ("mid"), 1 and 2 ("low"). */
export type Band = "high" | "mid" | "low";

export const bandOf = (stars: number): Band => (stars >= 4 ? "high" : stars === 3 ? "mid" : "low");

/** The kinds of product with texts of their own. */
export type Kind =
  | "clothing"
  | "shoes"
  | "bags"
  | "watch"
  | "smartwatch"
  | "audio"
  | "charging"
  | "television"
  | "lamp"
  | "wallArt"
  | "cushion"
  | "electronics"
  | "fashion"
  | "homeDecor";

/** The kind of a product, from its category and sub-type; a family added later falls back to its category's. */
export function kindOf(product: { category: string; subCategory: string; productSubType: string }): Kind {
  const { category, productSubType: subType } = product;
  if (subType === "Televisions") return "television";
  if (category === "Fashion") {
    if (subType === "T-Shirts" || subType === "Jeans") return "clothing";
    if (subType === "Shoes") return "shoes";
    if (subType === "Bags") return "bags";
    if (subType === "Watches") return "watch";
    return "fashion";
  }
  if (category === "Electronics" || category === "Televisions") {
    if (subType === "Watches") return "smartwatch";
    if (subType === "Headphones" || subType === "Speakers") return "audio";
    if (subType === "Chargers" || subType.startsWith("Power")) return "charging";
    return category === "Televisions" ? "television" : "electronics";
  }
  if (category === "Home Decor") {
    if (subType === "Lamps") return "lamp";
    if (subType === "Cushions") return "cushion";
    if (product.subCategory === "Wall Art" || ["Paintings", "Posters", "Frames"].includes(subType)) return "wallArt";
    return "homeDecor";
  }
  return "homeDecor";
}

/** Titles by band, shared by every kind: none names a product's kind. */
export const TITLES: Record<Band, readonly string[]> = {
  high: [
    "Excellent",
    "Loved it",
    "Totally worth it",
    "Good buy",
    "Happy with it",
    "Nice quality",
    "Does what it promises",
    "Would buy again",
    "Great value",
    "Very pleased",
  ],
  mid: [
    "Okay for the price",
    "Average",
    "Decent",
    "Fine, nothing more",
    "Mixed feelings",
    "It does the job",
    "Could be better",
    "Not bad",
  ],
  low: [
    "Disappointed",
    "Not as described",
    "Would not buy again",
    "Below average",
    "Not great",
    "Expected more",
    "Not worth it",
    "Poor value",
  ],
};

/** Texts that fit any product, by band. */
const SHARED: Record<Band, readonly string[]> = {
  high: [
    "Arrived two days early and very well packed. Exactly as shown in the pictures.",
    "Good value at the offer price. I compared it with a few others and chose well.",
    "Matches the description in every way. Easy to recommend.",
    "Bought it as a gift and it was well received. The box looks good too.",
    "Third order from this seller and the quality is as consistent as ever.",
  ],
  mid: [
    "It does what it says, though I have seen better at this price.",
    "Nothing special, nothing wrong. Fine for everyday use.",
    "Delivery took longer than promised, but the product itself is alright.",
    "Decent on offer; at the full price I would look elsewhere.",
    "Looks slightly different from the photos, but I am keeping it.",
    "Average. It works, and that is about all I can say.",
  ],
  low: [
    "The quality is far below what the pictures suggest. I expected much better for the price.",
    "The box arrived dented and the product inside has a scratch.",
    "Not worth the money. I am returning it.",
    "Looks cheap in person, nothing like the photos.",
    "The description promised more than this delivers.",
    "Took two weeks to arrive and was not worth the wait.",
  ],
};

/** Texts of one kind of product, by band. */
const BY_KIND: Record<Kind, Record<Band, readonly string[]>> = {
  clothing: {
    high: [
      "Fits well and looks even better in person. The fabric is soft and the colour held after washing.",
      "True to size. The stitching is neat and it has kept its shape after many washes.",
      "Comfortable for a whole day out, and the colour is exactly as pictured.",
      "Good fabric for the price. I ordered a second one in another colour.",
    ],
    mid: ["The fit is a little loose, but the fabric is fine.", "The colour faded slightly after the first wash."],
    low: [
      "The size runs small and the fabric is thinner than I expected.",
      "Stitching came loose at the seam in a week.",
    ],
  },
  shoes: {
    high: [
      "Comfortable from the first day, no breaking in needed. True to UK size.",
      "Good grip and a well-padded sole. I walk a lot and my feet thank me.",
      "Looks smart and feels light. The finish is neat all round.",
      "Second pair from this brand; the size and comfort are as before.",
    ],
    mid: ["A little tight at the toe at first; better after a week.", "Comfortable, though the sole feels thin."],
    low: ["The sole started coming apart within a month.", "Runs a full size small and pinches at the heel."],
  },
  bags: {
    high: [
      "Roomy, with enough pockets to keep things sorted. The zips run smoothly.",
      "The straps are well padded and it sits comfortably on the shoulder all day.",
      "Sturdy stitching and a water-resistant feel. Carries my laptop and lunch easily.",
      "Looks smart for office and travel both. Good material for the price.",
    ],
    mid: ["Decent bag, but smaller inside than it looks.", "The zip sticks now and then; otherwise fine."],
    low: ["A strap came loose within two weeks of use.", "The material scuffs easily and looks worn already."],
  },
  watch: {
    high: [
      "Elegant dial and a comfortable strap. Keeps good time.",
      "Looks more expensive than it is. I get compliments at work.",
      "Light on the wrist, and the clasp feels secure.",
      "The dial is easy to read and the finish is neat.",
    ],
    mid: ["Nice design, though the strap feels stiff.", "Keeps time well, but the glass scratches easily."],
    low: ["Stopped working after a month.", "The strap colour wore off within weeks."],
  },
  smartwatch: {
    high: [
      "The battery lasts about a week for me, and the step count matches my phone.",
      "Pairs quickly with my phone and shows messages clearly. The display is bright outdoors.",
      "Sleep and heart-rate tracking seem accurate enough for everyday use.",
      "Light on the wrist and the strap is comfortable for a whole day.",
    ],
    mid: ["The app is clumsy, but the watch itself is fine.", "Battery life is shorter than advertised."],
    low: ["Keeps losing its connection to my phone.", "The screen is hard to read in sunlight."],
  },
  audio: {
    high: [
      "Clear sound with deep bass, and pairing with my phone took seconds.",
      "Battery lasts through my whole week of commuting. Calls sound clear too.",
      "Comfortable for long listening, and the sound is balanced at every volume.",
      "Good sound for the price. Connects to my laptop and phone without trouble.",
    ],
    mid: ["Sound is fine, but the bass is weak.", "Bluetooth drops now and then when the phone is in my pocket."],
    low: ["One side stopped working within a month.", "Crackles at high volume and the battery drains fast."],
  },
  charging: {
    high: [
      "Charges my phone fast and stays cool while doing it.",
      "Compact and well built. It has survived a few drops already.",
      "Works with both my phone and my earbuds. Charges as fast as promised.",
      "Holds its charge for days when not in use. Handy on trips.",
    ],
    mid: ["Charges fine, but slower than the box says.", "Works, though it gets warm when charging."],
    low: ["Stopped charging after three weeks.", "Charges very slowly; nowhere near the speed advertised."],
  },
  television: {
    high: [
      "Sharp picture and good colours. The installation visit was prompt.",
      "The apps run smoothly and the remote is easy to use. Great for cricket matches.",
      "Bright enough for our sunlit living room. Sound is decent without a soundbar.",
      "Easy to set up, and streaming is quick on our home Wi-Fi.",
    ],
    mid: ["Good picture, but the sound is thin.", "The menus are slow at times; the picture is fine."],
    low: ["A line of dead pixels appeared within a month.", "The Wi-Fi keeps disconnecting and apps freeze."],
  },
  lamp: {
    high: [
      "Gives a warm, soft light, just right for reading in the evening.",
      "Sturdy base and a neat finish. Looks lovely on the bedside table.",
      "The light is bright enough for work and easy on the eyes.",
      "Simple to assemble and looks more expensive than it was.",
    ],
    mid: ["Nice design, but the light is dimmer than I hoped.", "The switch feels flimsy; the lamp looks fine."],
    low: ["Arrived with a cracked shade.", "Flickers now and then, even with a new bulb."],
  },
  wallArt: {
    high: [
      "The print is sharp and the colours are rich. It lifts the whole room.",
      "Well framed and easy to hang. Looks exactly as pictured.",
      "Good size for the wall above our sofa. Guests always ask about it.",
      "The frame is solid and the glass arrived without a scratch.",
    ],
    mid: ["The colours are duller than in the photos.", "Nice print, but the frame feels light."],
    low: ["The glass arrived cracked.", "The print is blurry up close."],
  },
  cushion: {
    high: [
      "Soft and well filled, and the cover washes well.",
      "The colours brighten up our sofa, and the zip is hidden neatly.",
      "Plump and comfortable, keeps its shape after weeks of use.",
      "Good fabric and neat stitching. Ordered two more.",
    ],
    mid: ["The cover is nice, but the filling is thin.", "Colour slightly different from the photos."],
    low: ["The cover faded after one wash.", "Flattened within a couple of weeks."],
  },
  electronics: {
    high: [
      "Works exactly as described and was easy to set up.",
      "Solid build and it does its job well. No complaints so far.",
      "Easy to use, and the instructions were clear.",
      "Reliable so far, after a month of daily use.",
    ],
    mid: ["Works, but the build feels cheap.", "Does the job; the buttons are a little stiff."],
    low: ["Stopped working within a month.", "Did not work out of the box and needed a replacement."],
  },
  fashion: {
    high: [
      "Looks great and feels well made. Matches the pictures.",
      "The finish is neat and it goes with everything I own.",
      "Good quality for the price, and it arrived nicely packed.",
      "Stylish and well made. I use it every day.",
    ],
    mid: ["Looks fine, though the material feels cheap.", "Decent, but the colour is a shade off."],
    low: ["The finish came off within weeks.", "Poorly made for the price."],
  },
  homeDecor: {
    high: [
      "Looks lovely in our living room and is well made.",
      "Neat finish and exactly the colour shown.",
      "Adds a nice touch to the room; good quality for the price.",
      "Sturdy and well packed. Looks even better in person.",
    ],
    mid: ["Nice, but smaller than I imagined.", "The finish is uneven in places."],
    low: ["Arrived damaged.", "Looks cheap in person."],
  },
};

/** The texts a product of `kind` may get for `band`: its kind's first, then the shared ones. */
export function textsFor(kind: Kind, band: Band): readonly string[] {
  return [...BY_KIND[kind][band], ...SHARED[band]];
}
