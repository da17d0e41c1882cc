import { describe, expect, it } from "vitest";
import { EMPTY_CART } from "../../app/lib/cart/cart";
import {
  mirrorFromOtherTab,
  parseMirror,
  PERSIST_KEY,
  restoreMirror,
  serializeMirror,
  toMirror,
} from "../../app/state/persist";

const user = { id: "u1", name: "Asha Rao", email: "asha@example.test" };
const cart = {
  totalAmount: 1600,
  totalQuantity: 2,
  lines: [
    {
      productId: "p1",
      size: "M",
      qty: 2,
      title: "Shirt",
      image: "/media/art/s.svg",
      href: "/product/fashion/shirt/p1",
      price: 800,
      mrp: 1000,
    },
  ],
};
const root = { user, cart, wishlistIds: ["p2"] };

describe("the persisted mirror", () => {
  it("lives under persist:root and holds the name, cart and wishlist ids, never the email", () => {
    expect(PERSIST_KEY).toBe("persist:root");
    const mirror = toMirror(root)!;
    expect(mirror).toEqual({ version: 1, user: { id: "u1", name: "Asha Rao" }, cart, wishlistIds: ["p2"] });
    expect(serializeMirror(mirror)).not.toContain("asha@example.test");
  });

  it("is nothing for a guest (logging out clears it)", () => {
    expect(toMirror({ user: null, cart: EMPTY_CART, wishlistIds: [] })).toBeNull();
  });

  it("reads back what it wrote and refuses anything else", () => {
    const raw = serializeMirror(toMirror(root)!);
    expect(parseMirror(raw)).toEqual(toMirror(root));
    expect(parseMirror(null)).toBeNull();
    expect(parseMirror("{not json")).toBeNull();
    expect(parseMirror(JSON.stringify({ ...JSON.parse(raw), version: 2 }))).toBeNull();
    expect(parseMirror(JSON.stringify({ ...JSON.parse(raw), wishlistIds: [1] }))).toBeNull();
    const badLine = JSON.parse(raw);
    badLine.cart.lines[0].qty = "2";
    expect(parseMirror(JSON.stringify(badLine))).toBeNull();
  });
});

describe("restoring", () => {
  it("answers the stored mirror", async () => {
    const raw = serializeMirror(toMirror(root)!);
    await expect(restoreMirror(() => raw)).resolves.toEqual(toMirror(root));
  });

  it("answers null when storage fails or takes longer than the timeout", async () => {
    await expect(
      restoreMirror(() => {
        throw new Error("storage disabled");
      }),
    ).resolves.toBeNull();
    await expect(restoreMirror(() => new Promise<string>(() => {}), 5)).resolves.toBeNull();
  });
});

describe("another tab's mirror", () => {
  const changed = serializeMirror(toMirror({ ...root, cart: { ...cart, totalAmount: 2400, totalQuantity: 3 } })!);

  it("fills in for the same shopper when it differs from what this tab shows", () => {
    expect(mirrorFromOtherTab(changed, root)?.cart.totalAmount).toBe(2400);
    expect(mirrorFromOtherTab(serializeMirror(toMirror(root)!), root)).toBeNull();
  });

  it("never fills in for another shopper, a guest, or a cleared mirror", () => {
    expect(mirrorFromOtherTab(changed, { ...root, user: { ...user, id: "u2" } })).toBeNull();
    expect(mirrorFromOtherTab(changed, { user: null, cart: EMPTY_CART, wishlistIds: [] })).toBeNull();
    expect(mirrorFromOtherTab(null, root)).toBeNull();
  });
});
