import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { action as cartAction } from "../../app/routes/cart";
import MyCart, { action as mycartAction, loader as mycartLoader } from "../../app/routes/mycart";
import { createTestApi, insertProduct } from "../api/helpers";
import { insertPromotion } from "../api/promotion-fixtures";
import { formPost, loadContext, pageGet, renderPage, settle, signedInShopper } from "./harness";

// The cart page's code box without JavaScript: each form is a plain post to /mycart, answered with
// a redirect back (applied, removed) or the page's data with the refusal's words by the field.

const api = await createTestApi();
const context = loadContext(api);
const shirt = await insertProduct(api.db, {
  shortTitle: "Linen Shirt",
  category: "Fashion",
  variants: [{ size: "M", quantity: 20, mrp: 1000, discount: 20 }],
});

const load = (cookie: string) =>
  settle(() => mycartLoader({ request: pageGet("/mycart", cookie), params: {}, context } as never));
const post = (fields: Record<string, string>, cookie: string) =>
  settle(() => mycartAction({ request: formPost("/mycart", fields, cookie), params: {}, context } as never));

describe("/mycart's code box, without JavaScript", () => {
  it("applies a code, shows it on its own row with the savings, and removes it", async () => {
    const code = await insertPromotion(api.db, {
      code: "SAVE100",
      discountType: "flat",
      discountValue: 100,
      minCartValue: 999,
    });
    const { cookie } = await signedInShopper(api);
    await settle(() =>
      cartAction({
        request: formPost("/cart", { intent: "add", productId: shirt, size: "M", qty: "1" }, cookie),
        params: {},
        context,
      } as never),
    );

    // ₹800 in the cart: refused in the code's own words, shown next to the field.
    const refused = await post({ intent: "apply-code", code: " save100 " }, cookie);
    expect(refused.status).toBe(400);
    expect(refused.data).toEqual({ codeError: "This code needs a cart of ₹999 or more", typed: " save100 " });
    let page = await load(cookie);
    let html = await renderPage(
      "/mycart",
      createElement(MyCart, { loaderData: page.data, actionData: refused.data } as never),
    );
    expect(html).toContain('id="promo-code-error"');
    expect(html).toContain("This code needs a cart of ₹999 or more");

    await settle(() =>
      cartAction({
        request: formPost("/cart", { intent: "update", productId: shirt, size: "M", qty: "2" }, cookie),
        params: {},
        context,
      } as never),
    );
    const applied = await post({ intent: "apply-code", code: " save100 " }, cookie);
    expect(applied.status).toBe(303);
    expect(applied.location).toBe("/mycart");
    page = await load(cookie);
    expect(page.data.promotions.code).toBe("SAVE100");
    html = await renderPage("/mycart", createElement(MyCart, { loaderData: page.data } as never));
    // The spec's Discount row (MRP) stays; the code has its own row; the savings include both.
    expect(html).toContain("Coupon (SAVE100)");
    expect(html).toMatch(/<dt>Discount<\/dt><dd class="text-brand">−₹400<\/dd>/);
    expect(html).toContain("You will save <!-- -->₹500<!-- --> on this order");
    expect(html).toContain("₹1,504");
    expect(code.name).toBeTruthy();

    const removed = await post({ intent: "remove-code" }, cookie);
    expect(removed.status).toBe(303);
    page = await load(cookie);
    expect(page.data.promotions.code).toBeNull();
  });
});
