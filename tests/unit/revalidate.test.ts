import type { ShouldRevalidateFunctionArgs } from "react-router";
import { describe, expect, it } from "vitest";
import { catalogueShouldRevalidate } from "../../app/lib/cart/revalidate";

const args = (formAction: string | undefined, defaultShouldRevalidate = true) =>
  ({
    currentUrl: new URL("http://shop.test/shop"),
    nextUrl: new URL("http://shop.test/shop"),
    formMethod: formAction ? "POST" : undefined,
    formAction,
    defaultShouldRevalidate,
  }) as ShouldRevalidateFunctionArgs;

describe("catalogueShouldRevalidate", () => {
  it("keeps a catalogue page's data after a cart, wishlist or compare form", () => {
    for (const action of ["/cart", "/wishlist", "/compare", "/cart?index", "/wishlist?redirectTo=%2Fshop"]) {
      expect(catalogueShouldRevalidate(args(action))).toBe(false);
    }
  });

  it("leaves every other change to React Router's default", () => {
    for (const action of [
      undefined,
      "/checkout",
      "/login",
      "/myaccount/orders/1/cancel",
      "/admin/products/1",
      "/carts",
      "/wishlist/x",
    ]) {
      expect(catalogueShouldRevalidate(args(action, true))).toBe(true);
      expect(catalogueShouldRevalidate(args(action, false))).toBe(false);
    }
  });
});
