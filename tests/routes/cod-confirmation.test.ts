/**
 * The pages of a Cash on Delivery order's emailed links, /cod/confirm and /cod/cancel, as plain
 * form posts (no JavaScript): opening one changes nothing, its one button does, signed in or not.
 */
import { describe, expect, it } from "vitest";
import { loader as rootLoader } from "../../app/root";
import { action as codAction, loader as codLoader } from "../../app/routes/cod-confirmation";
import { codTokenOf, createTestApi, createUserWithToken, insertProduct, stockOf, testAddresses } from "../api/helpers";
import { formPost, loadContext, nextCookies, pageGet, settle, signedInShopper } from "./harness";

const api = await createTestApi();
const context = loadContext(api);
type Handler = (args: unknown) => unknown;
const open = (action: string, token: string) =>
  settle(() =>
    (codLoader as Handler)({
      request: pageGet(`/cod/${action}?token=${encodeURIComponent(token)}`),
      params: { action },
      context,
    }),
  );
const press = (action: string, token: string, cookie?: string) =>
  settle(() =>
    (codAction as Handler)({
      request: formPost(`/cod/${action}?token=${encodeURIComponent(token)}`, { token }, cookie),
      params: { action },
      context,
    }),
  );
const toastAfter = async (answer: { headers: Headers }) =>
  (
    await settle(() =>
      (rootLoader as Handler)({ request: pageGet("/", nextCookies(answer.headers, "")), params: {}, context }),
    )
  ).data.toast;

/** A Cash on Delivery order of 2 units (of 10), awaiting its confirmation, and its links' token. */
async function awaitingOrder() {
  const shopper = await createUserWithToken(api.db);
  const productId = await insertProduct(api.db, { variants: [{ size: "M", quantity: 10, mrp: 1000, discount: 0 }] });
  const placed = await api.call("POST", "/userapp/order/create", {
    token: shopper.token,
    body: { products: [{ productId, qty: 2, size: "M" }], address: testAddresses.home, paymentMethod: "cod" },
  });
  expect(placed.status).toBe(201);
  const id = placed.body.data._id as string;
  return { id, productId, token: await codTokenOf(api.db, id) };
}

describe("the confirm link's page", () => {
  it("shows the order and its button without changing it; the button confirms it, once", async () => {
    const order = await awaitingOrder();
    const page = await open("confirm", order.token);
    expect(page.data).toMatchObject({
      action: "confirm",
      token: order.token,
      problem: null,
      order: { id: order.id, codConfirmation: "awaiting", canConfirm: true },
    });
    // Opened twice (a mail scanner, then the shopper): still awaiting.
    expect((await open("confirm", order.token)).data.order.codConfirmation).toBe("awaiting");

    const done = await press("confirm", order.token);
    expect([done.status, done.location]).toEqual([303, `/cod/confirm?token=${encodeURIComponent(order.token)}`]);
    expect(await toastAfter(done)).toMatchObject({ message: "Your order is confirmed." });
    expect((await open("confirm", order.token)).data.order).toMatchObject({
      codConfirmation: "confirmed",
      canConfirm: false,
    });
    const again = await press("confirm", order.token);
    expect(again.status).toBe(409);
    expect(again.data).toEqual({ problem: null, error: "This order is already confirmed." });
  });

  it("works for whoever holds the link, signed in as someone else or not at all", async () => {
    const order = await awaitingOrder();
    const other = await signedInShopper(api);
    expect((await press("confirm", order.token, other.cookie)).status).toBe(303);
    expect((await open("confirm", order.token)).data.order.codConfirmation).toBe("confirmed");
  });

  it("says plainly when the link is not valid, opened or pressed", async () => {
    const order = await awaitingOrder();
    const unknown = "This link is not valid. Check that you copied all of it from the email about your order.";
    for (const token of ["", "abc", `${order.token.slice(0, -2)}xx`]) {
      expect((await open("confirm", token)).data).toMatchObject({ order: null, problem: unknown });
      const pressed = await press("confirm", token);
      expect(pressed.status).toBe(400);
      expect(pressed.data).toEqual({ problem: unknown, error: null });
    }
    expect((await open("approve", order.token)).status).toBe(404);
    expect((await press("approve", order.token)).status).toBe(404);
  });
});

describe("the cancel link's page", () => {
  it("cancels the order, confirmed or not, puts its stock back, and then says it is cancelled", async () => {
    const order = await awaitingOrder();
    expect(await stockOf(api.db, order.productId)).toBe(8);
    expect((await open("cancel", order.token)).data.order).toMatchObject({ canCancel: true });
    const done = await press("cancel", order.token);
    expect(done.status).toBe(303);
    expect(await toastAfter(done)).toMatchObject({ message: "Your order has been cancelled." });
    expect(await stockOf(api.db, order.productId)).toBe(10);
    expect((await open("cancel", order.token)).data.order).toMatchObject({ status: "cancelled", canCancel: false });
    const confirm = await press("confirm", order.token);
    expect(confirm.data).toEqual({ problem: null, error: "This order is cancelled." });
  });
});
