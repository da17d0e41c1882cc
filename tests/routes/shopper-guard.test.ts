import { describe, expect, it } from "vitest";
import { loader as rootLoader } from "../../app/root";
import { SESSION_ENDED } from "../../app/lib/session/require-shopper.server";
import { action as cartAction } from "../../app/routes/cart";
import { loader as checkoutLoader } from "../../app/routes/checkout";
import { action as compareAction, loader as compareLoader } from "../../app/routes/compare";
import { action as logoutAction } from "../../app/routes/logout";
import { loader as accountLoader } from "../../app/routes/myaccount";
import { action as orderAction, loader as orderLoader } from "../../app/routes/myaccount.orders.$id";
import { loader as ordersLoader } from "../../app/routes/myaccount.orders";
import { loader as mycartLoader } from "../../app/routes/mycart";
import { loader as wishlistLoader } from "../../app/routes/wishlist";
import { createTestApi, insertProduct } from "../api/helpers";
import { formPost, loadContext, withUserapp, nextCookies, pageGet, settle, signedInShopper } from "./harness";

// The rules of requireShopper (app/lib/session/require-shopper.server.ts), route by route: a token the API
// rejects signs the browser out and asks to sign in again with one toast; the API down is the
// route's error page, never an empty or guest page for a signed-in shopper.

const api = await createTestApi();
const context = loadContext(api);
const product = await insertProduct(api.db, { variants: [{ size: "M", quantity: 5, mrp: 500, discount: 0 }] });
const ORDER = "0123456789abcdef01234567";

type Handler = (args: never) => unknown;
/** A page and the loader behind it. */
const pages: { path: string; loader: Handler; params?: Record<string, string> }[] = [
  { path: "/mycart", loader: mycartLoader as Handler },
  { path: "/checkout", loader: checkoutLoader as Handler },
  { path: "/myaccount/orders?page=2", loader: ordersLoader as Handler },
  { path: `/myaccount/orders/${ORDER}`, loader: orderLoader as Handler, params: { id: ORDER } },
  { path: "/myaccount/profile", loader: accountLoader as Handler },
  { path: "/wishlist", loader: wishlistLoader as Handler },
  { path: "/compare", loader: compareLoader as Handler },
];

/** A shopper whose token the API has since revoked (signed out elsewhere), with the cookie this browser still holds. */
async function revokedCookie() {
  const { cookie } = await signedInShopper(api);
  await settle(() => logoutAction({ request: formPost("/logout", {}, cookie), params: {}, context } as never));
  return cookie;
}

/** What the browser holds after an answer, and the toast the page it is sent to shows. */
async function after(answer: { headers: Headers; location: string | null }, cookie: string) {
  const jar = nextCookies(answer.headers, cookie);
  const next = await settle(() =>
    rootLoader({ request: pageGet(answer.location ?? "/", jar), params: {}, context } as never),
  );
  return { jar, toast: next.data.toast, user: next.data.user };
}

// Every call fails as when the API is down; the session cookie is still a valid-looking one.
const apiDown = withUserapp(context, () =>
  Response.json({ status: "SERVER_ERROR", message: "Internal server error", data: null }, { status: 500 }),
);

describe("requireShopper: a token the API rejects", () => {
  for (const { path, loader, params = {} } of pages) {
    it(`${path}: signs this browser out and asks to sign in again, coming back here`, async () => {
      const cookie = await revokedCookie();
      const answer = await settle(() => loader({ request: pageGet(path, cookie), params, context } as never));
      expect(answer.status).toBe(302);
      expect(answer.location).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
      const next = await after(answer, cookie);
      expect(next.jar).not.toContain("__session=");
      expect(next.toast).toEqual({ type: "error", message: SESSION_ENDED });
      expect(next.user).toBeNull();
    });
  }

  it("a cart form: 303 to sign in, back to the form's page, with the same toast", async () => {
    const cookie = await revokedCookie();
    const answer = await settle(() =>
      cartAction({
        request: formPost(
          "/cart",
          { intent: "add", productId: product, size: "M", redirectTo: "/shop?page=2" },
          cookie,
        ),
        params: {},
        context,
      } as never),
    );
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/login?redirectTo=%2Fshop%3Fpage%3D2");
    const next = await after(answer, cookie);
    expect(next.jar).not.toContain("__session=");
    expect(next.toast).toEqual({ type: "error", message: SESSION_ENDED });
  });

  it("a compare form: the same", async () => {
    const cookie = await revokedCookie();
    const answer = await settle(() =>
      compareAction({
        request: formPost("/compare", { intent: "add", productId: product, redirectTo: "/shop" }, cookie),
        params: {},
        context,
      } as never),
    );
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/login?redirectTo=%2Fshop");
    const next = await after(answer, cookie);
    expect(next.jar).not.toContain("__session=");
    expect(next.toast).toEqual({ type: "error", message: SESSION_ENDED });
  });

  it("cancelling an order: back to the order page after signing in", async () => {
    const cookie = await revokedCookie();
    const answer = await settle(() =>
      orderAction({
        request: formPost(`/myaccount/orders/${ORDER}`, { intent: "cancel", reasonCode: "changedMind" }, cookie),
        params: { id: ORDER },
        context,
      } as never),
    );
    expect(answer.location).toBe(`/login?redirectTo=${encodeURIComponent(`/myaccount/orders/${ORDER}`)}`);
    const next = await after(answer, cookie);
    expect(next.jar).not.toContain("__session=");
    expect(next.toast).toEqual({ type: "error", message: SESSION_ENDED });
  });
});

describe("requireShopper: the API down", () => {
  for (const { path, loader, params = {} } of pages) {
    it(`${path}: the error page (503), not an empty page, and the browser stays signed in`, async () => {
      const { cookie } = await signedInShopper(api);
      const answer = await settle(() => loader({ request: pageGet(path, cookie), params, context: apiDown } as never));
      expect(answer.status).toBe(503);
      expect(answer.headers.getSetCookie()).toEqual([]);
    });
  }

  it("the root loader stays softer: the page is shown as to a guest, and the session kept", async () => {
    const { cookie } = await signedInShopper(api);
    const answer = await settle(() =>
      rootLoader({ request: pageGet("/shop", cookie), params: {}, context: apiDown } as never),
    );
    expect(answer.status).toBe(200);
    expect(answer.data.user).toBeNull();
    expect(answer.headers.getSetCookie()).toEqual([]);
  });
});
