/**
 * What the seeded shop sells: merchants and product families (a kind of product with its
 * classification, brands, models, sizes, price bands and copy). The generator in
 * catalogue.ts turns these into products; nothing here is random.
 *
 * Each family sells the sizes of its own scale (sizes.ts) under brands that make that kind of
 * product; the shop's filters list what the catalogue holds (decision 046).
 */

import {
  CUSHION_SIZES,
  FRAME_SIZES,
  FREE_SIZE,
  LETTER_SIZES,
  SCREEN_CM,
  SCREEN_SIZES,
  SHOE_SIZES,
  WAIST_SIZES,
  sizeList,
} from "./sizes";

export type Gender = "men" | "women" | "unisex";

/** A merchant with its GST registration: GSTIN (valid check character), state and registered address. */
export type MerchantSeed = {
  key: string;
  companyName: string;
  name: string;
  email: string;
  gstin: string;
  state: string;
  address: string;
};

export const MERCHANTS: readonly MerchantSeed[] = [
  {
    key: "sharma",
    companyName: "Sharma Electronics Pvt Ltd",
    name: "Rohit Sharma",
    email: "sales.sharmaelectronics@example.com",
    gstin: "07AABCS4821K1ZB",
    state: "Delhi",
    address: "14 Nehru Place, New Delhi 110019",
  },
  {
    key: "gupta",
    companyName: "Gupta Digital World",
    name: "Ankit Gupta",
    email: "orders.guptadigital@example.com",
    gstin: "09BQGPG7314M1ZJ",
    state: "Uttar Pradesh",
    address: "B-22 Sector 18, Noida 201301",
  },
  {
    key: "mehta",
    companyName: "Mehta Home Appliances LLP",
    name: "Priya Mehta",
    email: "care.mehtahome@example.com",
    gstin: "27AAKFM2290R1ZJ",
    state: "Maharashtra",
    address: "7 Lamington Road, Grant Road East, Mumbai 400007",
  },
  {
    key: "kapoor",
    companyName: "Kapoor Fashion House",
    name: "Neha Kapoor",
    email: "hello.kapoorfashion@example.com",
    gstin: "07CKZPK5567D1ZJ",
    state: "Delhi",
    address: "31 Karol Bagh Market, New Delhi 110005",
  },
  {
    key: "iyer",
    companyName: "Sri Lakshmi Textiles",
    name: "Venkatesh Iyer",
    email: "srilakshmitextiles@example.com",
    gstin: "33AHJPI3108B1Z2",
    state: "Tamil Nadu",
    address: "12 Usman Road, T. Nagar, Chennai 600017",
  },
  {
    key: "patel",
    companyName: "Patel Sports Emporium",
    name: "Kiran Patel",
    email: "patelsports@example.com",
    gstin: "24BDYPP6642E1Z3",
    state: "Gujarat",
    address: "5 Law Garden Road, Navrangpura, Ahmedabad 380009",
  },
  {
    key: "rathore",
    companyName: "Jaipur Handicrafts Emporium",
    name: "Meera Rathore",
    email: "jaipurhandicrafts@example.com",
    gstin: "08AMWPR4470H1ZB",
    state: "Rajasthan",
    address: "22 Johari Bazaar, Jaipur 302003",
  },
  {
    key: "banerjee",
    companyName: "Banerjee Home Decor Studio",
    name: "Sourav Banerjee",
    email: "studio.banerjeedecor@example.com",
    gstin: "19BFCPB9025L1ZC",
    state: "West Bengal",
    address: "9 Park Street, Kolkata 700016",
  },
  {
    key: "reddy",
    companyName: "Reddy Mobile Hub",
    name: "Srinivas Reddy",
    email: "reddymobilehub@example.com",
    gstin: "36AQZPR1356N1ZT",
    state: "Telangana",
    address: "3-6-145 Himayatnagar, Hyderabad 500029",
  },
  {
    key: "khanna",
    companyName: "Khanna Lifestyle Stores Pvt Ltd",
    name: "Arjun Khanna",
    email: "support.khannalifestyle@example.com",
    gstin: "06AADCK7719P1ZY",
    state: "Haryana",
    address: "Plot 41, Sector 44, Gurugram 122003",
  },
  {
    key: "nair",
    companyName: "Nair Audio Centre",
    name: "Anjali Nair",
    email: "nairaudio@example.com",
    gstin: "32CNRPN2863Q1Z5",
    state: "Kerala",
    address: "MG Road, Ernakulam, Kochi 682035",
  },
];

/** A model of a brand: its name, its MRP band in rupees (for its first size) and, when it differs, its noun. */
export type Model = { name: string; mrp: [number, number]; noun?: string };

export type SizePricing =
  | { kind: "flat" }
  /** Sizes from `from` up (XXL, waist 36) cost `extra` rupees more, on about half the products (as many shops do). */
  | { kind: "plus"; extra: number; from: string }
  /** Each size step up the scale costs `step` more (0.4 = 40%): screen sizes, frame sizes. */
  | { kind: "scale"; step: number };

export type CopyContext = {
  brand: string;
  model: string;
  noun: string;
  colour: string;
  gender: Gender;
  sizes: string[];
};

export type ProductFamily = {
  key: string;
  /** Share of the catalogue, relative to the other families. */
  weight: number;
  /** Artwork kind of api/seed/artwork.ts. */
  art: string;
  category: string;
  subCategory: string;
  productType: string;
  productSubType: string;
  genders: readonly Gender[];
  /** The size scale, smallest first; a product sells a run of neighbouring sizes of it (`run`). */
  sizes: readonly string[];
  /** How many neighbouring sizes a product sells, at least and at most (default 1 to 4). */
  run?: readonly [min: number, max: number];
  sizePricing: SizePricing;
  noun: string;
  brands: readonly [brand: string, models: readonly Model[]][];
  /** Indexes into ARTWORK_PALETTES that suit the product. */
  palettes: readonly number[];
  /** False where the palette is not the product's colour (a TV's palette is its screen picture). */
  colourInTitle: boolean;
  maxDiscount: number;
  features: readonly string[];
  tagLines: readonly string[];
  /** Opening sentence of the description. */
  about: readonly ((p: CopyContext) => string)[];
  /** Closing sentence: care, warranty, what is in the box. */
  closing: readonly ((p: CopyContext) => string)[];
  merchants: readonly string[];
};

const ALL = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
const APPAREL = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15];
const GADGET = [0, 1, 5, 6, 7, 8, 9, 12, 13, 15];
const DECOR = [1, 2, 3, 4, 6, 9, 10, 11, 12, 13, 15];

const forWhom = (g: Gender) => (g === "men" ? "men" : g === "women" ? "women" : "everyone");

export const FAMILIES: readonly ProductFamily[] = [
  {
    key: "casual-tee",
    weight: 5,
    art: "tshirt",
    category: "Fashion",
    subCategory: "Casual Wear",
    productType: "Clothing",
    productSubType: "T-Shirts",
    genders: ["men", "women", "unisex"],
    sizes: LETTER_SIZES,
    run: [3, 5],
    sizePricing: { kind: "plus", extra: 100, from: "XXL" },
    noun: "Round Neck T-Shirt",
    brands: [
      [
        "Nike",
        [
          { name: "Dri-FIT Legend", mrp: [1295, 1995] },
          { name: "Sportswear Club", mrp: [1495, 2295] },
          { name: "Just Do It Graphic", mrp: [1295, 1795] },
        ],
      ],
      [
        "Adidas",
        [
          { name: "Essentials 3-Stripes", mrp: [1299, 2299] },
          { name: "Own the Run", mrp: [1999, 2999] },
          { name: "Trefoil Graphic", mrp: [1499, 2499] },
        ],
      ],
      [
        "Puma",
        [
          { name: "Essentials Logo", mrp: [799, 1499] },
          { name: "Graphic Crew", mrp: [999, 1699] },
          { name: "Active Training", mrp: [1199, 1999] },
        ],
      ],
    ],
    palettes: APPAREL,
    colourInTitle: true,
    maxDiscount: 70,
    features: [
      "100% Cotton",
      "Regular Fit",
      "Slim Fit",
      "Half Sleeves",
      "Moisture-Wicking Fabric",
      "Bio-Washed",
      "Breathable Mesh Panels",
    ],
    tagLines: [
      "Everyday comfort, all-day style",
      "Made to move with you",
      "Your new weekend favourite",
      "Soft on skin, easy on the pocket",
      "Summer-ready cotton comfort",
    ],
    about: [
      (p) =>
        `The ${p.brand} ${p.model} t-shirt for ${forWhom(p.gender)} is cut from soft, breathable fabric that stays comfortable through a long Indian summer.`,
      (p) =>
        `A wardrobe staple from ${p.brand}: this ${p.colour.toLowerCase()} ${p.model} tee pairs as easily with jeans as with joggers.`,
    ],
    closing: [
      () => "Machine wash cold with like colours; do not bleach.",
      (p) => `Comes in ${sizeList(p.sizes)}, with easy 10-day returns and exchanges on size.`,
    ],
    merchants: ["kapoor", "iyer", "patel", "khanna"],
  },
  {
    key: "formal-polo",
    weight: 3,
    art: "polo",
    category: "Fashion",
    subCategory: "Formal Wear",
    productType: "Clothing",
    productSubType: "T-Shirts",
    genders: ["men", "women"],
    sizes: LETTER_SIZES,
    run: [3, 5],
    sizePricing: { kind: "plus", extra: 150, from: "XXL" },
    noun: "Polo T-Shirt",
    brands: [
      [
        "Nike",
        [
          { name: "Dri-FIT Victory Golf", mrp: [2495, 3295] },
          { name: "Court Heritage", mrp: [2295, 2995] },
        ],
      ],
      [
        "Adidas",
        [
          { name: "Ultimate365 Golf", mrp: [2999, 3999] },
          { name: "Essentials Pique", mrp: [1999, 2799] },
        ],
      ],
      [
        "Puma",
        [
          { name: "Gamer Golf", mrp: [1999, 2799] },
          { name: "Classics Pique", mrp: [1499, 2299] },
        ],
      ],
    ],
    palettes: [0, 1, 2, 3, 7, 8, 9, 10, 15],
    colourInTitle: true,
    maxDiscount: 60,
    features: ["Pique Cotton", "Ribbed Collar", "Two-Button Placket", "Tailored Fit", "Wrinkle-Resistant Fabric"],
    tagLines: [
      "Boardroom to golf course",
      "Smart polo for office Fridays",
      "Sharp looks, zero effort",
      "Polished comfort for long workdays",
    ],
    about: [
      (p) =>
        `The ${p.brand} ${p.model} polo brings a crisp collar and a tailored fit to the office without giving up comfort.`,
      (p) =>
        `Dress it up with chinos or down with denim: this ${p.colour.toLowerCase()} ${p.brand} polo keeps its shape wash after wash.`,
    ],
    closing: [
      () => "Machine wash cold and dry in shade to keep the colour rich.",
      () => "Iron on low heat, avoiding the logo.",
    ],
    merchants: ["kapoor", "iyer", "khanna"],
  },
  {
    key: "casual-jeans",
    weight: 3,
    art: "jeans",
    category: "Fashion",
    subCategory: "Casual Wear",
    productType: "Clothing",
    productSubType: "Jeans",
    genders: ["men", "women"],
    sizes: WAIST_SIZES,
    run: [4, 7],
    sizePricing: { kind: "plus", extra: 200, from: "36" },
    noun: "Jeans",
    brands: [
      [
        "Levi's",
        [
          { name: "511 Slim Fit", mrp: [2999, 4499] },
          { name: "541 Athletic Taper", mrp: [3299, 4799] },
        ],
      ],
      [
        "Wrangler",
        [
          { name: "Slim Fit Stretch", mrp: [1999, 3499] },
          { name: "Tapered Mid-Rise", mrp: [2299, 3299] },
          { name: "Straight Fit Washed", mrp: [1799, 2999] },
        ],
      ],
      ["Pepe Jeans", [{ name: "Hatch Slim Denim", mrp: [2495, 3995] }]],
    ],
    palettes: [14, 1, 0, 8, 5],
    colourInTitle: true,
    maxDiscount: 65,
    features: ["Stretchable Denim", "Mid-Rise", "Five-Pocket Styling", "Stone Wash", "Tapered Leg", "Zip Fly"],
    tagLines: [
      "Denim that keeps up with you",
      "Your go-to pair for every plan",
      "Stretch where it matters",
      "Built for all-day wear",
    ],
    about: [
      (p) =>
        `These ${p.brand} ${p.model} jeans for ${forWhom(p.gender)} use a cotton-rich stretch denim that moves with you from college to a night out.`,
      (p) =>
        `A clean ${p.colour.toLowerCase()} wash and a modern fit make the ${p.brand} ${p.model} jeans an easy everyday pick.`,
    ],
    closing: [
      () => "Wash inside out in cold water to keep the colour.",
      (p) => `Comes in waist sizes ${sizeList(p.sizes)}; sizes run true, so pick your usual waist size.`,
    ],
    merchants: ["kapoor", "iyer", "khanna"],
  },
  {
    key: "sports-shoes",
    weight: 4,
    art: "sneaker",
    category: "Fashion",
    subCategory: "Casual Wear",
    productType: "Sports",
    productSubType: "Shoes",
    genders: ["men", "women", "unisex"],
    sizes: SHOE_SIZES,
    run: [3, 6],
    sizePricing: { kind: "flat" },
    noun: "Running Shoes",
    brands: [
      [
        "Nike",
        [
          { name: "Revolution 7", mrp: [3695, 4495] },
          { name: "Pegasus 41", mrp: [11895, 12995] },
          { name: "Air Max SC", mrp: [6495, 7495], noun: "Sneakers" },
          { name: "Court Vision Low", mrp: [5995, 6995], noun: "Sneakers" },
        ],
      ],
      [
        "Adidas",
        [
          { name: "Ultraboost Light", mrp: [16999, 18999] },
          { name: "Duramo SL", mrp: [4299, 5299] },
          { name: "Galaxy 7", mrp: [3599, 4599] },
          { name: "Grand Court 2.0", mrp: [4999, 5999], noun: "Sneakers" },
        ],
      ],
      [
        "Puma",
        [
          { name: "Smashic", mrp: [2999, 3999], noun: "Sneakers" },
          { name: "Velocity Nitro 3", mrp: [10999, 12999] },
          { name: "Softride One4all", mrp: [4999, 5999] },
        ],
      ],
    ],
    palettes: [0, 1, 2, 5, 6, 7, 8, 9, 12, 13],
    colourInTitle: true,
    maxDiscount: 60,
    features: ["Cushioned Midsole", "Breathable Knit Upper", "Rubber Outsole", "Lightweight Build", "Lace-Up Closure"],
    tagLines: [
      "Every kilometre, lighter",
      "Run your city",
      "Comfort from the first step",
      "Made for morning runs and long walks",
    ],
    about: [
      (p) =>
        `The ${p.brand} ${p.model} gives ${forWhom(p.gender)} soft cushioning and a grippy outsole for daily runs, gym sessions and long walks.`,
      (p) =>
        `Light, breathable and ready for monsoon streets, the ${p.colour.toLowerCase()} ${p.brand} ${p.model} is built to go the distance.`,
    ],
    closing: [
      () => "Wipe clean with a damp cloth; do not machine wash.",
      (p) => `In UK sizes ${sizeList(p.sizes).replace(/UK /g, "")}.`,
    ],
    merchants: ["patel", "khanna"],
  },
  {
    key: "formal-shoes",
    weight: 2,
    art: "derby",
    category: "Fashion",
    subCategory: "Formal Wear",
    productType: "Accessories",
    productSubType: "Shoes",
    genders: ["men", "women"],
    sizes: SHOE_SIZES,
    run: [3, 6],
    sizePricing: { kind: "flat" },
    noun: "Leather Shoes",
    brands: [
      [
        "Puma",
        [
          { name: "Smash Leather", mrp: [3999, 4999] },
          { name: "Court Classic", mrp: [4499, 5499] },
        ],
      ],
      [
        "Adidas",
        [
          { name: "Stan Smith", mrp: [8999, 9999] },
          { name: "Advantage Base", mrp: [4599, 5599] },
        ],
      ],
      ["Nike", [{ name: "Court Legacy", mrp: [5695, 6495] }]],
    ],
    palettes: [0, 7, 8, 10, 15],
    colourInTitle: true,
    maxDiscount: 50,
    features: [
      "Genuine Leather Upper",
      "Cushioned Insole",
      "Stitched Welt",
      "Slip-Resistant Sole",
      "Low-Profile Design",
    ],
    tagLines: [
      "Smart shoes for busy days",
      "From desk to dinner",
      "Polished, comfortable, ready",
      "Classic leather, modern comfort",
    ],
    about: [
      (p) =>
        `The ${p.brand} ${p.model} ${p.noun.toLowerCase()} give office wear a clean, polished finish with the comfort of a sneaker.`,
      (p) =>
        `Crafted in ${p.colour.toLowerCase()} leather, the ${p.brand} ${p.model} suits formal trousers and smart denims alike.`,
    ],
    closing: [
      () => "Polish regularly and store with shoe trees to keep the shape.",
      (p) => `In UK sizes ${sizeList(p.sizes).replace(/UK /g, "")}.`,
    ],
    merchants: ["kapoor", "khanna"],
  },
  {
    key: "backpack",
    weight: 3,
    art: "backpack",
    category: "Fashion",
    subCategory: "Casual Wear",
    productType: "Accessories",
    productSubType: "Bags",
    genders: ["unisex", "men", "women"],
    sizes: FREE_SIZE,
    sizePricing: { kind: "flat" },
    noun: "Backpack",
    brands: [
      [
        "Nike",
        [
          { name: "Heritage", mrp: [1995, 2995] },
          { name: "Brasilia Training", mrp: [2495, 3495] },
        ],
      ],
      [
        "Adidas",
        [
          { name: "Classic Badge of Sport", mrp: [1799, 2599] },
          { name: "Power VI", mrp: [2799, 3499] },
        ],
      ],
      [
        "Puma",
        [
          { name: "Phase", mrp: [1299, 1999] },
          { name: "Evoess", mrp: [2299, 2999] },
        ],
      ],
    ],
    palettes: APPAREL,
    colourInTitle: true,
    maxDiscount: 60,
    features: [
      "Padded Laptop Sleeve",
      "Water-Resistant Fabric",
      "Padded Shoulder Straps",
      "Front Zip Pocket",
      "Side Bottle Pockets",
    ],
    tagLines: ["Carry your whole day", "Campus to commute", "Room for everything you need", "Built for daily hustle"],
    about: [
      (p) =>
        `The ${p.brand} ${p.model} backpack has space for a laptop, lunch and a change of clothes, with padded straps for crowded metro rides.`,
      (p) =>
        `Roomy, tough and easy on the shoulders, this ${p.colour.toLowerCase()} ${p.brand} backpack is made for college and office days.`,
    ],
    closing: [() => "Holds about 24 L.", () => "Spot clean with mild soap; do not machine wash."],
    merchants: ["patel", "khanna", "kapoor"],
  },
  {
    key: "laptop-bag",
    weight: 2,
    art: "messenger",
    category: "Fashion",
    subCategory: "Formal Wear",
    productType: "Accessories",
    productSubType: "Bags",
    genders: ["unisex", "men", "women"],
    sizes: FREE_SIZE,
    sizePricing: { kind: "flat" },
    noun: "Laptop Messenger Bag",
    brands: [
      ["American Tourister", [{ name: "Executive", mrp: [2499, 3499] }]],
      ["Wildcraft", [{ name: "Essentials Office", mrp: [2999, 3999] }]],
      ["Skybags", [{ name: "Business", mrp: [2999, 4499] }]],
    ],
    palettes: [0, 1, 8, 10, 15],
    colourInTitle: true,
    maxDiscount: 50,
    features: [
      "Fits 15.6-inch Laptops",
      "Detachable Shoulder Strap",
      "Organiser Pockets",
      "Water-Resistant Fabric",
      "Magnetic Buckles",
    ],
    tagLines: ["Office-ready in one bag", "Sharp, structured, sorted", "Your laptop's smart commute"],
    about: [
      (p) =>
        `The ${p.brand} ${p.model} messenger keeps a laptop, charger and files in order, and looks right in a client meeting.`,
      (p) =>
        `A structured ${p.colour.toLowerCase()} messenger bag from ${p.brand} with a padded laptop section and quick-access pockets.`,
    ],
    closing: [() => "Fits laptops up to 15.6 inches.", () => "Wipe clean with a dry cloth."],
    merchants: ["kapoor", "khanna"],
  },
  {
    key: "gym-bag",
    weight: 2,
    art: "duffel",
    category: "Fashion",
    subCategory: "Casual Wear",
    productType: "Sports",
    productSubType: "Bags",
    genders: ["unisex"],
    sizes: FREE_SIZE,
    sizePricing: { kind: "flat" },
    noun: "Gym Duffel Bag",
    brands: [
      ["Nike", [{ name: "Brasilia", mrp: [2495, 3295] }]],
      ["Adidas", [{ name: "Linear", mrp: [1999, 2799] }]],
      ["Puma", [{ name: "Challenger", mrp: [1599, 2499] }]],
    ],
    palettes: [0, 1, 2, 3, 8, 9, 13],
    colourInTitle: true,
    maxDiscount: 60,
    features: ["Separate Shoe Compartment", "Adjustable Shoulder Strap", "Wet Pocket", "Durable Polyester"],
    tagLines: ["Gym, sorted", "Pack it, sling it, go", "Built for early workouts"],
    about: [
      (p) =>
        `The ${p.brand} ${p.model} duffel swallows gym kit, shoes and a towel, with a separate pocket to keep damp things apart.`,
      (p) => `A tough ${p.colour.toLowerCase()} duffel from ${p.brand} for the gym, the turf or a weekend trip.`,
    ],
    closing: [() => "Holds about 40 L.", () => "Spot clean only."],
    merchants: ["patel"],
  },
  {
    key: "vanity-pouch",
    weight: 2,
    art: "pouch",
    category: "Fashion",
    subCategory: "Casual Wear",
    productType: "Beauty",
    productSubType: "Bags",
    genders: ["women", "unisex", "men"],
    sizes: FREE_SIZE,
    sizePricing: { kind: "flat" },
    noun: "Vanity Pouch",
    brands: [
      [
        "Puma",
        [
          { name: "Core Toiletry", mrp: [699, 1199], noun: "Toiletry Kit" },
          { name: "Phase", mrp: [599, 999] },
        ],
      ],
      ["Adidas", [{ name: "Travel", mrp: [899, 1499], noun: "Toiletry Kit" }]],
      ["Nike", [{ name: "Essentials", mrp: [999, 1495] }]],
    ],
    palettes: APPAREL,
    colourInTitle: true,
    maxDiscount: 55,
    features: ["Water-Resistant Lining", "Wrist Strap", "Zip Closure", "Inner Mesh Pockets"],
    tagLines: ["Your travel beauty kit", "Everything in its place", "Pack light, look fresh"],
    about: [
      (p) =>
        `The ${p.brand} ${p.model} ${p.noun.toLowerCase()} keeps make-up, skincare and grooming essentials tidy at home and on the road.`,
      (p) =>
        `A compact ${p.colour.toLowerCase()} pouch from ${p.brand} with a wipe-clean lining for creams and sprays.`,
    ],
    closing: [() => "Wipe the lining clean with a damp cloth.", () => "Fits in a cabin bag or a gym locker."],
    merchants: ["kapoor", "khanna"],
  },
  {
    key: "sports-watch",
    weight: 2,
    art: "watch",
    category: "Fashion",
    subCategory: "Casual Wear",
    productType: "Sports",
    productSubType: "Watches",
    genders: ["men", "women"],
    sizes: FREE_SIZE,
    sizePricing: { kind: "flat" },
    noun: "Analog Watch",
    brands: [
      [
        "Puma",
        [
          { name: "Reset V2", mrp: [5995, 8995] },
          { name: "Ultrafresh", mrp: [6995, 9995] },
        ],
      ],
      [
        "Adidas",
        [
          { name: "Originals Code One", mrp: [6995, 9995] },
          { name: "Project Two", mrp: [7995, 10995] },
        ],
      ],
    ],
    palettes: [0, 1, 2, 3, 7, 8, 9, 13],
    colourInTitle: true,
    maxDiscount: 45,
    features: ["Silicone Strap", "50 m Water Resistance", "Mineral Glass", "Quartz Movement"],
    tagLines: ["Time for your next move", "Sporty looks, every day", "Built for the field"],
    about: [
      (p) =>
        `The ${p.brand} ${p.model} analog watch pairs a bold dial with a soft silicone strap for ${forWhom(p.gender)} on the move.`,
      (p) =>
        `Splash-proof and light on the wrist, this ${p.colour.toLowerCase()} ${p.brand} watch is ready for training and weekends.`,
    ],
    closing: [() => "Comes with a 2-year manufacturer warranty.", () => "Not for swimming or diving."],
    merchants: ["patel", "khanna"],
  },
  {
    key: "formal-watch",
    weight: 1,
    art: "watch",
    category: "Fashion",
    subCategory: "Formal Wear",
    productType: "Accessories",
    productSubType: "Watches",
    genders: ["men", "women"],
    sizes: FREE_SIZE,
    sizePricing: { kind: "flat" },
    noun: "Leather Strap Watch",
    brands: [
      ["Puma", [{ name: "Classic Minimal", mrp: [7995, 10995] }]],
      ["Adidas", [{ name: "Originals Process", mrp: [8995, 11995] }]],
    ],
    palettes: [0, 1, 10, 15],
    colourInTitle: true,
    maxDiscount: 40,
    features: ["Genuine Leather Strap", "Stainless Steel Case", "Sapphire-Coated Glass", "30 m Water Resistance"],
    tagLines: ["Quiet confidence on the wrist", "A classic for every occasion", "Made for the boardroom"],
    about: [
      (p) =>
        `The ${p.brand} ${p.model} combines a slim steel case with a ${p.colour.toLowerCase()} leather strap for weddings, meetings and everything between.`,
    ],
    closing: [() => "Comes with a 2-year manufacturer warranty and a gift box."],
    merchants: ["khanna", "kapoor"],
  },
  {
    key: "smartwatch",
    weight: 3,
    art: "smartwatch",
    category: "Electronics",
    subCategory: "Mobile Accessories",
    productType: "Electronics",
    productSubType: "Watches",
    genders: ["unisex"],
    sizes: FREE_SIZE,
    sizePricing: { kind: "flat" },
    noun: "Smartwatch",
    brands: [
      [
        "Apple",
        [
          { name: "Watch SE (2nd Gen) GPS", mrp: [29900, 32900] },
          { name: "Watch Series 10 GPS", mrp: [46900, 49900] },
        ],
      ],
      [
        "Samsung",
        [
          { name: "Galaxy Watch7", mrp: [29999, 33999] },
          { name: "Galaxy Watch FE", mrp: [19999, 21999] },
        ],
      ],
      ["OnePlus", [{ name: "Watch 2R", mrp: [17999, 19999] }]],
      ["Realme", [{ name: "Watch S2", mrp: [4999, 6999] }]],
      [
        "Mi",
        [
          { name: "Smart Band 9 Active", mrp: [1999, 2999], noun: "Fitness Tracker" },
          { name: "Watch 5 Active", mrp: [3999, 4999] },
        ],
      ],
      [
        "Boat",
        [
          { name: "Wave Call 3", mrp: [6999, 7999] },
          { name: "Lunar Discovery", mrp: [8999, 9999] },
        ],
      ],
      ["Oppo", [{ name: "Watch X", mrp: [24999, 27999] }]],
    ],
    palettes: GADGET,
    colourInTitle: true,
    maxDiscount: 70,
    features: [
      "1.43-inch AMOLED Display",
      "Bluetooth Calling",
      "SpO2 and Heart-Rate Tracking",
      "7-Day Battery",
      "100+ Sports Modes",
      "IP68 Water Resistance",
    ],
    tagLines: [
      "Your health, on your wrist",
      "Calls, fitness and more",
      "Smarter every day",
      "Track it all, miss nothing",
    ],
    about: [
      (p) =>
        `The ${p.brand} ${p.model} tracks your steps, sleep, heart rate and workouts, and shows calls and WhatsApp messages at a glance.`,
      (p) =>
        `A bright display, long battery life and a ${p.colour.toLowerCase()} strap make the ${p.brand} ${p.model} easy to wear every day.`,
    ],
    closing: [
      () => "Comes with a 1-year manufacturer warranty and a magnetic charger.",
      () => "Works with Android and iOS phones.",
    ],
    merchants: ["gupta", "reddy", "sharma"],
  },
  {
    key: "over-ear-headphones",
    weight: 4,
    art: "headphones",
    category: "Electronics",
    subCategory: "Bluetooth Headphones",
    productType: "Electronics",
    productSubType: "Headphones",
    genders: ["unisex"],
    sizes: FREE_SIZE,
    sizePricing: { kind: "flat" },
    noun: "Wireless Headphones",
    brands: [
      [
        "Sony",
        [
          { name: "WH-CH520", mrp: [4490, 5990] },
          { name: "WH-CH720N", mrp: [9990, 14990] },
          { name: "WH-1000XM5", mrp: [29990, 34990] },
          { name: "ULT Wear", mrp: [16990, 19990] },
        ],
      ],
      [
        "JBL",
        [
          { name: "Tune 520BT", mrp: [4999, 5999] },
          { name: "Tune 770NC", mrp: [9999, 10999] },
          { name: "Live 770NC", mrp: [14999, 17999] },
        ],
      ],
      [
        "Boat",
        [
          { name: "Rockerz 450", mrp: [3990, 3990] },
          { name: "Rockerz 550", mrp: [4999, 4999] },
          { name: "Nirvana 751 ANC", mrp: [7990, 7990] },
        ],
      ],
      [
        "Philips",
        [
          { name: "TAH4209", mrp: [4999, 5999] },
          { name: "TAH8506", mrp: [12999, 14999] },
        ],
      ],
      ["Apple", [{ name: "AirPods Max", mrp: [59900, 59900] }]],
    ],
    palettes: GADGET,
    colourInTitle: true,
    maxDiscount: 70,
    features: [
      "Active Noise Cancellation",
      "40-Hour Battery",
      "Built-in Mic",
      "Fast Charging",
      "Multipoint Connection",
      "Foldable Design",
    ],
    tagLines: [
      "Lose yourself in the music",
      "Sound that moves with you",
      "Your commute, your soundtrack",
      "Bass you can feel",
    ],
    about: [
      (p) =>
        `The ${p.brand} ${p.model} headphones deliver rich bass and clear vocals, with soft ear cushions for long listening sessions.`,
      (p) =>
        `Block out traffic noise and settle into your playlist: the ${p.colour.toLowerCase()} ${p.brand} ${p.model} is built for long commutes and work calls.`,
    ],
    closing: [
      () => "Comes with a 1-year manufacturer warranty and a USB Type-C cable.",
      () => "10 minutes of charge gives up to 3 hours of music.",
    ],
    merchants: ["sharma", "nair", "gupta"],
  },
  {
    key: "earbuds",
    weight: 4,
    art: "earbuds",
    category: "Electronics",
    subCategory: "Bluetooth Headphones",
    productType: "Electronics",
    productSubType: "Headphones",
    genders: ["unisex"],
    sizes: FREE_SIZE,
    sizePricing: { kind: "flat" },
    noun: "True Wireless Earbuds",
    brands: [
      [
        "Apple",
        [
          { name: "AirPods 4", mrp: [12900, 17900] },
          { name: "AirPods Pro 2", mrp: [24900, 24900] },
        ],
      ],
      [
        "Samsung",
        [
          { name: "Galaxy Buds3 Pro", mrp: [19999, 21999] },
          { name: "Galaxy Buds FE", mrp: [6999, 9999] },
        ],
      ],
      [
        "OnePlus",
        [
          { name: "Buds 3", mrp: [5499, 5999] },
          { name: "Nord Buds 3 Pro", mrp: [3299, 3499] },
        ],
      ],
      [
        "Realme",
        [
          { name: "Buds Air 6", mrp: [3299, 4999] },
          { name: "Buds T310", mrp: [2499, 2999] },
        ],
      ],
      [
        "Oppo",
        [
          { name: "Enco Air3 Pro", mrp: [4999, 5999] },
          { name: "Enco Buds2", mrp: [1999, 2499] },
        ],
      ],
      [
        "Vivo",
        [
          { name: "TWS 3e", mrp: [2999, 3499] },
          { name: "TWS Air 2", mrp: [2499, 2999] },
        ],
      ],
      ["Mi", [{ name: "Buds 5", mrp: [2999, 3999] }]],
      [
        "Boat",
        [
          { name: "Airdopes 141", mrp: [4490, 4490] },
          { name: "Airdopes 311 Pro", mrp: [3990, 3990] },
        ],
      ],
      [
        "JBL",
        [
          { name: "Wave Beam", mrp: [4999, 5999] },
          { name: "Tune Beam", mrp: [6999, 7999] },
        ],
      ],
      [
        "Sony",
        [
          { name: "WF-C510", mrp: [5990, 6990] },
          { name: "WF-1000XM5", mrp: [24990, 24990] },
        ],
      ],
    ],
    palettes: GADGET,
    colourInTitle: true,
    maxDiscount: 70,
    features: [
      "Active Noise Cancellation",
      "Quad-Mic Calling",
      "42-Hour Total Playtime",
      "Low-Latency Gaming Mode",
      "IPX4 Sweat Resistance",
      "Touch Controls",
    ],
    tagLines: [
      "All-day music, zero wires",
      "Tiny buds, big sound",
      "Calls crystal clear, even on the go",
      "Plug in to your world",
    ],
    about: [
      (p) =>
        `The ${p.brand} ${p.model} earbuds fit snugly, charge in their pocket-sized case and keep your music going from the morning commute to the evening walk.`,
      (p) =>
        `Clear calls, punchy sound and a ${p.colour.toLowerCase()} case that slips into any pocket: the ${p.brand} ${p.model} does it all.`,
    ],
    closing: [
      () => "Comes with a 1-year manufacturer warranty and three sizes of ear tips.",
      () => "Works with any Bluetooth phone, tablet or laptop.",
    ],
    merchants: ["sharma", "gupta", "reddy", "nair"],
  },
  {
    key: "neckband",
    weight: 2,
    art: "neckband",
    category: "Electronics",
    subCategory: "Bluetooth Headphones",
    productType: "Sports",
    productSubType: "Headphones",
    genders: ["unisex"],
    sizes: FREE_SIZE,
    sizePricing: { kind: "flat" },
    noun: "Bluetooth Neckband",
    brands: [
      [
        "Boat",
        [
          { name: "Rockerz 255 Pro+", mrp: [2990, 3990] },
          { name: "Rockerz 333", mrp: [3490, 3990] },
        ],
      ],
      ["OnePlus", [{ name: "Bullets Wireless Z2", mrp: [1999, 2299] }]],
      ["Realme", [{ name: "Buds Wireless 3", mrp: [1999, 2999] }]],
      ["JBL", [{ name: "Endurance Run 2", mrp: [2999, 3499] }]],
      ["Oppo", [{ name: "Enco M33", mrp: [1999, 2499] }]],
      ["Vivo", [{ name: "Wireless Sport Lite", mrp: [1999, 2499] }]],
      ["Sony", [{ name: "WI-C100", mrp: [2490, 2990] }]],
    ],
    palettes: GADGET,
    colourInTitle: true,
    maxDiscount: 70,
    features: ["Magnetic Earbuds", "IPX5 Sweat Resistance", "30-Hour Playback", "Fast Charging", "Dual Pairing"],
    tagLines: ["Built for your workout", "Sweat it out, keep the beat", "Run longer, listen longer"],
    about: [
      (p) =>
        `The ${p.brand} ${p.model} neckband stays put through runs and gym sessions, with magnetic buds that click together when you are done.`,
      (p) =>
        `Light, sweat-resistant and ready for a long day, the ${p.colour.toLowerCase()} ${p.brand} ${p.model} keeps your music and calls close.`,
    ],
    closing: [
      () => "Comes with a 1-year manufacturer warranty.",
      () => "A 10-minute charge gives up to 10 hours of playback.",
    ],
    merchants: ["gupta", "patel", "nair", "reddy"],
  },
  {
    key: "portable-speaker",
    weight: 3,
    art: "speaker",
    category: "Electronics",
    subCategory: "Mobile Accessories",
    productType: "Electronics",
    productSubType: "Speakers",
    genders: ["unisex"],
    sizes: FREE_SIZE,
    sizePricing: { kind: "flat" },
    noun: "Portable Bluetooth Speaker",
    brands: [
      [
        "JBL",
        [
          { name: "Flip 6", mrp: [12999, 14999] },
          { name: "Go 4", mrp: [4999, 5499] },
          { name: "Charge 5", mrp: [16999, 18999] },
        ],
      ],
      [
        "Sony",
        [
          { name: "SRS-XB100", mrp: [4990, 5990] },
          { name: "ULT Field 1", mrp: [12990, 14990] },
        ],
      ],
      [
        "Boat",
        [
          { name: "Stone 1200", mrp: [9990, 9990] },
          { name: "Stone 352", mrp: [3990, 3990] },
        ],
      ],
      ["Mi", [{ name: "Outdoor 16W", mrp: [2499, 3499] }]],
      ["Philips", [{ name: "TAS1505", mrp: [2999, 3499] }]],
      ["Realme", [{ name: "Cobble", mrp: [1999, 2499] }]],
    ],
    palettes: GADGET,
    colourInTitle: true,
    maxDiscount: 65,
    features: ["IP67 Waterproof", "12-Hour Playtime", "Deep Bass Radiators", "TWS Pairing", "Built-in Mic"],
    tagLines: ["Party anywhere", "Big sound, pocket size", "Take the music outside", "Loud, clear and waterproof"],
    about: [
      (p) =>
        `The ${p.brand} ${p.model} fills a room, a terrace or a beach with big sound, and shrugs off rain and splashes.`,
      (p) =>
        `Pair two ${p.brand} ${p.model} speakers for stereo sound at house parties, or clip one to your bag for a trek.`,
    ],
    closing: [
      () => "Comes with a 1-year manufacturer warranty and a USB Type-C cable.",
      () => "Charges fully in about 3 hours.",
    ],
    merchants: ["sharma", "nair", "reddy"],
  },
  {
    key: "soundbar",
    weight: 1,
    art: "soundbar",
    category: "Televisions",
    subCategory: "Smart TV",
    productType: "Home Appliances",
    productSubType: "Speakers",
    genders: ["unisex"],
    sizes: FREE_SIZE,
    sizePricing: { kind: "flat" },
    noun: "Soundbar with Wireless Subwoofer",
    brands: [
      ["Samsung", [{ name: "HW-B450 2.1 Channel", mrp: [18990, 24990] }]],
      ["Sony", [{ name: "HT-S20R 5.1 Channel", mrp: [19990, 24990] }]],
      ["LG", [{ name: "S40T 2.1 Channel", mrp: [17990, 21990] }]],
      ["Philips", [{ name: "TAB5309 2.1 Channel", mrp: [14990, 18990] }]],
      ["JBL", [{ name: "Cinema SB271", mrp: [16999, 19999] }]],
      ["Boat", [{ name: "Aavante Bar 1160", mrp: [9990, 12990] }]],
    ],
    palettes: [0, 8, 1],
    colourInTitle: true,
    maxDiscount: 60,
    features: ["Dolby Audio", "HDMI ARC", "Bluetooth 5.3", "Wireless Subwoofer", "Optical Input"],
    tagLines: ["Cinema sound for your living room", "Hear every dialogue, feel every blast", "Upgrade your TV's sound"],
    about: [
      (p) =>
        `The ${p.brand} ${p.model} soundbar and its wireless subwoofer turn cricket matches and movie nights into a stadium experience.`,
      (p) =>
        `Clear dialogue and room-filling bass from a slim ${p.brand} soundbar that connects to your TV with a single HDMI cable.`,
    ],
    closing: [() => "Comes with a 1-year manufacturer warranty and a wall-mount kit."],
    merchants: ["sharma", "mehta", "nair"],
  },
  {
    key: "power-bank",
    weight: 2,
    art: "powerbank",
    category: "Electronics",
    subCategory: "Mobile Accessories",
    productType: "Accessories",
    productSubType: "Power Banks",
    genders: ["unisex"],
    sizes: FREE_SIZE,
    sizePricing: { kind: "flat" },
    noun: "Power Bank",
    brands: [
      [
        "Mi",
        [
          { name: "3i 20000mAh", mrp: [2199, 2499] },
          { name: "Pocket 10000mAh", mrp: [1499, 1799] },
        ],
      ],
      ["Realme", [{ name: "Narzo 10000mAh", mrp: [1499, 1999] }]],
      ["Boat", [{ name: "EnergyShroom PB300 10000mAh", mrp: [1999, 2499] }]],
      ["Samsung", [{ name: "25W 10000mAh", mrp: [2999, 3499] }]],
      ["OnePlus", [{ name: "SUPERVOOC 12000mAh", mrp: [3499, 3999] }]],
    ],
    palettes: [0, 1, 5, 7, 8, 9],
    colourInTitle: true,
    maxDiscount: 60,
    features: [
      "22.5W Fast Charging",
      "USB Type-C Input and Output",
      "Dual USB Ports",
      "Li-Polymer Cells",
      "12-Layer Chip Protection",
    ],
    tagLines: ["Never run out of charge", "Full power, on the go", "Your phone's best travel buddy"],
    about: [
      (p) =>
        `The ${p.brand} ${p.model} power bank charges your phone two to three times over, so a long train journey never ends on 1%.`,
      (p) =>
        `Slim enough for a pocket, the ${p.colour.toLowerCase()} ${p.brand} ${p.model} fast-charges phones, earbuds and smartwatches.`,
    ],
    closing: [
      () => "Comes with a 6-month manufacturer warranty and a charging cable.",
      () => "Allowed in cabin baggage on domestic flights.",
    ],
    merchants: ["gupta", "reddy"],
  },
  {
    key: "charger",
    weight: 2,
    art: "charger",
    category: "Electronics",
    subCategory: "Mobile Accessories",
    productType: "Accessories",
    productSubType: "Chargers",
    genders: ["unisex"],
    sizes: FREE_SIZE,
    sizePricing: { kind: "flat" },
    noun: "Fast Charger",
    brands: [
      ["Apple", [{ name: "20W USB-C", mrp: [1900, 1900], noun: "Power Adapter" }]],
      ["Samsung", [{ name: "25W Travel", mrp: [1699, 1999], noun: "Adapter" }]],
      ["OnePlus", [{ name: "SUPERVOOC 80W", mrp: [2499, 2999] }]],
      ["Oppo", [{ name: "SUPERVOOC 67W", mrp: [2299, 2799] }]],
      ["Vivo", [{ name: "FlashCharge 44W", mrp: [1499, 1999] }]],
      ["Realme", [{ name: "Dart 33W", mrp: [1299, 1599] }]],
      ["Mi", [{ name: "Braided Type-C", mrp: [199, 399], noun: "Charging Cable" }]],
      ["Boat", [{ name: "LTG 500", mrp: [299, 499], noun: "Charging Cable" }]],
    ],
    palettes: [0, 7, 8, 1],
    colourInTitle: true,
    maxDiscount: 60,
    features: ["BIS Certified", "Over-Voltage Protection", "USB Type-C Port", "1.5 m Cable", "Compact Design"],
    tagLines: ["Charge faster, worry less", "From 0 to 50% in minutes", "Safe, quick, reliable charging"],
    about: [
      (p) =>
        `The ${p.brand} ${p.model} ${p.noun.toLowerCase()} charges your phone quickly and safely, with protection against voltage spikes.`,
      (p) =>
        `Built for Indian power conditions, the ${p.brand} ${p.model} ${p.noun.toLowerCase()} is compact enough to carry everywhere.`,
    ],
    closing: [() => "Comes with a 1-year manufacturer warranty.", () => "Compatible with most USB Type-C phones."],
    merchants: ["gupta", "reddy"],
  },
  {
    key: "smart-tv",
    weight: 4,
    art: "tv",
    category: "Televisions",
    subCategory: "Smart TV",
    productType: "Electronics",
    productSubType: "Televisions",
    genders: ["unisex"],
    sizes: SCREEN_SIZES,
    sizePricing: { kind: "scale", step: 0.45 },
    noun: "4K Ultra HD Smart LED TV",
    brands: [
      [
        "Samsung",
        [
          { name: "Crystal 4K Vista", mrp: [24900, 32900], noun: "Ultra HD Smart LED TV" },
          { name: "Neo QLED", mrp: [64900, 79900], noun: "4K Smart QLED TV" },
        ],
      ],
      [
        "LG",
        [
          { name: "UR75", mrp: [22990, 29990] },
          { name: "OLED evo C4", mrp: [99990, 109990], noun: "4K Smart OLED TV" },
        ],
      ],
      [
        "Sony",
        [
          { name: "Bravia 2", mrp: [29900, 36900] },
          { name: "Bravia 7", mrp: [89900, 99900], noun: "4K Smart Mini LED TV" },
        ],
      ],
      [
        "Mi",
        [
          { name: "A Pro", mrp: [19999, 24999], noun: "Smart Google TV" },
          { name: "X Series", mrp: [29999, 34999] },
        ],
      ],
      [
        "OnePlus",
        [
          { name: "Y1S Pro", mrp: [21999, 26999] },
          { name: "Q2 Pro", mrp: [69999, 79999], noun: "4K Smart QLED TV" },
        ],
      ],
      ["Philips", [{ name: "PUT7906", mrp: [24990, 31990] }]],
      ["Realme", [{ name: "Smart TV X", mrp: [18999, 22999], noun: "Full HD Smart LED TV" }]],
    ],
    palettes: ALL,
    colourInTitle: false,
    maxDiscount: 50,
    features: [
      "Dolby Vision",
      "HDR10+",
      "Google TV",
      "3 HDMI Ports",
      "Dolby Atmos Sound",
      "Built-in Chromecast",
      "60 Hz Refresh Rate",
    ],
    tagLines: [
      "Bring the cinema home",
      "Every match, larger than life",
      "Colours that pop, blacks that stay black",
      "Your home theatre starts here",
    ],
    about: [
      (p) =>
        `The ${p.brand} ${p.model} brings sharp, vivid pictures and all your favourite apps, from Netflix and Prime Video to JioCinema, to one screen.`,
      (p) =>
        `Cricket, movies and family video calls look their best on the ${p.brand} ${p.model}, with rich colour and clear, room-filling sound.`,
    ],
    closing: [
      (p) => `Screen sizes: ${p.sizes.map((size) => `${SCREEN_CM[size]} (${size})`).join(", ")}.`,
      () => "Free installation within 48 hours of delivery, and a 1-year comprehensive warranty.",
    ],
    merchants: ["sharma", "mehta"],
  },
  {
    key: "table-lamp",
    weight: 2,
    art: "lamp",
    category: "Home Decor",
    subCategory: "Lighting",
    productType: "Home Appliances",
    productSubType: "Lamps",
    genders: ["unisex"],
    sizes: FREE_SIZE,
    sizePricing: { kind: "flat" },
    noun: "Table Lamp",
    brands: [
      [
        "Roshni Crafts",
        [
          { name: "Terracotta", mrp: [1299, 2499] },
          { name: "Rattan Weave", mrp: [1999, 2999], noun: "Bedside Lamp" },
        ],
      ],
      [
        "Diya Living",
        [
          { name: "Handcrafted Sheesham Wood", mrp: [1499, 2999] },
          { name: "Brass Finish", mrp: [1999, 3499] },
        ],
      ],
    ],
    palettes: DECOR,
    colourInTitle: true,
    maxDiscount: 55,
    features: ["Warm White Light", "Fabric Shade", "E27 Bulb Holder", "Dimmable", "Inline Switch"],
    tagLines: ["Warm light for cosy evenings", "Light up your reading corner", "A glow that feels like home"],
    about: [
      (p) =>
        `The ${p.brand} ${p.model} ${p.noun.toLowerCase()} casts a soft, warm glow that suits a bedside table, a study desk or a living-room corner.`,
      (p) =>
        `A ${p.colour.toLowerCase()} shade and a clean silhouette make this ${p.brand} lamp a quiet highlight in any room.`,
    ],
    closing: [
      () => "Bulb not included unless stated; works with LED bulbs up to 9 W.",
      () => "Stands about 40 cm tall.",
    ],
    merchants: ["mehta", "rathore", "banerjee"],
  },
  {
    key: "wall-art",
    weight: 3,
    art: "frame",
    category: "Home Decor",
    subCategory: "Wall Art",
    productType: "Accessories",
    productSubType: "Paintings",
    genders: ["unisex"],
    sizes: FRAME_SIZES,
    sizePricing: { kind: "scale", step: 0.3 },
    noun: "Framed Wall Painting",
    brands: [
      [
        "Kalakriti",
        [
          { name: "Madhubani Peacock", mrp: [999, 1999] },
          { name: "Tree of Life", mrp: [799, 1499] },
          { name: "Radha Krishna Pichwai", mrp: [1499, 2999] },
        ],
      ],
      [
        "Chitrakatha",
        [
          { name: "Kerala Backwaters Sunset", mrp: [899, 1799] },
          { name: "Himalayan Dawn", mrp: [999, 1999] },
          { name: "Abstract Boho Hills", mrp: [699, 1299] },
        ],
      ],
    ],
    palettes: DECOR,
    colourInTitle: true,
    maxDiscount: 70,
    features: [
      "Teak-Finish Wooden Frame",
      "Fade-Resistant Inks",
      "Ready to Hang",
      "Acrylic Glass Front",
      "Handcrafted in India",
    ],
    tagLines: [
      "Art that tells a story",
      "Give your walls some colour",
      "Indian art for modern homes",
      "A gallery wall starts here",
    ],
    about: [
      (p) =>
        `The ${p.model} painting by ${p.brand} brings a touch of Indian craft to your living room, bedroom or office.`,
      (p) =>
        `Printed with fade-resistant inks and framed in wood, the ${p.brand} ${p.model} artwork adds warmth to any wall.`,
    ],
    closing: [() => "Arrives ready to hang with hooks fitted.", (p) => `Frame sizes: ${sizeList(p.sizes)}.`],
    merchants: ["rathore", "banerjee"],
  },
  {
    key: "cushion-cover",
    weight: 3,
    art: "cushion",
    category: "Home Decor",
    subCategory: "Furnishings",
    productType: "Accessories",
    productSubType: "Cushions",
    genders: ["unisex"],
    sizes: CUSHION_SIZES,
    sizePricing: { kind: "scale", step: 0.15 },
    noun: "Cushion Cover",
    brands: [
      [
        "Rangreza",
        [
          { name: "Jaipuri Block Print", mrp: [199, 599] },
          { name: "Kantha Embroidered", mrp: [499, 999] },
          { name: "Velvet Geometric", mrp: [399, 899] },
        ],
      ],
      [
        "Diya Living",
        [
          { name: "Handloom Cotton", mrp: [349, 799] },
          { name: "Ikat Weave", mrp: [449, 899], noun: "Cushion Cover Set of 2" },
        ],
      ],
    ],
    palettes: DECOR,
    colourInTitle: true,
    maxDiscount: 70,
    features: ["100% Cotton", "Hidden Zip", "Colour-Fast Dyes", "Hand Block Printed", "Filler Not Included"],
    tagLines: ["Refresh your sofa in minutes", "Colour and comfort for every corner", "Festive look, everyday comfort"],
    about: [
      (p) =>
        `The ${p.brand} ${p.model} cushion cover adds colour and a handmade touch to sofas, beds and reading nooks.`,
      (p) =>
        `Made by craftspeople in Rajasthan, this ${p.colour.toLowerCase()} ${p.model} cover is soft, sturdy and easy to wash.`,
    ],
    closing: [(p) => `Fits ${sizeList(p.sizes)} cushions.`, () => "Hand wash cold separately; dry in shade."],
    merchants: ["rathore", "banerjee"],
  },
];
