import { describe, expect, it } from "vitest";
import {
  financialYear,
  GST_RULES,
  GST_STATE_CODES,
  gstinCheckCharacter,
  gstinProblem,
  gstRateFor,
  gstRuleFor,
  gstState,
  hsnForClassification,
  invoiceNumber,
  isIntraState,
  isValidGstin,
  numberInWords,
  rateOfHsn,
  rupeesInWords,
  splitTax,
  sumTaxes,
} from "../../api/lib/tax/gst";
import { STATE_NAMES } from "../../api/lib/orders/pincode";
import { generateMerchants, generateProducts } from "../../api/seed/catalogue";
import { FAMILIES } from "../../api/seed/families";

describe("splitTax", () => {
  const split = (taxablePaise: number, cgstPaise: number, sgstPaise: number, igstPaise: number) => ({
    taxablePaise,
    cgstPaise,
    sgstPaise,
    igstPaise,
  });

  it("splits a price within one state into equal CGST and SGST, each rounded to the paisa", () => {
    // 1,180 at 18%: exactly 1,000 + 90 + 90.
    expect(splitTax(1180, 18, true)).toEqual({ rate: 18, ...split(100000, 9000, 9000, 0) });
    // 1,049 at 5%: 24.976 each half → 24.98.
    expect(splitTax(1049, 5, true)).toEqual({ rate: 5, ...split(99904, 2498, 2498, 0) });
    // 2,625 at 5%: exactly 62.50 each half.
    expect(splitTax(2625, 5, true)).toEqual({ rate: 5, ...split(250000, 6250, 6250, 0) });
    // 2,098 at 18%: 160.0169 each half → 160.02.
    expect(splitTax(2098, 18, true)).toEqual({ rate: 18, ...split(177796, 16002, 16002, 0) });
  });

  it("charges IGST between states, rounded to the paisa", () => {
    expect(splitTax(1180, 18, false)).toEqual({ rate: 18, ...split(100000, 0, 0, 18000) });
    // 1,049 × 18/118 = 160.0169 → 160.02; 1,049 × 5/105 = 49.952 → 49.95.
    expect(splitTax(1049, 18, false)).toEqual({ rate: 18, ...split(88898, 0, 0, 16002) });
    expect(splitTax(1049, 5, false)).toEqual({ rate: 5, ...split(99905, 0, 0, 4995) });
    // 20 × 5/105 = 0.95238 → 0.95; 10 × 5/105 = 0.476 → 0.48.
    expect(splitTax(20, 5, false).igstPaise).toBe(95);
    expect(splitTax(10, 5, false).igstPaise).toBe(48);
  });

  it("carries tax on the ₹4 platform fee: 61 paise at 18%, 31 + 31 within a state", () => {
    expect(splitTax(4, 18, false)).toEqual({ rate: 18, ...split(339, 0, 0, 61) });
    expect(splitTax(4, 18, true)).toEqual({ rate: 18, ...split(338, 31, 31, 0) });
  });

  it("always adds up to the amount, and stays within half a paisa per tax of the exact figure", () => {
    for (const rate of [0, 5, 18]) {
      for (let amount = 0; amount <= 5000; amount += 7) {
        for (const intra of [true, false]) {
          const taxed = splitTax(amount, rate, intra);
          expect(taxed.taxablePaise + taxed.cgstPaise + taxed.sgstPaise + taxed.igstPaise).toBe(amount * 100);
          expect(taxed.cgstPaise).toBe(taxed.sgstPaise);
          const exact = (amount * 100 * rate) / (100 + rate);
          if (intra) expect(Math.abs(taxed.cgstPaise - exact / 2)).toBeLessThanOrEqual(0.5);
          else expect(Math.abs(taxed.igstPaise - exact)).toBeLessThanOrEqual(0.5);
        }
      }
    }
  });

  it("refuses fractions and negatives", () => {
    expect(() => splitTax(10.5, 5, true)).toThrow(RangeError);
    expect(() => splitTax(-1, 5, true)).toThrow(RangeError);
    expect(() => splitTax(100, 2.5, true)).toThrow(RangeError);
  });

  it("sums lines into totals that add up", () => {
    const lines = [splitTax(1049, 18, true), splitTax(799, 5, true), splitTax(2625, 5, true)];
    const total = sumTaxes(lines);
    // 1,049 at 18%: 80.01 each half; 799 at 5%: 19.02 each half; 2,625 at 5%: 62.50.
    expect(total).toEqual(split(88898 + 76096 + 250000, 8001 + 1902 + 6250, 8001 + 1902 + 6250, 0));
    expect(total.taxablePaise + total.cgstPaise + total.sgstPaise).toBe((1049 + 799 + 2625) * 100);
  });
});

describe("the rate table", () => {
  it("rates apparel, footwear and textile made-ups 5% up to ₹2,500 before tax a piece, 18% above", () => {
    for (const hsn of ["610910", "610510", "620342", "630492", "640411", "640399"]) {
      const rule = gstRuleFor(hsn)!;
      expect(gstRateFor(rule, 199)).toBe(5);
      expect(gstRateFor(rule, 2500)).toBe(5);
      // ₹2,625 is ₹2,500 plus 5%: still within the slab; a rupee more is not.
      expect(gstRateFor(rule, 2625)).toBe(5);
      expect(gstRateFor(rule, 2626)).toBe(18);
      expect(gstRateFor(rule, 9999)).toBe(18);
    }
  });

  it("rates electronics and televisions 18% at any price, home decor by type", () => {
    for (const hsn of ["852872", "851830", "851822", "851762", "850760", "850440", "910211", "420292", "940521"]) {
      expect(rateOfHsn(hsn, 199)).toBe(18);
      expect(rateOfHsn(hsn, 149_999)).toBe(18);
    }
    expect(rateOfHsn("970191", 4999)).toBe(5); // paintings
    expect(rateOfHsn("940521", 999)).toBe(18); // lamps
    expect(rateOfHsn("630492", 999)).toBe(5); // cushion covers
  });

  it("matches the longest heading, and refuses a malformed or unknown code", () => {
    expect(gstRuleFor("8528")?.hsn).toBe("8528");
    expect(gstRuleFor("85287211")?.hsn).toBe("8528");
    expect(gstRuleFor("61091000")?.hsn).toBe("61");
    expect(gstRuleFor("852")).toBeNull();
    expect(gstRuleFor("85287")).toBeNull();
    expect(gstRuleFor("8528x2")).toBeNull();
    expect(gstRuleFor("0101")).toBeNull();
    expect(() => rateOfHsn("0101", 100)).toThrow(/No GST rate/);
  });

  it("records a source beside every rate, and only the 2025 slabs", () => {
    for (const rule of GST_RULES) {
      expect(rule.source).toMatch(/9\/2025/);
      const rates = rule.rate.kind === "flat" ? [rule.rate.percent] : [rule.rate.low, rule.rate.high];
      for (const rate of rates) expect([5, 18]).toContain(rate);
    }
  });

  it("gives every seeded family an HSN code the table rates", () => {
    for (const family of FAMILIES) {
      const hsn = hsnForClassification(family);
      expect(hsn, family.key).toMatch(/^\d{6}$/);
      expect(gstRuleFor(hsn), `${family.key} ${hsn}`).not.toBeNull();
    }
    // Unknown sub-types fall back on the category.
    expect(
      hsnForClassification({ category: "Televisions", subCategory: "x", productType: "x", productSubType: "x" }),
    ).toBe("852872");
    expect(
      gstRuleFor(hsnForClassification({ category: "Other", subCategory: "x", productType: "x", productSubType: "x" })),
    ).not.toBeNull();
  });
});

describe("GSTIN", () => {
  it("accepts published GSTINs and computes their check character", () => {
    for (const gstin of ["27AAPFU0939F1ZV", "29AAGCB7383J1Z4", "33GSPTN0481G1ZA"]) {
      expect(gstinCheckCharacter(gstin.slice(0, 14))).toBe(gstin[14]);
      expect(isValidGstin(gstin)).toBe(true);
    }
  });

  it("refuses a wrong check character, a wrong shape and an unknown state code", () => {
    expect(gstinProblem("27AAPFU0939F1ZW")).toMatch(/check character/);
    expect(gstinProblem("27AAPFU0939F1Z")).toMatch(/15 characters/);
    expect(gstinProblem("27aapfu0939f1zv")).toMatch(/15 characters/);
    expect(gstinProblem("27AAPFU0939F1XV")).toMatch(/15 characters/);
    expect(gstinProblem("27AAPFU0939F0ZV")).toMatch(/15 characters/);
    const first14 = "28AAPFU0939F1Z"; // 28 was Andhra Pradesh's code before 2014; the list has 37
    expect(gstinProblem(first14 + gstinCheckCharacter(first14))).toMatch(/not a GST state code/);
    // Every single-character change of a valid GSTIN's first 14 is caught.
    const valid = "29AAGCB7383J1Z4";
    for (let i = 2; i < 14; i++) {
      const changed =
        valid.slice(0, i) + (valid[i] === "7" ? "8" : valid[i] === "A" ? "B" : valid[i]) + valid.slice(i + 1);
      if (changed !== valid && /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z/.test(changed))
        expect(isValidGstin(changed)).toBe(false);
    }
  });

  it("gives every seeded merchant a valid GSTIN of its own state", () => {
    const merchants = generateMerchants(1, new Date("2026-01-01T00:00:00Z"));
    expect(merchants.length).toBeGreaterThan(0);
    for (const merchant of merchants) {
      expect(gstinProblem(merchant.gstin!), merchant.companyName).toBeNull();
      expect(merchant.gstin!.slice(0, 2)).toBe(gstState(merchant.state)!.code);
      expect(merchant.address).toBeTruthy();
    }
    expect(new Set(merchants.map((m) => m.gstin)).size).toBe(merchants.length);
  });

  it("seeds every product with an HSN code the table rates", () => {
    const merchants = generateMerchants(1, new Date("2026-01-01T00:00:00Z"));
    for (const { product, variants } of generateProducts(
      { products: 240, now: new Date("2026-01-01T00:00:00Z") },
      merchants,
    )) {
      expect(product.hsn).toBe(hsnForClassification(product));
      for (const variant of variants) expect([5, 18]).toContain(rateOfHsn(product.hsn!, variant.cost));
    }
  });
});

describe("states", () => {
  it("knows a GST code for every state of the address form, each code once", () => {
    expect(Object.keys(GST_STATE_CODES).sort()).toEqual([...STATE_NAMES].sort());
    expect(new Set(Object.values(GST_STATE_CODES)).size).toBe(STATE_NAMES.length);
    expect(gstState("tamil nadu")).toEqual({ name: "Tamil Nadu", code: "33" });
    expect(gstState("Atlantis")).toBeNull();
  });

  it("is intra-state only when both states are known and the same", () => {
    expect(isIntraState("Karnataka", "karnataka")).toBe(true);
    expect(isIntraState("Karnataka", "Kerala")).toBe(false);
    expect(isIntraState(null, "Kerala")).toBe(false);
    expect(isIntraState("Atlantis", "Atlantis")).toBe(false);
  });
});

describe("financial years and invoice numbers", () => {
  it("turns on 1 April at midnight in India", () => {
    expect(financialYear(new Date("2026-03-31T18:29:59.999Z"))).toBe("2025-26");
    expect(financialYear(new Date("2026-03-31T18:30:00Z"))).toBe("2026-27");
    expect(financialYear(new Date("2026-01-01T00:00:00Z"))).toBe("2025-26");
    expect(financialYear(new Date("2099-12-31T00:00:00Z"))).toBe("2099-00");
  });

  it("numbers at most 16 characters", () => {
    expect(invoiceNumber("2025-26", 1)).toBe("2025-26/000001");
    expect(invoiceNumber("2025-26", 1_234_567)).toBe("2025-26/1234567");
    expect(invoiceNumber("2025-26", 99_999_999)).toHaveLength(16);
    expect(() => invoiceNumber("2025-26", 100_000_000)).toThrow(RangeError);
    expect(() => invoiceNumber("2025-26", 0)).toThrow(RangeError);
  });
});

describe("amounts in words", () => {
  it.each([
    [0, "Zero"],
    [1, "One"],
    [15, "Fifteen"],
    [20, "Twenty"],
    [21, "Twenty-One"],
    [100, "One Hundred"],
    [101, "One Hundred One"],
    [999, "Nine Hundred Ninety-Nine"],
    [1000, "One Thousand"],
    [1049, "One Thousand Forty-Nine"],
    [99_999, "Ninety-Nine Thousand Nine Hundred Ninety-Nine"],
    [1_00_000, "One Lakh"],
    [1_23_456, "One Lakh Twenty-Three Thousand Four Hundred Fifty-Six"],
    [10_00_000, "Ten Lakh"],
    [1_00_00_000, "One Crore"],
    [12_34_56_789, "Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine"],
    [1_00_00_00_000, "One Hundred Crore"],
    [1_23_45_00_00_000, "Twelve Thousand Three Hundred Forty-Five Crore"],
  ])("%d is %s", (amount, words) => {
    expect(numberInWords(amount)).toBe(words);
  });

  it("writes rupees as an invoice does", () => {
    expect(rupeesInWords(1_23_456)).toBe("Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six Only");
    expect(rupeesInWords(0)).toBe("Rupees Zero Only");
  });

  it("refuses fractions and negatives", () => {
    expect(() => numberInWords(1.5)).toThrow(RangeError);
    expect(() => numberInWords(-1)).toThrow(RangeError);
  });
});
