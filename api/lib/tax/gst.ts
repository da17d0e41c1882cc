/**
 * Goods and Services Tax: the rate table, HSN codes, the tax split of a GST-inclusive price,
 * GSTIN check digits, GST state codes, financial years and amounts in words. Pure functions:
 * api/lib/tax/gst-records.ts and gst-invoices.ts do the database side (numbering, invoices). docs/gst.md, "GST and tax
 * invoices" and docs/decisions/012-gst-invoices.md explain the rules chosen here.
 */
import { type StateName, stateNameOf } from "../orders/pincode";

// ---------------------------------------------------------------------------------------------
// Rates

/**
 * Where the rates below come from: the GST Council's 56th meeting (3 September 2025), notified by
 * CBIC Notification No. 9/2025-Central Tax (Rate) of 17 September 2025 (and its IGST and State
 * counterparts), in force from 22 September 2025. It left two slabs for these goods, 5% and 18%.
 */
export const GST_RATES_SOURCE =
  "GST Council, 56th meeting (3 September 2025); Notification No. 9/2025-Central Tax (Rate), 17 September 2025; in force from 22 September 2025";

/** The day the rates below apply from (India time). Orders before it are taxed by them too: the shop opened after. */
export const GST_RATES_FROM = "2025-09-22";

export type GstRate =
  /** One rate whatever the price. */
  | { kind: "flat"; percent: number }
  /**
   * `low` percent when the sale value of one piece (or pair), before GST, is at most `upTo`
   * rupees; `high` percent above it.
   */
  | { kind: "slab"; upTo: number; low: number; high: number };

export type GstRule = {
  /** The HSN heading or sub-heading this rule covers: a product's code matches by its start. */
  hsn: string;
  description: string;
  rate: GstRate;
  /** Where the rate is written, beside the rate itself. */
  source: string;
};

const APPAREL_SLAB: GstRate = { kind: "slab", upTo: 2500, low: 5, high: 18 };
const FLAT_18: GstRate = { kind: "flat", percent: 18 };
const NOTIFICATION = "Notification 9/2025-CT(Rate), 17 Sep 2025, from 22 Sep 2025 (56th GST Council)";

/**
 * The one table of GST rates, by HSN heading (the longest matching heading wins). Only what the
 * shop sells is listed; a code that no rule matches is refused by `gstRuleFor`.
 */
export const GST_RULES: readonly GstRule[] = [
  {
    hsn: "61",
    description: "Apparel, knitted or crocheted (T-shirts, polo shirts)",
    rate: APPAREL_SLAB,
    source: `${NOTIFICATION}: 5% up to ₹2,500 a piece (was 5% up to ₹1,000), 18% above (was 12%)`,
  },
  {
    hsn: "62",
    description: "Apparel, not knitted (jeans, trousers, shirts)",
    rate: APPAREL_SLAB,
    source: `${NOTIFICATION}: 5% up to ₹2,500 a piece, 18% above`,
  },
  {
    hsn: "63",
    description: "Made-up textile articles (cushion covers, furnishings)",
    rate: APPAREL_SLAB,
    source: `${NOTIFICATION}: 5% up to ₹2,500 a piece, 18% above (textile made-ups follow apparel)`,
  },
  {
    hsn: "64",
    description: "Footwear",
    rate: APPAREL_SLAB,
    source: `${NOTIFICATION}: 5% up to ₹2,500 a pair (was 12% up to ₹1,000), 18% above`,
  },
  { hsn: "4202", description: "Bags, backpacks and pouches", rate: FLAT_18, source: `${NOTIFICATION}: 18%, unchanged` },
  {
    hsn: "8504",
    description: "Chargers (static converters)",
    rate: FLAT_18,
    source: `${NOTIFICATION}: 18%, unchanged`,
  },
  {
    hsn: "8507",
    description: "Power banks (lithium-ion accumulators)",
    rate: FLAT_18,
    source: `${NOTIFICATION}: 18% (lithium-ion batteries and power banks), unchanged`,
  },
  { hsn: "8517", description: "Smartwatches", rate: FLAT_18, source: `${NOTIFICATION}: 18%, unchanged` },
  {
    hsn: "8518",
    description: "Headphones, earphones, loudspeakers and soundbars",
    rate: FLAT_18,
    source: `${NOTIFICATION}: 18%, unchanged`,
  },
  {
    hsn: "8528",
    description: "Television sets (LCD and LED)",
    rate: FLAT_18,
    source: `${NOTIFICATION}: 18% for every screen size (was 28% above 32 inches)`,
  },
  { hsn: "9102", description: "Wrist watches", rate: FLAT_18, source: `${NOTIFICATION}: 18%, unchanged` },
  {
    hsn: "9405",
    description: "Lamps and lighting fittings",
    rate: FLAT_18,
    source: `${NOTIFICATION}: 18%, unchanged`,
  },
  {
    hsn: "9701",
    description: "Paintings, drawings and pastels",
    rate: { kind: "flat", percent: 5 },
    source: `${NOTIFICATION}: 5% (was 12%)`,
  },
];

/** 4, 6 or 8 digits (Rule 46 asks for 4 or 6 on a tax invoice; the tariff goes to 8). */
export const HSN_PATTERN = /^(\d{4}|\d{6}|\d{8})$/;

/** The rule for an HSN code, or null when the code is malformed or the table has no rate for it. */
export function gstRuleFor(hsn: string): GstRule | null {
  if (!HSN_PATTERN.test(hsn)) return null;
  let best: GstRule | null = null;
  for (const rule of GST_RULES) {
    if (hsn.startsWith(rule.hsn) && (!best || rule.hsn.length > best.hsn.length)) best = rule;
  }
  return best;
}

/**
 * The GST rate (percent) of one piece sold at `unitPrice` rupees, GST included. A slab's limit is
 * on the sale value before tax, as the notification words it, so a price tag includes the lower
 * rate's tax on top of it: with the ₹2,500 limit, up to ₹2,625 (2,500 + 5%) is 5%, above is 18%.
 */
export function gstRateFor(rule: GstRule, unitPrice: number): number {
  const { rate } = rule;
  if (rate.kind === "flat") return rate.percent;
  // unitPrice / (1 + low/100) <= upTo, in integers.
  return unitPrice * 100 <= rate.upTo * (100 + rate.low) ? rate.low : rate.high;
}

/** The rate of an HSN code at a price; throws for a code the table does not know (a data error). */
export function rateOfHsn(hsn: string, unitPrice: number): number {
  const rule = gstRuleFor(hsn);
  if (!rule) throw new Error(`No GST rate for HSN ${hsn}`);
  return gstRateFor(rule, unitPrice);
}

/**
 * A product's HSN code from its classification, for products without one of their own (those
 * listed before migration 0006, or added in the back office with the field left blank): the
 * seed's families (api/seed/hsn.ts) use the same codes. Migration 0006 backfills the same.
 */
export function hsnForClassification(product: {
  category: string;
  subCategory: string;
  productType: string;
  productSubType: string;
}): string {
  switch (product.productSubType) {
    case "T-Shirts":
      return product.subCategory === "Formal Wear" ? "610510" : "610910";
    case "Jeans":
      return "620342";
    case "Shoes":
      return product.productType === "Sports" ? "640411" : "640399";
    case "Bags":
      return "420292";
    case "Watches":
      return product.category === "Electronics" ? "851762" : "910211";
    case "Headphones":
      return "851830";
    case "Speakers":
      return "851822";
    case "Power Banks":
      return "850760";
    case "Chargers":
      return "850440";
    case "Televisions":
      return "852872";
    case "Lamps":
      return "940521";
    case "Paintings":
      return "970191";
    case "Cushions":
      return "630492";
  }
  // What the classification alone tells: clothes are apparel, the rest of the shop's goods electrical.
  if (product.category === "Televisions") return "852872";
  if (product.category === "Fashion") return product.productType === "Clothing" ? "620520" : "420292";
  if (product.category === "Home Decor") return "940521";
  return "851830";
}

// ---------------------------------------------------------------------------------------------
// The tax split

export type TaxSplit = {
  /** Percent: 5, 18… */
  rate: number;
  /** The value before GST, in paise: the amount less the tax, so that the two add up to the amount exactly. */
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
};

/** a / b rounded half up, for non-negative integers. */
const roundedDivision = (a: number, b: number) => Math.floor((2 * a + b) / (2 * b));

/**
 * The GST within `amount` rupees (GST included) at `rate` percent, to the paisa, as a tax invoice
 * shows it (CGST Rule 46 asks for the taxable value and the tax; section 170's rounding to the rupee
 * is of the tax paid, in the return, not of each invoice line). Within one state it is CGST and SGST,
 * half the rate each, each half rounded to the paisa, so the two are always equal; between states it
 * is IGST. The taxable value is what is left, so taxable value + tax = amount, to the paisa.
 */
export function splitTax(amount: number, rate: number, intraState: boolean): TaxSplit {
  if (!Number.isInteger(amount) || amount < 0) throw new RangeError(`amount must be whole rupees, not ${amount}`);
  if (!Number.isInteger(rate) || rate < 0) throw new RangeError(`rate must be a whole percent, not ${rate}`);
  const paise = amount * 100;
  if (intraState) {
    const half = roundedDivision(paise * rate, 2 * (100 + rate));
    return { rate, taxablePaise: paise - 2 * half, cgstPaise: half, sgstPaise: half, igstPaise: 0 };
  }
  const igst = roundedDivision(paise * rate, 100 + rate);
  return { rate, taxablePaise: paise - igst, cgstPaise: 0, sgstPaise: 0, igstPaise: igst };
}

/** A document's taxable value and taxes, in paise. */
export type TaxTotals = { taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number };

export function sumTaxes(lines: readonly TaxTotals[]): TaxTotals {
  const total = { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };
  for (const line of lines) {
    total.taxablePaise += line.taxablePaise;
    total.cgstPaise += line.cgstPaise;
    total.sgstPaise += line.sgstPaise;
    total.igstPaise += line.igstPaise;
  }
  return total;
}

// ---------------------------------------------------------------------------------------------
// States

/** The GST state codes (the first two digits of a GSTIN), by the address form's state names. */
export const GST_STATE_CODES: Readonly<Record<StateName, string>> = {
  "Jammu and Kashmir": "01",
  "Himachal Pradesh": "02",
  Punjab: "03",
  Chandigarh: "04",
  Uttarakhand: "05",
  Haryana: "06",
  Delhi: "07",
  Rajasthan: "08",
  "Uttar Pradesh": "09",
  Bihar: "10",
  Sikkim: "11",
  "Arunachal Pradesh": "12",
  Nagaland: "13",
  Manipur: "14",
  Mizoram: "15",
  Tripura: "16",
  Meghalaya: "17",
  Assam: "18",
  "West Bengal": "19",
  Jharkhand: "20",
  Odisha: "21",
  Chhattisgarh: "22",
  "Madhya Pradesh": "23",
  Gujarat: "24",
  "Dadra and Nagar Haveli and Daman and Diu": "26",
  Maharashtra: "27",
  Karnataka: "29",
  Goa: "30",
  Lakshadweep: "31",
  Kerala: "32",
  "Tamil Nadu": "33",
  Puducherry: "34",
  "Andaman and Nicobar Islands": "35",
  Telangana: "36",
  "Andhra Pradesh": "37",
  Ladakh: "38",
};

/** A state's name and GST code from how an address spells it ("tamil nadu", "THE DELHI"); null when unknown. */
export function gstState(name: string | null | undefined): { name: StateName; code: string } | null {
  const state = name ? stateNameOf(name) : null;
  return state ? { name: state, code: GST_STATE_CODES[state] } : null;
}

/** Whether a supply from `supplierState` to `deliveryState` is within one state (CGST + SGST) or not (IGST). */
export function isIntraState(
  supplierState: string | null | undefined,
  deliveryState: string | null | undefined,
): boolean {
  const from = gstState(supplierState);
  const to = gstState(deliveryState);
  return from !== null && to !== null && from.name === to.name;
}

// ---------------------------------------------------------------------------------------------
// GSTIN

const GSTIN_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** State code, PAN (5 letters, 4 digits, a letter), entity number, "Z", check character. */
export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/**
 * The check character of a GSTIN's first 14 characters (the mod-36 checksum GSTN uses): each
 * character's value (0–9, A–Z as 10–35) times 1 or 2 alternately, the product's quotient and
 * remainder by 36 summed, and the check is what brings the sum to a multiple of 36.
 */
export function gstinCheckCharacter(first14: string): string {
  if (first14.length !== 14) throw new RangeError("A GSTIN has 14 characters before its check character");
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = GSTIN_CHARS.indexOf(first14[i]);
    if (value < 0) throw new RangeError(`Not a GSTIN character: ${first14[i]}`);
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36];
}

/** Why a GSTIN is not valid, or null when it is: its shape, state code and check character. */
export function gstinProblem(gstin: string): string | null {
  if (!GSTIN_PATTERN.test(gstin))
    return "A GSTIN is 15 characters: state code, PAN, entity number, Z and a check character";
  const code = gstin.slice(0, 2);
  if (!Object.values(GST_STATE_CODES).includes(code) && code !== "97" && code !== "99") {
    return `${code} is not a GST state code`;
  }
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) return "The GSTIN's check character does not match";
  return null;
}

export const isValidGstin = (gstin: string) => gstinProblem(gstin) === null;

/** Why a well-formed GSTIN cannot be of `stateName` (its first two digits are the state's code), or null. */
export function gstinStateProblem(gstin: string, stateName: string): string | null {
  const state = gstState(stateName);
  if (!state || gstinProblem(gstin)) return null;
  return gstin.slice(0, 2) === state.code ? null : `A GSTIN of ${state.name} starts with ${state.code}`;
}

// ---------------------------------------------------------------------------------------------
// Financial years and dates

const INDIA_DATE = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Asia/Kolkata",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The day in India ("2026-03-31") of a moment. */
export const indianDay = (at: Date) => INDIA_DATE.format(at);

/** The Indian financial year (1 April to 31 March, India time) of a moment, as "2025-26". */
export function financialYear(at: Date): string {
  const [year, month] = indianDay(at).split("-").map(Number);
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, "0")}`;
}

/** The longest invoice number Rule 46 allows. */
export const INVOICE_NUMBER_MAX = 16;

/**
 * A document's number: its series' prefix ("" for a seller's tax invoices, "CN" for credit notes,
 * "PF" for the shop's platform-fee invoices), the financial year and the serial in it:
 * "2025-26/000042", "CN2025-26/000007" (at most 16 characters, Rule 46 and Rule 53).
 */
export function documentNumber(prefix: "" | "CN" | "PF", year: string, serial: number): string {
  const number = `${prefix}${year}/${String(serial).padStart(6, "0")}`;
  if (!Number.isInteger(serial) || serial < 1 || number.length > INVOICE_NUMBER_MAX) {
    throw new RangeError(`Serial ${serial} does not fit a ${INVOICE_NUMBER_MAX}-character number`);
  }
  return number;
}

/** "2025-26/000042": a seller's tax invoice number. */
export const invoiceNumber = (year: string, serial: number) => documentNumber("", year, serial);

// ---------------------------------------------------------------------------------------------
// Amounts in words

const ONES = [
  "Zero",
  "One",
  "Two",
  "Three",
  "Four",
  "Five",
  "Six",
  "Seven",
  "Eight",
  "Nine",
  "Ten",
  "Eleven",
  "Twelve",
  "Thirteen",
  "Fourteen",
  "Fifteen",
  "Sixteen",
  "Seventeen",
  "Eighteen",
  "Nineteen",
];
const TENS = ["", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n];
  const tens = TENS[Math.floor(n / 10)];
  return n % 10 === 0 ? tens : `${tens}-${ONES[n % 10]}`;
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts = hundreds > 0 ? [`${ONES[hundreds]} Hundred`] : [];
  if (rest > 0) parts.push(belowHundred(rest));
  return parts.join(" ");
}

/** A whole number in words, counted the Indian way: crore, lakh, thousand, hundred. */
export function numberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Not a whole number of rupees: ${n}`);
  if (n === 0) return "Zero";
  const parts: string[] = [];
  const crores = Math.floor(n / 10_000_000);
  if (crores > 0) parts.push(`${numberInWords(crores)} Crore`);
  const lakhs = Math.floor((n % 10_000_000) / 100_000);
  if (lakhs > 0) parts.push(`${belowHundred(lakhs)} Lakh`);
  const thousands = Math.floor((n % 100_000) / 1000);
  if (thousands > 0) parts.push(`${belowHundred(thousands)} Thousand`);
  const rest = n % 1000;
  if (rest > 0) parts.push(belowThousand(rest));
  return parts.join(" ");
}

/** "Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six Only". */
export const rupeesInWords = (amount: number) => `Rupees ${numberInWords(amount)} Only`;
