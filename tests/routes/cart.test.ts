import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { variants } from "../../api/db/schema";
import { loader as rootLoader } from "../../app/root";
import { action as cartAction, loader as cartLoader } from "../../app/routes/cart";
import { ANSWER_FETCHER } from "../../app/lib/cart/cart";
import { action as logoutAction } from "../../app/routes/logout";
import { createTestApi, insertProduct } from "../api/helpers";
import { countingContext, formPost, loadContext, nextCookies, pageGet, settle, signedInShopper } from "./harness";

const api = await createTestApi();
const context = loadContext(api);

const shirt = await insertProduct(api.db, {
  shortTitle: "Cotton Shirt",
  variants: [
    { size: "M", quantity: 50, mrp: 1000, discount: 20 },
    { size: "L", quantity: 0, mrp: 1000, discount: 20 },
  ],
});
const soldOut = await insertProduct(api.db, {
  shortTitle: "Sold Out Lamp",
  variants: [{ size: "free", quantity: 0, mrp: 500, discount: 0 }],
});
const UNKNOWN = "0123456789abcdef01234567";

/** Posts a cart form as a browser would, then reads the next page's root data: its toast and the header's cart. */
async function post(fields: Record<string, string>, cookie?: string) {
  const answer = await settle(() =>
    cartAction({ request: formPost("/cart", fields, cookie), params: {}, context } as never),
  );
  const jar = nextCookies(answer.headers, cookie);
  const next = await settle(() =>
    rootLoader({ request: pageGet(answer.location ?? fields.redirectTo ?? "/", jar), params: {}, context } as never),
  );
  return { ...answer, jar, toast: next.data.toast as { type: string; message: string } | null, cart: next.data.cart };
}

const lineOf = (cart: { lines: { productId: string; size: string; qty: number }[] }, productId: string, size: string) =>
  cart.lines.find((line) => line.productId === productId && line.size === size);

async function shopperWith(lines: { productId: string; size: string; qty: string }[] = []) {
  const { cookie, userId } = await signedInShopper(api);
  for (const line of lines) {
    const added = await post({ intent: "add", ...line }, cookie);
    expect(added.toast?.message).toBe("Product added successfully to cart!");
  }
  return { cookie, userId };
}

describe("a request its browser gave up", () => {
  it("changes nothing: a newer click on the same line replaced it", async () => {
    const { cookie } = await shopperWith([{ productId: shirt, size: "M", qty: "1" }]);
    const fields = {
      intent: "update",
      productId: shirt,
      size: "M",
      qty: "2",
      [ANSWER_FETCHER.name]: ANSWER_FETCHER.value,
    };
    // The storefront passes its request's signal to the API, which checks it once the line is locked.
    const request = new Request(formPost("/cart", fields, cookie), { signal: AbortSignal.abort() });
    await settle(() => cartAction({ request, params: {}, context } as never));
    const next = await settle(() => rootLoader({ request: pageGet("/", cookie), params: {}, context } as never));
    expect(lineOf(next.data.cart, shirt, "M")?.qty).toBe(1);
    // The same form, not given up, changes the line.
    expect((await post(fields, cookie)).toast?.message).toBe("Updated Cotton Shirt quantity to 2");
  });
});

describe("GET /cart", () => {
  it("goes to the cart page", async () => {
    const answer = await settle(() => cartLoader());
    expect(answer.location).toBe("/mycart");
  });
});

describe("guests", () => {
  it.each(["add", "update", "decrease", "remove", "clear"])(
    "%s: sent to sign in, then back to where they were",
    async (intent) => {
      const answer = await post({ intent, productId: shirt, size: "M", qty: "1", redirectTo: "/shop?page=2" });
      expect(answer.status).toBe(303);
      expect(answer.location).toBe("/login?redirectTo=%2Fshop%3Fpage%3D2");
    },
  );

  it("never to another site", async () => {
    const answer = await post({ intent: "add", productId: shirt, size: "M", redirectTo: "//evil.example/x" });
    expect(answer.location).toBe("/login?redirectTo=%2Fmycart");
  });
});

describe("add", () => {
  it("adds the line and answers 303 back to the page with the shop's toast", async () => {
    const { cookie } = await shopperWith();
    const answer = await post(
      { intent: "add", productId: shirt, size: "M", qty: "2", redirectTo: "/shop?page=2" },
      cookie,
    );
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/shop?page=2");
    // A fetcher's redirect replaces the history entry instead of adding one per click.
    expect(answer.headers.get("X-Remix-Replace")).toBe("true");
    expect(answer.toast).toEqual({ type: "success", message: "Product added successfully to cart!" });
    expect(answer.cart).toMatchObject({ totalQuantity: 2, totalAmount: 1600 });
    expect(lineOf(answer.cart, shirt, "M")).toMatchObject({ qty: 2, title: "Cotton Shirt", price: 800, mrp: 1000 });
  });

  it("counts a missing quantity as one, merges with the line in the cart, caps at 10, and goes to /mycart by default", async () => {
    const { cookie } = await shopperWith();
    const first = await post({ intent: "add", productId: shirt, size: "M" }, cookie);
    expect(first.location).toBe("/mycart");
    expect(lineOf(first.cart, shirt, "M")?.qty).toBe(1);
    await post({ intent: "add", productId: shirt, size: "M", qty: "6" }, cookie);
    const capped = await post({ intent: "add", productId: shirt, size: "M", qty: "6" }, cookie);
    expect(lineOf(capped.cart, shirt, "M")?.qty).toBe(10);
  });

  it.each(["0", "11", "-1", "two", "1.5"])("refuses the quantity %s with a clear message", async (qty) => {
    const { cookie } = await shopperWith();
    const answer = await post({ intent: "add", productId: shirt, size: "M", qty, redirectTo: "/shop" }, cookie);
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/shop");
    expect(answer.toast).toEqual({
      type: "error",
      message: "Failed to add product to cart: Quantity must be between 1 and 10",
    });
    expect(answer.cart.lines).toEqual([]);
  });

  it.each([
    ["an unknown product", UNKNOWN, "M"],
    ["a malformed id", "../../etc", "M"],
    ["a sold-out product", soldOut, "free"],
    ["a sold-out size", shirt, "L"],
    ["a size the product does not have", shirt, "XXL"],
  ])("says 'Product not available' for %s", async (_case, productId, size) => {
    const { cookie } = await shopperWith();
    const answer = await post({ intent: "add", productId, size, qty: "1" }, cookie);
    expect(answer.toast).toEqual({ type: "error", message: "Product not available" });
    expect(answer.cart.lines).toEqual([]);
  });
});

describe("update", () => {
  it("sets the quantity: 'Updated {name} quantity to {n}'", async () => {
    const { cookie } = await shopperWith([{ productId: shirt, size: "M", qty: "1" }]);
    const answer = await post(
      { intent: "update", productId: shirt, size: "M", qty: "4", redirectTo: "/mycart" },
      cookie,
    );
    expect(answer.location).toBe("/mycart");
    expect(answer.toast).toEqual({ type: "success", message: "Updated Cotton Shirt quantity to 4" });
    expect(answer.cart).toMatchObject({ totalQuantity: 4, totalAmount: 3200 });
  });

  it.each(["0", "11", "", "x"])("refuses the quantity '%s'", async (qty) => {
    const { cookie } = await shopperWith([{ productId: shirt, size: "M", qty: "3" }]);
    const answer = await post({ intent: "update", productId: shirt, size: "M", qty }, cookie);
    expect(answer.toast).toEqual({
      type: "error",
      message: "Failed to update quantity: Quantity must be between 1 and 10",
    });
    expect(lineOf(answer.cart, shirt, "M")?.qty).toBe(3);
  });

  it("says so for a line that is not in the cart", async () => {
    const { cookie } = await shopperWith();
    const answer = await post({ intent: "update", productId: shirt, size: "M", qty: "2" }, cookie);
    expect(answer.toast).toEqual({ type: "error", message: "Failed to update quantity: Item not found in cart" });
    expect(answer.cart.lines).toEqual([]);
  });

  it("refuses to raise a line whose size sold out since, but lets it be lowered", async () => {
    const lamp = await insertProduct(api.db, {
      shortTitle: "Desk Lamp",
      variants: [{ size: "free", quantity: 5, mrp: 600, discount: 0 }],
    });
    const { cookie } = await shopperWith([{ productId: lamp, size: "free", qty: "3" }]);
    await api.db
      .update(variants)
      .set({ quantity: 0 })
      .where(and(eq(variants.productId, lamp), eq(variants.size, "free")));
    const raised = await post({ intent: "update", productId: lamp, size: "free", qty: "4" }, cookie);
    expect(raised.toast).toEqual({ type: "error", message: "Product not available" });
    expect(lineOf(raised.cart, lamp, "free")?.qty).toBe(3);
    const lowered = await post({ intent: "update", productId: lamp, size: "free", qty: "2" }, cookie);
    expect(lowered.toast?.message).toBe("Updated Desk Lamp quantity to 2");
  });
});

describe("decrease", () => {
  it("lowers the line by one: 'Decreased {name} quantity'", async () => {
    const { cookie } = await shopperWith([{ productId: shirt, size: "M", qty: "3" }]);
    const answer = await post({ intent: "decrease", productId: shirt, size: "M" }, cookie);
    expect(answer.toast).toEqual({ type: "success", message: "Decreased Cotton Shirt quantity" });
    expect(lineOf(answer.cart, shirt, "M")?.qty).toBe(2);
  });

  it("goes to the quantity the form expects, never up", async () => {
    const { cookie } = await shopperWith([{ productId: shirt, size: "M", qty: "5" }]);
    const down = await post({ intent: "decrease", productId: shirt, size: "M", qty: "3" }, cookie);
    expect(lineOf(down.cart, shirt, "M")?.qty).toBe(3);
    const notUp = await post({ intent: "decrease", productId: shirt, size: "M", qty: "7" }, cookie);
    expect(lineOf(notUp.cart, shirt, "M")?.qty).toBe(2);
  });

  it("removes a line of one", async () => {
    const { cookie } = await shopperWith([{ productId: shirt, size: "M", qty: "1" }]);
    const answer = await post({ intent: "decrease", productId: shirt, size: "M" }, cookie);
    expect(answer.toast).toEqual({ type: "success", message: "Cotton Shirt removed from cart" });
    expect(answer.cart.lines).toEqual([]);
  });

  it("says so for a line that is not in the cart", async () => {
    const { cookie } = await shopperWith();
    const answer = await post({ intent: "decrease", productId: UNKNOWN, size: "M" }, cookie);
    expect(answer.toast).toEqual({ type: "error", message: "Failed to update cart: Item not found in cart" });
  });
});

describe("remove", () => {
  it("removes only that product in that size: '{name} removed from cart'", async () => {
    const lamp = await insertProduct(api.db, {
      shortTitle: "Floor Lamp",
      variants: [{ size: "free", quantity: 5, mrp: 2000, discount: 10 }],
    });
    const { cookie } = await shopperWith([
      { productId: shirt, size: "M", qty: "2" },
      { productId: lamp, size: "free", qty: "1" },
    ]);
    const answer = await post({ intent: "remove", productId: shirt, size: "M", redirectTo: "/mycart" }, cookie);
    expect(answer.toast).toEqual({ type: "success", message: "Cotton Shirt removed from cart" });
    expect(answer.cart.lines.map((line: { productId: string }) => line.productId)).toEqual([lamp]);
    expect(answer.cart).toMatchObject({ totalQuantity: 1, totalAmount: 1800 });
  });

  it("says so for a line that is not in the cart", async () => {
    const { cookie } = await shopperWith();
    const answer = await post({ intent: "remove", productId: shirt, size: "M" }, cookie);
    expect(answer.toast).toEqual({ type: "error", message: "Failed to remove item from cart: Item not found in cart" });
  });
});

describe("clear", () => {
  it("empties the cart: 'Cart cleared'", async () => {
    const { cookie } = await shopperWith([{ productId: shirt, size: "M", qty: "2" }]);
    const answer = await post({ intent: "clear" }, cookie);
    expect(answer.toast).toEqual({ type: "success", message: "Cart cleared" });
    expect(answer.cart).toMatchObject({ totalQuantity: 0, totalAmount: 0, lines: [] });
  });

  it("is fine on an empty cart", async () => {
    const { cookie } = await shopperWith();
    expect((await post({ intent: "clear" }, cookie)).toast?.message).toBe("Cart cleared");
  });
});

describe("through a fetcher (JavaScript)", () => {
  it("answers the outcome as data with the same toast, and no redirect", async () => {
    const { cookie } = await shopperWith();
    const added = await post(
      { intent: "add", productId: shirt, size: "M", qty: "2", redirectTo: "/shop", answer: "fetcher" },
      cookie,
    );
    expect(added.status).toBe(200);
    expect(added.location).toBeNull();
    expect(added.data).toEqual({ ok: true, message: "Product added successfully to cart!" });
    expect(added.toast).toEqual({ type: "success", message: "Product added successfully to cart!" });
    expect(lineOf(added.cart, shirt, "M")?.qty).toBe(2);
  });

  it("answers a refusal with 200, so the page's data (and the error toast) reload", async () => {
    const { cookie } = await shopperWith();
    const refused = await post({ intent: "add", productId: soldOut, size: "free", answer: "fetcher" }, cookie);
    expect(refused.status).toBe(200);
    expect(refused.data).toEqual({ ok: false, message: "Product not available" });
    expect(refused.toast).toEqual({ type: "error", message: "Product not available" });
  });

  it("still sends a guest to sign in", async () => {
    const answer = await post({ intent: "add", productId: shirt, size: "M", redirectTo: "/shop", answer: "fetcher" });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/login?redirectTo=%2Fshop");
  });
});

describe("every intent", () => {
  it("acts on the signed-in shopper's own cart only", async () => {
    const owner = await shopperWith([{ productId: shirt, size: "M", qty: "4" }]);
    const other = await shopperWith();
    // The form cannot name a cart: every change the other shopper makes lands in their own.
    const attempts: Record<string, string>[] = [
      { intent: "update", productId: shirt, size: "M", qty: "1" },
      { intent: "decrease", productId: shirt, size: "M" },
      { intent: "remove", productId: shirt, size: "M" },
      { intent: "clear", userId: owner.userId },
    ];
    for (const fields of attempts) await post(fields, other.cookie);
    const ownerCart = await post({ intent: "update", productId: shirt, size: "M", qty: "4" }, owner.cookie);
    expect(lineOf(ownerCart.cart, shirt, "M")?.qty).toBe(4);
  });

  it("refuses an unknown intent", async () => {
    const { cookie } = await shopperWith();
    const answer = await post({ intent: "steal", productId: shirt }, cookie);
    expect(answer.status).toBe(303);
    expect(answer.toast).toEqual({ type: "error", message: "Failed to update cart: Unknown cart action" });
  });

  it("signs the browser out when the API no longer accepts its token", async () => {
    const { cookie } = await shopperWith();
    // Signing out elsewhere revokes the token this old cookie still carries.
    await settle(() => logoutAction({ request: formPost("/logout", {}, cookie), params: {}, context } as never));
    const answer = await post({ intent: "add", productId: shirt, size: "M", redirectTo: "/shop" }, cookie);
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/login?redirectTo=%2Fshop");
    expect(answer.jar).not.toContain("__session=");
  });
});

describe("the API's rules, shown as the API says them", () => {
  it("refuses more than the size's stock with the API's message, and keeps the cart as it was", async () => {
    const lamp = await insertProduct(api.db, {
      shortTitle: "Table Lamp",
      variants: [{ size: "M", quantity: 8, mrp: 900, discount: 0 }],
    });
    const { cookie } = await shopperWith([{ productId: lamp, size: "M", qty: "5" }]);
    const more = await post({ intent: "add", productId: lamp, size: "M", qty: "4" }, cookie);
    expect(more.toast).toEqual({ type: "error", message: "Failed to add product to cart: Only 8 left in size M" });
    const raised = await post({ intent: "update", productId: lamp, size: "M", qty: "9" }, cookie);
    expect(raised.toast).toEqual({ type: "error", message: "Failed to update quantity: Only 8 left in size M" });
    expect(lineOf(raised.cart, lamp, "M")?.qty).toBe(5);
  });
});

describe("one API call per intent", () => {
  it.each([
    ["add", { intent: "add", qty: "2" }, ["/userapp/cart/create"]],
    ["update", { intent: "update", qty: "3" }, ["/userapp/cart/update"]],
    ["decrease", { intent: "decrease" }, ["/userapp/cart/update"]],
    ["remove", { intent: "remove" }, ["/userapp/cart/remove"]],
    ["clear", { intent: "clear" }, ["/userapp/cart/remove-multiple"]],
  ])("%s calls the API once", async (_intent, fields, expected) => {
    const { cookie } = await shopperWith([{ productId: shirt, size: "M", qty: "2" }]);
    const { context: counting, calls } = countingContext(context);
    const form = { productId: shirt, size: "M", ...fields } as Record<string, string>;
    const answer = await settle(() =>
      cartAction({ request: formPost("/cart", form, cookie), params: {}, context: counting } as never),
    );
    expect(answer.status).toBe(303);
    expect(calls).toEqual(expected);
  });
});
