import { describe, expect, it } from "vitest";
import { type CartLine, type CartSummary, cartLineKey, deliveryDate, EMPTY_CART } from "../../app/lib/cart/cart";
import { cartTotals, lineTotal, priceDetails } from "../../app/lib/cart/cart-prices";
import { decreasedQty } from "../../api/contract";
import { applyCartChange, optimisticCart, readCartChange, readQty } from "../../app/lib/cart/cart-changes";

const line = (productId: string, size: string, qty: number, price: number, mrp: number): CartLine => ({
  productId,
  size,
  qty,
  price,
  mrp,
  title: `Product ${productId}`,
  image: "/media/art/x.svg",
  href: `/product/x/y/${productId}`,
});

const cartOf = (...lines: CartLine[]): CartSummary => ({ lines, ...cartTotals(lines) });
const shirt = line("a", "M", 2, 800, 1000);
const lamp = line("b", "free", 1, 450, 450);
const cart = cartOf(shirt, lamp);

const form = (fields: Record<string, string>) => new URLSearchParams(fields);

describe("cart totals and price details", () => {
  it("sums quantities and cost × qty", () => {
    expect(cartTotals(cart.lines)).toEqual({ totalQuantity: 3, totalAmount: 2050 });
    expect(lineTotal(shirt)).toBe(1600);
    expect(cartTotals([])).toEqual({ totalQuantity: 0, totalAmount: 0 });
  });

  it("shows MRP × qty, the discount, the ₹4 platform fee, the total and the saving", () => {
    expect(priceDetails(cart.lines)).toEqual({
      itemCount: 3,
      price: 2450,
      discount: 400,
      platformFee: 4,
      totalAmount: 2054,
      savings: 400,
    });
    // The column adds up: price − discount + fee = total.
    const details = priceDetails(cart.lines);
    expect(details.price - details.discount + details.platformFee).toBe(details.totalAmount);
  });

  it("charges only the platform fee on an empty cart and never shows a negative discount", () => {
    expect(priceDetails([]).totalAmount).toBe(4);
    expect(priceDetails([line("c", "M", 1, 500, 0)]).discount).toBe(0);
  });
});

describe("reading a cart form", () => {
  it("reads intent, product, size and quantity", () => {
    expect(readCartChange(form({ intent: "add", productId: " a ", size: "M", qty: "3" }))).toEqual({
      intent: "add",
      productId: "a",
      size: "M",
      qty: 3,
    });
    expect(readCartChange(form({ intent: "clear" }))).toEqual({ intent: "clear", productId: "", size: "", qty: null });
  });

  it("refuses unknown intents and changes without a product", () => {
    expect(readCartChange(form({ intent: "steal", productId: "a" }))).toBeNull();
    expect(readCartChange(form({ intent: "remove" }))).toBeNull();
  });

  it("reads whole numbers as quantities, anything else as not a number, and no quantity as null", () => {
    expect(readQty("7")).toBe(7);
    expect(readQty("-1")).toBe(-1);
    expect(readQty("2.5")).toBeNaN();
    expect(readQty("ten")).toBeNaN();
    expect(readQty("")).toBeNull();
    expect(readQty(null)).toBeNull();
  });

  it("ignores an unreadable quantity in the optimistic cart", () => {
    expect(applyCartChange(cart, { intent: "update", productId: "a", size: "M", qty: Number.NaN })).toBe(cart);
    expect(applyCartChange(cart, { intent: "decrease", productId: "a", size: "M", qty: Number.NaN }).lines[0].qty).toBe(
      1,
    );
  });
});

describe("the optimistic cart", () => {
  it("adds to a line already in the cart, capped at 10", () => {
    const next = applyCartChange(cart, { intent: "add", productId: "a", size: "M", qty: 3 });
    expect(next.lines[0].qty).toBe(5);
    expect(next.totalAmount).toBe(4450);
    expect(applyCartChange(cart, { intent: "add", productId: "a", size: "M", qty: 10 }).lines[0].qty).toBe(10);
  });

  it("leaves a line it knows no price for to the server (a first add)", () => {
    expect(applyCartChange(cart, { intent: "add", productId: "z", size: "M", qty: 1 })).toBe(cart);
  });

  it("sets a quantity, ignoring one outside 1..10", () => {
    expect(applyCartChange(cart, { intent: "update", productId: "b", size: "free", qty: 4 }).totalAmount).toBe(3400);
    expect(applyCartChange(cart, { intent: "update", productId: "b", size: "free", qty: 11 })).toBe(cart);
    expect(applyCartChange(cart, { intent: "update", productId: "b", size: "free", qty: 0 })).toBe(cart);
  });

  it("decreases by one, or to the quantity the form expects, and removes a line at 0", () => {
    expect(applyCartChange(cart, { intent: "decrease", productId: "a", size: "M", qty: null }).lines[0].qty).toBe(1);
    expect(applyCartChange(cart, { intent: "decrease", productId: "a", size: "M", qty: 1 }).lines[0].qty).toBe(1);
    const gone = applyCartChange(cart, { intent: "decrease", productId: "b", size: "free", qty: 0 });
    expect(gone.lines.map((l) => l.productId)).toEqual(["a"]);
    expect(gone.totalQuantity).toBe(2);
  });

  it("never raises a line on decrease, even from a tab showing an older quantity", () => {
    expect(decreasedQty(5, 7)).toBe(4);
    expect(decreasedQty(5, 3)).toBe(3);
    expect(decreasedQty(1, null)).toBe(0);
  });

  it("removes only the matching product and size, and clears everything", () => {
    const other = cartOf(shirt, line("a", "L", 1, 900, 1000));
    expect(applyCartChange(other, { intent: "remove", productId: "a", size: "L", qty: null }).lines).toEqual([shirt]);
    expect(applyCartChange(cart, { intent: "clear", productId: "", size: "", qty: null })).toEqual(EMPTY_CART);
  });

  it("applies pending changes in order", () => {
    const next = optimisticCart(cart, [
      { intent: "update", productId: "a", size: "M", qty: 5 },
      { intent: "decrease", productId: "a", size: "M", qty: 4 },
      { intent: "remove", productId: "b", size: "free", qty: null },
    ]);
    expect(next).toEqual(cartOf({ ...shirt, qty: 4 }));
  });

  it("keys each line's fetcher by product and size", () => {
    expect(cartLineKey("a", "M")).toBe("cart-line:a:M");
    expect(cartLineKey("a", "M")).not.toBe(cartLineKey("a", "L"));
  });
});

describe("the delivery date", () => {
  // Dates are India's: 20:00 UTC on a Saturday is already Sunday in Kolkata (UTC+5:30).
  it.each([
    ["2026-11-23T06:00:00Z", "Fri 27 Nov"], // Monday: Tue, Wed, Thu, Fri
    ["2026-11-25T06:00:00Z", "Mon 30 Nov"], // Wednesday: Thu, Fri, Sat, (Sun), Mon
    ["2026-11-22T06:00:00Z", "Thu 26 Nov"], // Sunday: Mon, Tue, Wed, Thu
    ["2026-11-21T20:00:00Z", "Thu 26 Nov"], // Saturday in UTC, Sunday in India
    ["2026-11-26T06:00:00Z", "Tue 1 Dec"], // Thursday: Fri, Sat, (Sun), Mon, Tue
    ["2026-12-29T06:00:00Z", "Sat 2 Jan"], // Tuesday, across the year: Wed, Thu, Fri, Sat
  ])("from %s is %s", (now, expected) => {
    expect(deliveryDate(new Date(now))).toBe(expected);
  });

  it("is never a Sunday", () => {
    for (let day = 0; day < 14; day++) {
      const label = deliveryDate(new Date(Date.UTC(2026, 0, 1 + day, 6)));
      expect(label.startsWith("Sun")).toBe(false);
    }
  });
});
