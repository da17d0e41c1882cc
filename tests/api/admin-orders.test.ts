import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders } from "../../api/db/schema";
import { newId } from "../../api/lib/ids";
import { confirmCod, createTestApi, createUserWithToken, insertProduct, specAddress, testAddresses } from "./helpers";

let clock = Date.now();
const api = await createTestApi({ now: () => new Date(clock) });
const { db, call } = api;
const admin = await createUserWithToken(db, { userType: "admin" });

const home = specAddress(testAddresses.home);

async function place(token: string, paymentMethod = "cod") {
  const productId = await insertProduct(db);
  const res = await call("POST", "/userapp/order/create", {
    token,
    body: { products: [{ productId, qty: 1, size: "M" }], address: home, paymentMethod },
  });
  expect(res.status).toBe(201);
  return res.body.data._id as string;
}

const list = (query = "", token = admin.token) => call("GET", `/userapp/admin/orders${query}`, { token });
const ids = (res: { body: any }) => res.body.data.data.map((order: { _id: string }) => order._id);

describe("admin routes: admins only", () => {
  // Every route registered under /userapp/admin, so that a new one cannot be left unguarded.
  const adminRoutes = api.app.routes
    .filter((route) => route.path.startsWith("/userapp/admin") && route.method !== "ALL")
    // A route of OpenAPIHono is listed once per handler (its validator, then the handler itself).
    .filter(
      (route, index, all) =>
        all.findIndex((other) => other.method === route.method && other.path === route.path) === index,
    )
    .map((route) => [route.method, route.path.replaceAll(":id", newId())] as const);

  it("has the order, courier, catalogue, seller, message, webhook, review, promotion and dashboard routes", () => {
    expect(adminRoutes.map(([method, path]) => `${method} ${path.replace(/[0-9a-f]{24}/, ":id")}`).sort()).toEqual([
      "DELETE /userapp/admin/products/:id/images/:index",
      "DELETE /userapp/admin/webhook-endpoints/:id",
      "GET /userapp/admin/audit",
      "GET /userapp/admin/catalogue/export",
      "GET /userapp/admin/catalogue/options",
      "GET /userapp/admin/couriers",
      "GET /userapp/admin/dashboard",
      "GET /userapp/admin/dashboard/export",
      "GET /userapp/admin/merchants",
      "GET /userapp/admin/merchants/:id",
      "GET /userapp/admin/messages",
      "GET /userapp/admin/messages/:id",
      "GET /userapp/admin/orders",
      "GET /userapp/admin/orders/:id",
      "GET /userapp/admin/orders/:id/invoices",
      "GET /userapp/admin/products",
      "GET /userapp/admin/products/:id",
      "GET /userapp/admin/promotions",
      "GET /userapp/admin/promotions/:id",
      "GET /userapp/admin/promotions/:id/codes/export",
      "GET /userapp/admin/promotions/:id/report",
      "GET /userapp/admin/promotions/:id/report/export",
      "GET /userapp/admin/reviews",
      "GET /userapp/admin/reviews/:id/photos/:file",
      "GET /userapp/admin/stock/low",
      "GET /userapp/admin/webhook-deliveries",
      "GET /userapp/admin/webhook-deliveries/:id",
      "GET /userapp/admin/webhook-endpoints",
      "GET /userapp/admin/webhook-endpoints/:id",
      "POST /userapp/admin/catalogue/import",
      "POST /userapp/admin/couriers",
      "POST /userapp/admin/messages/:id/retry",
      "POST /userapp/admin/products",
      "POST /userapp/admin/products/:id/images",
      "POST /userapp/admin/promotions",
      "POST /userapp/admin/promotions/:id/codes",
      "POST /userapp/admin/webhook-deliveries/:id/retry",
      "POST /userapp/admin/webhook-endpoints",
      "PUT /userapp/admin/merchants/:id",
      "PUT /userapp/admin/orders/:id/payment",
      "PUT /userapp/admin/orders/:id/refund",
      "PUT /userapp/admin/orders/:id/reinstate",
      "PUT /userapp/admin/orders/:id/status",
      "PUT /userapp/admin/products/:id",
      "PUT /userapp/admin/products/:id/hide",
      "PUT /userapp/admin/products/:id/unhide",
      "PUT /userapp/admin/promotions/:id",
      "PUT /userapp/admin/promotions/:id/end",
      "PUT /userapp/admin/promotions/:id/pause",
      "PUT /userapp/admin/promotions/:id/resume",
      "PUT /userapp/admin/reviews/:id/publish",
      "PUT /userapp/admin/reviews/:id/remove",
      "PUT /userapp/admin/webhook-endpoints/:id",
    ]);
  });

  it.each(adminRoutes)("%s %s answers 401 without a token and 403 with a shopper's", async (method, path) => {
    const shopper = await createUserWithToken(db);
    const body = method === "GET" ? {} : { body: { status: "shipped", utr: "123456789012", reference: "R1" } };
    const anonymous = await call(method, path, body);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ status: "UNAUTHORIZED", data: null });
    const forbidden = await call(method, path, { ...body, token: shopper.token });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toMatchObject({
      status: "FORBIDDEN",
      message: "Only the shop's admins can do this.",
      data: null,
    });
    const allowed = await call(method, path, { ...body, token: admin.token });
    // Past the guard: an unknown id is 404, and the catalogue's creates refuse this order-shaped body (422).
    expect([200, 404, 422]).toContain(allowed.status);
  });

  it("refuses a shopper's token on an unknown admin path too, and a shopper cannot make themselves admin", async () => {
    const shopper = await createUserWithToken(db);
    expect((await call("GET", "/userapp/admin/anything", { token: shopper.token })).status).toBe(403);
    await call("PUT", `/userapp/user/update/${shopper.id}`, { token: shopper.token, body: { userType: "admin" } });
    expect((await list("", shopper.token)).status).toBe(403);
  });
});

describe("GET /userapp/admin/orders", () => {
  it("lists every shopper's orders newest first, filtered by status, payment status, COD confirmation, India's days and id or email", async () => {
    const asha = await createUserWithToken(db, { email: `asha.${newId().slice(0, 6)}@Example.test` });
    const ravi = await createUserWithToken(db);
    // 22 Nov 2026, 23:00 in India is still 22 Nov there, though 17:30 UTC.
    clock = new Date("2026-11-22T23:00:00+05:30").getTime();
    const older = await place(asha.token, "cod");
    clock = new Date("2026-11-23T00:30:00+05:30").getTime();
    const upi = await place(asha.token, "Upi");
    clock += 1000;
    const shipped = await place(ravi.token, "cod");
    await confirmCod(db, shipped, new Date(clock));
    // Cancelled before its shopper answered: it no longer awaits anything.
    clock += 1000;
    const cancelled = await place(ravi.token, "cod");
    const cancelling = await call("PUT", `/userapp/admin/orders/${cancelled}/status`, {
      token: admin.token,
      body: { status: "cancelled", reason: "Out of stock" },
    });
    expect(cancelling.status).toBe(200);
    expect(
      (
        await call("PUT", `/userapp/admin/orders/${shipped}/status`, {
          token: admin.token,
          body: { status: "shipped" },
        })
      ).status,
    ).toBe(200);
    clock = Date.now();

    const all = await list("?limit=100");
    expect(all.status).toBe(200);
    const mine = ids(all).filter((id: string) => [older, upi, shipped].includes(id));
    expect(mine).toEqual([shipped, upi, older]);
    expect(all.body.data.data.find((o: { _id: string }) => o._id === upi)).toMatchObject({
      user: { id: asha.id, email: expect.stringMatching(/^asha\./) },
      status: "confirmed",
      paymentStatus: "awaitingPayment",
    });

    expect(ids(await list("?from=2026-11-23&to=2026-11-23&limit=100"))).toEqual([cancelled, shipped, upi]);
    expect(ids(await list("?from=2026-11-22&to=2026-11-22&limit=100"))).toEqual([older]);
    expect(ids(await list("?from=2026-11-22&to=2026-11-23&status=shipped"))).toEqual([shipped]);
    expect(ids(await list("?from=2026-11-22&to=2026-11-23&paymentStatus=awaitingPayment"))).toEqual([upi]);
    // Cash on Delivery orders by their shopper's confirmation: the one not confirmed cannot ship yet.
    expect(ids(await list("?from=2026-11-22&to=2026-11-23&codConfirmation=awaiting"))).toEqual([older]);
    expect(ids(await list("?from=2026-11-22&to=2026-11-23&codConfirmation=confirmed"))).toEqual([shipped]);
    expect(ids(await list("?from=2026-11-22&to=2026-11-23&codConfirmation=expired"))).toEqual([]);
    expect(ids(await list(`?search=${upi.toUpperCase()}`))).toEqual([upi]);
    // Part of the email, in any case; the list's % and _ are not wildcards.
    expect(
      ids(await list(`?search=${encodeURIComponent(" ASHA.")}&limit=100`)).filter((id: string) =>
        [older, upi, shipped].includes(id),
      ),
    ).toEqual([upi, older]);
    expect(ids(await list("?search=%25"))).toEqual([]);
    expect(ids(await list("?search=_"))).toEqual([]);
  });

  it("pages with the paginator every list has", async () => {
    const shopper = await createUserWithToken(db);
    for (let i = 0; i < 3; i++) await place(shopper.token);
    const email = (await db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, shopper.id) }))!.email;
    const page2 = await list(`?search=${encodeURIComponent(email)}&limit=2&page=2`);
    expect(page2.body.data.data).toHaveLength(1);
    // A search of 200 characters is the longest taken (201 is refused below).
    expect((await list(`?search=${"x".repeat(200)}`)).body.data.data).toEqual([]);
    expect(page2.body.data.paginator).toEqual({
      itemCount: 3,
      perPage: 2,
      pageCount: 2,
      currentPage: 2,
      slNo: 3,
      hasPrevPage: true,
      hasNextPage: false,
      prev: 1,
      next: null,
    });
  });

  it.each([
    ["status=lost", "status"],
    ["paymentStatus=pending", "paymentStatus"],
    ["codConfirmation=yes", "codConfirmation"],
    ["from=2026-02-30", "from"],
    ["to=23-11-2026", "to"],
    ["page=0", "page"],
    [`search=${"x".repeat(201)}`, "search"],
  ])("answers 422 for %s", async (query, path) => {
    const res = await list(`?${query}`);
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual([expect.objectContaining({ path })]);
  });
});

describe("GET /userapp/admin/orders/{id} and the audit log", () => {
  it("answers any shopper's order with its shopper and every admin change, oldest first", async () => {
    const shopper = await createUserWithToken(db);
    const id = await place(shopper.token, "Upi");
    const other = await createUserWithToken(db, { userType: "admin" });
    clock = Date.now();
    await call("PUT", `/userapp/admin/orders/${id}/payment`, { token: admin.token, body: { utr: "987654321098" } });
    clock += 1000;
    await call("PUT", `/userapp/admin/orders/${id}/status`, { token: other.token, body: { status: "shipped" } });
    clock += 1000;
    // Refused: nothing to log.
    expect(
      (await call("PUT", `/userapp/admin/orders/${id}/refund`, { token: admin.token, body: { reference: "R-1" } }))
        .status,
    ).toBe(409);

    const res = await call("GET", `/userapp/admin/orders/${id}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      _id: id,
      user: { id: shopper.id },
      status: "shipped",
      paymentStatus: "paid",
      paymentReference: "987654321098",
    });
    expect(res.body.data.audit).toEqual([
      {
        actorId: admin.id,
        actorEmail: expect.any(String),
        action: "order.payment",
        before: expect.objectContaining({
          status: "confirmed",
          paymentStatus: "awaitingPayment",
          paymentReference: null,
        }),
        after: expect.objectContaining({
          status: "confirmed",
          paymentStatus: "paid",
          paymentReference: "987654321098",
        }),
        at: new Date(clock - 2000).toISOString(),
      },
      expect.objectContaining({
        actorId: other.id,
        action: "order.status",
        before: expect.objectContaining({ status: "confirmed" }),
        after: expect.objectContaining({ status: "shipped" }),
        at: new Date(clock - 1000).toISOString(),
      }),
    ]);

    for (const missing of [newId(), "nope"]) {
      const res = await call("GET", `/userapp/admin/orders/${missing}`, { token: admin.token });
      expect(res.status).toBe(404);
      expect(res.body.status).toBe("RECORD_NOT_FOUND");
      for (const path of ["status", "payment", "refund"]) {
        const put = await call("PUT", `/userapp/admin/orders/${missing}/${path}`, {
          token: admin.token,
          body: { status: "shipped", utr: "123456789012", reference: "R-2" },
        });
        expect(put.status).toBe(404);
      }
    }
  });

  it("answers 422 for an unknown status", async () => {
    const shopper = await createUserWithToken(db);
    const id = await place(shopper.token);
    for (const status of ["returned", "confirmed", "", undefined, "__proto__", "toString"]) {
      const res = await call("PUT", `/userapp/admin/orders/${id}/status`, { token: admin.token, body: { status } });
      expect(res.status).toBe(422);
      expect(res.body.data).toEqual([expect.objectContaining({ path: "status" })]);
    }
    const [row] = await db.select().from(orders).where(eq(orders.id, id));
    expect(row.status).toBe("confirmed");
  });
});
