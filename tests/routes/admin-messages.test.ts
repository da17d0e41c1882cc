import { eq } from "drizzle-orm";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { messages } from "../../api/db/schema";
import { setAdmin } from "../../api/lib/accounts/admins";
import { loader as rootLoader } from "../../app/root";
import MessagePage, { action as retryAction, loader as messageLoader } from "../../app/routes/admin.messages.$id";
import MessagesPage, { loader as listLoader } from "../../app/routes/admin.messages";
import { createTestApi, createUserWithToken, insertProduct, testAddresses } from "../api/helpers";
import { formPost, loadContext, nextCookies, pageGet, renderPage, settle, signedInShopper } from "./harness";

// The back office's messages (/admin/messages): the list, one message with its HTML in a
// sandbox and its text, and the retry of a failed one, called as React Router calls them.

const api = await createTestApi();
const context = loadContext(api);
const admin = await signedInShopper(api, { firstName: "Meera", lastName: "Iyer" });
expect(await setAdmin(api.db, admin.email, true)).toBe("changed");
const shopper = await signedInShopper(api);

type Handler = (args: never) => unknown;
const run = (fn: Handler, request: Request, params: Record<string, string> = {}) =>
  settle(() => fn({ request, params, context } as never));
const get = (fn: Handler, path: string, cookie = admin.cookie, params: Record<string, string> = {}) =>
  run(fn, pageGet(path, cookie), params);

/** An order placed through the API, and the message it recorded. */
async function placedOrder() {
  const buyer = await createUserWithToken(api.db);
  const product = await insertProduct(api.db, { shortTitle: "Cotton <Saree>" });
  const placed = await api.call("POST", "/userapp/order/create", {
    token: buyer.token,
    body: { productId: product, size: "M", quantity: 1, paymentMethod: "cod", address: testAddresses.home },
  });
  expect(placed.status).toBe(201);
  const [message] = await api.db.select().from(messages).where(eq(messages.orderId, placed.body.data.id));
  return { orderId: placed.body.data.id as string, message: message! };
}

describe("/admin/messages", () => {
  it("lists messages with their state, recipient, subject and order, filtered by state", async () => {
    const { orderId, message } = await placedOrder();
    await api.db
      .update(messages)
      .set({ state: "failed", lastError: "550 No such user" })
      .where(eq(messages.id, message.id));
    const page = await get(listLoader as Handler, "/admin/messages?state=failed");
    expect(page.status).toBe(200);
    expect(page.data.rows.map((row: { id: string }) => row.id)).toContain(message.id);
    expect(page.data.rows.every((row: { state: string }) => row.state === "failed")).toBe(true);
    const html = await renderPage("/admin/messages", createElement(MessagesPage, { loaderData: page.data } as never));
    expect(html).toContain(`href="/admin/messages/${message.id}"`);
    expect(html).toContain(`href="/admin/orders/${orderId}"`);
    expect(html).toContain("550 No such user");
    expect(html).toContain("Failed");
    // An unknown state is ignored rather than refused: the list shows every state.
    expect((await get(listLoader as Handler, "/admin/messages?state=lost")).data.filters.state).toBe("");
  });

  it("shows one message's HTML in a sandboxed frame and its text, and retries a failed one with a toast", async () => {
    const { message } = await placedOrder();
    await api.db
      .update(messages)
      .set({ state: "failed", lastError: "450 Mailbox busy" })
      .where(eq(messages.id, message.id));
    const path = `/admin/messages/${message.id}`;
    const one = await get(messageLoader as Handler, path, admin.cookie, { id: message.id });
    expect(one.status).toBe(200);
    const html = await renderPage(path, createElement(MessagePage, { loaderData: one.data } as never));
    expect(html).toMatch(/<iframe title="The message as HTML" sandbox="" srcDoc="[^"]*Cotton &amp;lt;Saree&amp;gt;/i);
    expect(html).toContain("Cotton &lt;Saree&gt; (size M) × 1");
    expect(html).toContain(">Try again</button>");

    const retried = await run(retryAction as Handler, formPost(path, {}, admin.cookie), { id: message.id });
    expect(retried.status).toBe(303);
    expect(retried.location).toBe(path);
    expect(
      (await get(rootLoader as Handler, "/", nextCookies(retried.headers, admin.cookie))).data.toast,
    ).toMatchObject({
      message: "The message is queued again.",
    });
    const again = await run(retryAction as Handler, formPost(path, {}, admin.cookie), { id: message.id });
    expect(again.status).toBe(409);
    expect(again.data.formError).toBe("The message is waiting to be sent already");
  });

  it("answers 404 for an unknown or malformed id, 403 to a shopper, and sends a guest to sign in", async () => {
    const id = "0123456789abcdef01234567";
    expect((await get(messageLoader as Handler, `/admin/messages/${id}`, admin.cookie, { id })).status).toBe(404);
    expect((await get(messageLoader as Handler, "/admin/messages/x", admin.cookie, { id: "x" })).status).toBe(404);
    for (const [fn, path, params] of [
      [listLoader, "/admin/messages", {}],
      [messageLoader, `/admin/messages/${id}`, { id }],
    ] as const) {
      expect((await get(fn as Handler, path, shopper.cookie, params)).status).toBe(403);
      const guest = await get(fn as Handler, path, "", params);
      expect(guest.status).toBe(302);
      expect(guest.location).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    }
    const refused = await run(retryAction as Handler, formPost(`/admin/messages/${id}`, {}, shopper.cookie), { id });
    expect(refused.status).toBe(403);
  });
});
