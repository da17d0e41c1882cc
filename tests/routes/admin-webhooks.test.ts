import { eq } from "drizzle-orm";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { webhookDeliveries, webhookEndpoints } from "../../api/db/schema";
import { setAdmin } from "../../api/lib/accounts/admins";
import { loader as rootLoader } from "../../app/root";
import DeliveryPage, {
  action as retryAction,
  loader as deliveryLoader,
} from "../../app/routes/admin.webhooks.deliveries.$id";
import DeliveriesPage, { loader as deliveriesLoader } from "../../app/routes/admin.webhooks.deliveries";
import EndpointPage, { action as endpointAction, loader as endpointLoader } from "../../app/routes/admin.webhooks.$id";
import NewEndpointPage, { action as createAction, loader as newLoader } from "../../app/routes/admin.webhooks.new";
import EndpointsPage, { loader as listLoader } from "../../app/routes/admin.webhooks";
import { createTestApi, createUserWithToken, insertProduct, testAddresses } from "../api/helpers";
import { formPost, loadContext, nextCookies, pageGet, renderPage, settle, signedInShopper } from "./harness";

// The back office's webhooks (/admin/webhooks…): registering an endpoint (its secret shown once),
// editing, disabling and deleting it, and the deliveries with their state and a retry, called as
// React Router calls them, on the shop's default settings (no private addresses).

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

const form = (fields: Record<string, string | string[]>) => ({
  intent: "save",
  url: "https://hooks.example.com/shop",
  description: "SMS notices",
  events: ["order.placed", "order.shipped"],
  enabled: "on",
  ...fields,
});

async function registered(fields: Record<string, string | string[]> = {}) {
  const created = await run(createAction as Handler, formPost("/admin/webhooks/new", form(fields), admin.cookie));
  expect(created.status).toBe(200);
  return created.data.created as { id: string; url: string; secret: string };
}

describe("/admin/webhooks", () => {
  it("registers an endpoint and shows its secret once, then lists it without", async () => {
    expect((await get(newLoader as Handler, "/admin/webhooks/new")).status).toBe(200);
    const blank = await renderPage(
      "/admin/webhooks/new",
      createElement(NewEndpointPage, { loaderData: null, actionData: undefined } as never),
    );
    expect(blank).toContain('type="checkbox" class="size-4" checked="" value="order.codConfirmed"');
    expect(blank).toContain(">Add endpoint</button>");

    const created = await registered();
    expect(created.secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    const shown = await renderPage(
      "/admin/webhooks/new",
      createElement(NewEndpointPage, { loaderData: null, actionData: { created } } as never),
    );
    expect(shown).toContain(`value="${created.secret}"`);
    expect(shown).toContain("it is not shown again");
    expect(shown).toContain(`href="/admin/webhooks/${created.id}"`);

    const list = await get(listLoader as Handler, "/admin/webhooks");
    expect(list.status).toBe(200);
    const html = await renderPage("/admin/webhooks", createElement(EndpointsPage, { loaderData: list.data } as never));
    expect(html).toContain(`href="/admin/webhooks/${created.id}"`);
    expect(html).toContain("Order placed, Shipped");
    expect(html).toContain("Enabled");
    expect(html).not.toContain(created.secret);
    expect(html).toContain(`href="/admin/webhooks/deliveries?endpointId=${created.id}"`);
  });

  it("refuses a form without events, and a private address on the URL field, never echoing the secret", async () => {
    const noEvents = await run(
      createAction as Handler,
      formPost("/admin/webhooks/new", form({ events: [], secret: "typed-secret-0123456789" }), admin.cookie),
    );
    expect(noEvents.status).toBe(400);
    expect(noEvents.data.result.error.events).toEqual(["Choose at least one event"]);
    expect(JSON.stringify(noEvents.data)).not.toContain("typed-secret");
    const loopback = await run(
      createAction as Handler,
      formPost(
        "/admin/webhooks/new",
        form({ url: "http://127.0.0.1:9000/hooks", secret: "typed-secret-0123456789" }),
        admin.cookie,
      ),
    );
    expect(loopback.status).toBe(422);
    expect(loopback.data.result.error.url).toEqual([expect.stringMatching(/private or loopback address/)]);
    expect(JSON.stringify(loopback.data)).not.toContain("typed-secret");
    const html = await renderPage(
      "/admin/webhooks/new",
      createElement(NewEndpointPage, { loaderData: null, actionData: loopback.data } as never),
    );
    expect(html).toContain("private or loopback address");
  });

  it("edits, disables and deletes an endpoint, keeping its secret unless a new one is typed", async () => {
    const created = await registered({ secret: "first-secret-0123456789" });
    const path = `/admin/webhooks/${created.id}`;
    const page = await get(endpointLoader as Handler, path, admin.cookie, { id: created.id });
    expect(page.status).toBe(200);
    const html = await renderPage(path, createElement(EndpointPage, { loaderData: page.data } as never));
    expect(html).toContain('value="https://hooks.example.com/shop"');
    expect(html).not.toContain("first-secret");
    expect(html).toContain(">Delete endpoint</button>");

    // Unchecked "Enabled" is absent from the form: the endpoint is disabled.
    const saved = await run(
      endpointAction as Handler,
      formPost(path, { intent: "save", url: "https://hooks.example.com/v2", events: "order.paid" }, admin.cookie),
      { id: created.id },
    );
    expect(saved.status).toBe(303);
    expect(saved.location).toBe(path);
    expect((await get(rootLoader as Handler, "/", nextCookies(saved.headers, admin.cookie))).data.toast).toMatchObject({
      message: "The endpoint is saved.",
    });
    const [row] = await api.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.id));
    expect(row).toMatchObject({
      url: "https://hooks.example.com/v2",
      events: ["order.paid"],
      enabled: false,
      description: "",
      secret: "first-secret-0123456789",
    });

    const deleted = await run(endpointAction as Handler, formPost(path, { intent: "delete" }, admin.cookie), {
      id: created.id,
    });
    expect(deleted.status).toBe(303);
    expect(deleted.location).toBe("/admin/webhooks");
    expect(await api.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.id))).toEqual([]);
  });

  it("lists deliveries by state and endpoint, shows one with its payload, and retries a failed one", async () => {
    const created = await registered({ events: "order.placed" });
    const buyer = await createUserWithToken(api.db);
    const product = await insertProduct(api.db, { shortTitle: "Cotton <Saree>" });
    const placed = await api.call("POST", "/userapp/order/create", {
      token: buyer.token,
      body: { productId: product, size: "M", quantity: 1, paymentMethod: "cod", address: testAddresses.home },
    });
    expect(placed.status).toBe(201);
    const [delivery] = await api.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, created.id));
    await api.db
      .update(webhookDeliveries)
      .set({ state: "failed", attempts: 10, lastStatus: 500, lastError: "HTTP 500: <oops>" })
      .where(eq(webhookDeliveries.id, delivery!.id));

    const listPath = `/admin/webhooks/deliveries?state=failed&endpointId=${created.id}`;
    const list = await get(deliveriesLoader as Handler, listPath);
    expect(list.data.rows.map((row: { id: string }) => row.id)).toEqual([delivery!.id]);
    const listHtml = await renderPage(listPath, createElement(DeliveriesPage, { loaderData: list.data } as never));
    expect(listHtml).toContain(`href="/admin/webhooks/deliveries/${delivery!.id}"`);
    expect(listHtml).toContain("HTTP 500: &lt;oops&gt;");
    expect(listHtml).toContain(`href="/admin/orders/${placed.body.data.id}"`);
    // An unknown state or endpoint is ignored rather than refused.
    const loose = await get(deliveriesLoader as Handler, "/admin/webhooks/deliveries?state=lost&endpointId=x");
    expect(loose.data.filters).toMatchObject({ state: "", endpointId: "" });

    const path = `/admin/webhooks/deliveries/${delivery!.id}`;
    const one = await get(deliveryLoader as Handler, path, admin.cookie, { id: delivery!.id });
    const html = await renderPage(path, createElement(DeliveryPage, { loaderData: one.data } as never));
    expect(html).toContain("Cotton &lt;Saree&gt;");
    expect(html).toContain("&quot;type&quot;: &quot;order.placed&quot;");
    expect(html).toContain(">Try again</button>");

    const retried = await run(retryAction as Handler, formPost(path, {}, admin.cookie), { id: delivery!.id });
    expect(retried.status).toBe(303);
    expect(retried.location).toBe(path);
    const again = await run(retryAction as Handler, formPost(path, {}, admin.cookie), { id: delivery!.id });
    expect(again.status).toBe(409);
    expect(again.data.formError).toBe("The delivery is waiting to be sent already");
  });

  it("answers 404 for an unknown or malformed id, 403 to a shopper, and sends a guest to sign in", async () => {
    const id = "0123456789abcdef01234567";
    for (const fn of [endpointLoader, deliveryLoader]) {
      expect((await get(fn as Handler, `/admin/webhooks/${id}`, admin.cookie, { id })).status).toBe(404);
      expect((await get(fn as Handler, "/admin/webhooks/x", admin.cookie, { id: "x" })).status).toBe(404);
    }
    for (const [fn, path, params] of [
      [listLoader, "/admin/webhooks", {}],
      [newLoader, "/admin/webhooks/new", {}],
      [deliveriesLoader, "/admin/webhooks/deliveries", {}],
      [endpointLoader, `/admin/webhooks/${id}`, { id }],
    ] as const) {
      expect((await get(fn as Handler, path, shopper.cookie, params)).status).toBe(403);
      const guest = await get(fn as Handler, path, "", params);
      expect(guest.status).toBe(302);
      expect(guest.location).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    }
    const refused = await run(createAction as Handler, formPost("/admin/webhooks/new", form({}), shopper.cookie));
    expect(refused.status).toBe(403);
  });
});
