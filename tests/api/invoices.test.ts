import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PLATFORM_FEE } from "../../api/contract";
import { documentCounters, invoices, orderItems, orders } from "../../api/db/schema";
import { newId } from "../../api/lib/ids";
import {
  confirmCod,
  createTestApi,
  createUserWithToken,
  insertMerchant,
  insertProduct,
  testAddresses,
  specAddress,
} from "./helpers";

// 31 March 2026, 23:00 in India: the last hour of financial year 2025-26.
let clock = Date.parse("2026-03-31T17:30:00Z");
const api = await createTestApi({ now: () => new Date(clock) });
const { db, call } = api;
const admin = await createUserWithToken(db, { userType: "admin" });

const karnataka = specAddress(testAddresses.home);
const kerala = testAddresses.kochi;

/** A merchant registered in Karnataka (GSTIN with a valid check character), or in `state`. */
const bengaluruMerchant = (fields: Partial<Parameters<typeof insertMerchant>[1]> = {}) =>
  insertMerchant(db, {
    gstin: "29AAGCB7383J1Z4",
    state: "Karnataka",
    address: "80 Feet Road, Koramangala, Bengaluru 560034",
    ...fields,
  });

/** A product of `merchantId` selling one size "M" at exactly `price` (no discount). */
const productAt = (merchantId: string, price: number, hsn = "851830") =>
  insertProduct(db, { merchantId, hsn, variants: [{ size: "M", quantity: 500, mrp: price, discount: 0 }] });

/** Moves an order on as an admin (the sellers' invoices are issued as it ships). */
async function ship(orderId: string) {
  const res = await call("PUT", `/userapp/admin/orders/${orderId}/status`, {
    token: admin.token,
    body: { status: "shipped" },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** Places a Cash on Delivery order of size "M" lines, confirmed by its shopper, and, unless told not to, ships it. */
async function place(
  token: string,
  lines: { productId: string; qty: number }[],
  address = karnataka,
  options: { ship: boolean } = { ship: true },
) {
  const res = await call("POST", "/userapp/order/create", {
    token,
    body: { products: lines.map((line) => ({ ...line, size: "M" })), address, paymentMethod: "cod" },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const orderId = res.body.data._id as string;
  // The shopper confirms it from the emailed link, as a Cash on Delivery order must be before it ships.
  await confirmCod(db, orderId, new Date(clock));
  if (options.ship) await ship(orderId);
  return orderId;
}

const invoicesOf = (orderId: string, token: string) => call("GET", `/userapp/orders/${orderId}/invoices`, { token });

describe("GET /userapp/orders/{id}/invoices", () => {
  it("splits an order delivered in the merchant's state into CGST and SGST, and stores the split", async () => {
    const merchant = await bengaluruMerchant();
    const headphones = await productAt(merchant, 1049); // 18%
    const shopper = await createUserWithToken(db, { name: "Asha Rao" });
    const orderId = await place(shopper.token, [{ productId: headphones, qty: 2 }]);

    const res = await invoicesOf(orderId, shopper.token);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const { invoices: list, cancelled, platformFee, computedOnRead } = res.body.data;
    expect({ cancelled, computedOnRead, platformFee }).toEqual({
      cancelled: false,
      computedOnRead: false,
      platformFee: PLATFORM_FEE,
    });
    expect(list).toHaveLength(1);
    const [invoice] = list;
    expect(invoice.supplyType).toBe("intraState");
    expect(invoice.supplier).toMatchObject({ gstin: "29AAGCB7383J1Z4", state: { name: "Karnataka", code: "29" } });
    expect(invoice.buyer).toMatchObject({
      name: "Asha Rao",
      address: karnataka,
      state: { name: "Karnataka", code: "29" },
    });
    expect(invoice.placeOfSupply).toEqual({ name: "Karnataka", code: "29" });
    expect(invoice.number).toMatch(/^2025-26\/\d{6}$/);
    expect(invoice.date).toBe("2026-03-31");
    // ₹2,098 at 18%: 2098 × 9/118 = ₹160.0169 → ₹160.02 each half; taxable ₹2,098 − ₹320.04.
    expect(invoice.lines).toEqual([
      expect.objectContaining({
        hsn: "851830",
        qty: 2,
        unitPrice: 1049,
        amount: 2098,
        gstRate: 18,
        taxablePaise: 177796,
        cgstPaise: 16002,
        sgstPaise: 16002,
        igstPaise: 0,
      }),
    ]);
    expect(invoice.totals).toEqual({
      qty: 2,
      taxablePaise: 177796,
      cgstPaise: 16002,
      sgstPaise: 16002,
      igstPaise: 0,
      taxPaise: 32004,
      amount: 2098,
    });
    expect(invoice.amountInWords).toBe("Rupees Two Thousand Ninety-Eight Only");

    const [line] = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(line).toMatchObject({
      hsn: "851830",
      gstRate: 18,
      taxablePaise: 177796,
      cgstPaise: 16002,
      sgstPaise: 16002,
      igstPaise: 0,
    });
  });

  it("charges IGST when the delivery state is another, and one invoice per merchant with its own numbers", async () => {
    const local = await bengaluruMerchant();
    const kochi = await insertMerchant(db, {
      gstin: "32CNRPN2863Q1Z5",
      state: "Kerala",
      address: "MG Road, Kochi 682035",
    });
    const tee = await productAt(local, 799, "610910"); // apparel up to ₹2,500 before tax: 5%
    const tv = await productAt(kochi, 32999, "852872"); // 18%
    const shopper = await createUserWithToken(db);
    const orderId = await place(
      shopper.token,
      [
        { productId: tee, qty: 3 },
        { productId: tv, qty: 1 },
      ],
      kerala,
    );

    const { invoices: list } = (await invoicesOf(orderId, shopper.token)).body.data;
    expect(list).toHaveLength(2);
    const fromBengaluru = list.find((invoice: any) => invoice.supplier.id === local);
    const fromKochi = list.find((invoice: any) => invoice.supplier.id === kochi);
    // To Kerala from Karnataka: IGST; ₹2,397 × 5/105 = ₹114.1428 → ₹114.14.
    expect(fromBengaluru.supplyType).toBe("interState");
    expect(fromBengaluru.totals).toEqual({
      qty: 3,
      taxablePaise: 228286,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 11414,
      taxPaise: 11414,
      amount: 2397,
    });
    expect(fromBengaluru.lines[0]).toMatchObject({ hsn: "610910", gstRate: 5 });
    // Within Kerala: CGST + SGST; 32999 × 9/118 = ₹2,516.8728 → ₹2,516.87 each.
    expect(fromKochi.supplyType).toBe("intraState");
    expect(fromKochi.totals).toEqual({
      qty: 1,
      taxablePaise: 2796526,
      cgstPaise: 251687,
      sgstPaise: 251687,
      igstPaise: 0,
      taxPaise: 503374,
      amount: 32999,
    });
    expect(fromKochi.amountInWords).toBe("Rupees Thirty-Two Thousand Nine Hundred Ninety-Nine Only");
    // Each merchant counts its own invoices: these are their first.
    expect(fromKochi.number).toBe("2025-26/000001");
    expect(fromBengaluru.number).toBe("2025-26/000001");
    for (const invoice of list) {
      expect(invoice.number.length).toBeLessThanOrEqual(16);
      const { taxablePaise, cgstPaise, sgstPaise, igstPaise, amount } = invoice.totals;
      expect(taxablePaise + cgstPaise + sgstPaise + igstPaise).toBe(amount * 100);
    }
  });

  it("rates apparel by its price before tax: ₹2,625 is 5%, ₹2,626 is 18%", async () => {
    const merchant = await bengaluruMerchant();
    const at2625 = await productAt(merchant, 2625, "620342");
    const at2626 = await productAt(merchant, 2626, "620342");
    const shopper = await createUserWithToken(db);
    const orderId = await place(shopper.token, [
      { productId: at2625, qty: 1 },
      { productId: at2626, qty: 1 },
    ]);
    const [invoice] = (await invoicesOf(orderId, shopper.token)).body.data.invoices;
    // Within Karnataka: ₹2,625 is ₹2,500 + 2.5% + 2.5% exactly (₹62.50 each); ₹2,626 × 9/118 =
    // ₹200.2881 → ₹200.29 each.
    expect(
      invoice.lines.map((line: any) => [
        line.unitPrice,
        line.gstRate,
        line.cgstPaise,
        line.sgstPaise,
        line.taxablePaise,
      ]),
    ).toEqual([
      [2625, 5, 6250, 6250, 250000],
      [2626, 18, 20029, 20029, 222542],
    ]);
  });

  it("answers 404 for someone else's order, an unknown one and a malformed id; 401 without a token", async () => {
    const merchant = await bengaluruMerchant();
    const owner = await createUserWithToken(db);
    const other = await createUserWithToken(db);
    const orderId = await place(owner.token, [{ productId: await productAt(merchant, 499), qty: 1 }]);
    expect((await invoicesOf(orderId, other.token)).status).toBe(404);
    expect((await invoicesOf(newId(), owner.token)).status).toBe(404);
    expect((await invoicesOf("not-an-id", owner.token)).status).toBe(404);
    expect((await call("GET", `/userapp/orders/${orderId}/invoices`)).status).toBe(401);
    expect((await invoicesOf(orderId, owner.token)).status).toBe(200);
  });

  it("has none before the order ships, and none ever when it is cancelled before dispatch", async () => {
    const merchant = await bengaluruMerchant();
    const product = await productAt(merchant, 499);
    const shopper = await createUserWithToken(db);
    const waiting = await place(shopper.token, [{ productId: product, qty: 1 }], karnataka, { ship: false });
    const before = await invoicesOf(waiting, shopper.token);
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({ cancelled: false, invoices: [] });
    expect((await call("PUT", `/userapp/orders/${waiting}/cancel`, { token: shopper.token, body: {} })).status).toBe(
      200,
    );
    expect((await invoicesOf(waiting, shopper.token)).body.data).toMatchObject({ cancelled: true, invoices: [] });
    // Shipping it now is refused, and takes no number either.
    const refused = await call("PUT", `/userapp/admin/orders/${waiting}/status`, {
      token: admin.token,
      body: { status: "shipped" },
    });
    expect(refused.status).toBe(409);
    expect(await db.select().from(invoices).where(eq(invoices.orderId, waiting))).toEqual([]);
    expect(
      await db
        .select()
        .from(documentCounters)
        .where(eq(documentCounters.series, `invoice:${merchant}`)),
    ).toEqual([]);

    const shipped = await place(shopper.token, [{ productId: product, qty: 1 }]);
    expect((await invoicesOf(shipped, shopper.token)).body.data.invoices[0].number).toBe("2025-26/000001");
  });

  it("names a merchant without a GSTIN as such and charges IGST (its state is unknown)", async () => {
    const merchant = await insertMerchant(db);
    const shopper = await createUserWithToken(db);
    const orderId = await place(shopper.token, [{ productId: await productAt(merchant, 1180), qty: 1 }]);
    const [invoice] = (await invoicesOf(orderId, shopper.token)).body.data.invoices;
    expect(invoice.supplier).toMatchObject({ gstin: null, state: null });
    expect(invoice.totals).toMatchObject({ igstPaise: 18000, taxablePaise: 100000, cgstPaise: 0, sgstPaise: 0 });
  });
});

describe("invoice numbers", () => {
  it("are dated and numbered at dispatch, and start again at 1 on 1 April, in India time", async () => {
    const merchant = await bengaluruMerchant();
    const shopper = await createUserWithToken(db);
    const product = await productAt(merchant, 299);
    clock = Date.parse("2026-03-31T12:00:00Z");
    const placeUnshipped = () => place(shopper.token, [{ productId: product, qty: 1 }], karnataka, { ship: false });
    const [march, april, second] = [await placeUnshipped(), await placeUnshipped(), await placeUnshipped()];
    clock = Date.parse("2026-03-31T18:29:59Z"); // 23:59:59 on 31 March in India
    await ship(march);
    clock = Date.parse("2026-03-31T18:30:00Z"); // midnight, 1 April in India
    await ship(april);
    await ship(second);
    const numberOf = async (id: string) => (await invoicesOf(id, shopper.token)).body.data.invoices[0];
    expect(await numberOf(march)).toMatchObject({
      number: "2025-26/000001",
      financialYear: "2025-26",
      date: "2026-03-31",
      issuedAt: "2026-03-31T18:29:59.000Z",
    });
    // Placed in March, shipped in April: invoiced in April.
    expect(await numberOf(april)).toMatchObject({
      number: "2026-27/000001",
      financialYear: "2026-27",
      date: "2026-04-01",
    });
    expect(await numberOf(second)).toMatchObject({ number: "2026-27/000002" });
  });

  it("are unique and consecutive under concurrent dispatches, and orders cancelled in between take none", async () => {
    clock = Date.parse("2026-06-15T06:00:00Z");
    const merchant = await bengaluruMerchant();
    const product = await productAt(merchant, 599);
    const shoppers = await Promise.all(Array.from({ length: 16 }, () => createUserWithToken(db)));
    const placed = await Promise.all(
      shoppers.map((shopper) => place(shopper.token, [{ productId: product, qty: 1 }], karnataka, { ship: false })),
    );
    // Every other order is cancelled while the rest ship, all at once.
    const changes = await Promise.all(
      placed.map((id, i) =>
        call("PUT", `/userapp/admin/orders/${id}/status`, {
          token: admin.token,
          body: i % 2 === 0 ? { status: "shipped" } : { status: "cancelled", reason: "Out of stock at the seller" },
        }),
      ),
    );
    expect(changes.map((res) => res.status)).toEqual(placed.map(() => 200));

    const rows = await db.select().from(invoices).where(eq(invoices.merchantId, merchant));
    expect(rows.map((row) => row.orderId).sort()).toEqual(placed.filter((_, i) => i % 2 === 0).sort());
    expect(rows.map((row) => row.serial).sort((a, b) => a - b)).toEqual(Array.from({ length: 8 }, (_, i) => i + 1));
    expect(new Set(rows.map((row) => row.number)).size).toBe(8);
    const [counter] = await db
      .select()
      .from(documentCounters)
      .where(eq(documentCounters.series, `invoice:${merchant}`));
    expect(counter).toMatchObject({ financialYear: "2026-27", lastSerial: 8 });
  });
});

describe("orders placed before GST was recorded", () => {
  it("are split when read, and numbered when first read once shipped, dated at their dispatch", async () => {
    clock = Date.parse("2026-07-01T06:00:00Z");
    const merchant = await bengaluruMerchant();
    const product = await productAt(merchant, 1180, "851830");
    const shopper = await createUserWithToken(db);
    // An order as migration 0005 left it: no tax columns, no invoice.
    const orderId = newId();
    const status = { isConfirmed: false, date: null };
    const legacy = {
      id: orderId,
      userId: shopper.id,
      source: "cart",
      paymentMethod: "cod",
      paymentStatus: "payOnDelivery",
      itemsAmount: 1180,
      platformFee: 10,
      totalAmount: 1190,
      address: kerala,
      orderStatus: {
        orderConfirmed: { isConfirmed: true, date: "2026-05-01T06:00:00.000Z" },
        shipped: { isConfirmed: true, date: "2026-05-02T06:00:00.000Z" },
        outForDelivery: status,
        delivered: status,
        cancel: status,
        returned: status,
        refunded: status,
      },
      createdAt: new Date("2026-05-01T06:00:00Z"),
    } satisfies typeof orders.$inferInsert;
    await db.insert(orders).values(legacy);
    const legacyLine = {
      orderId,
      position: 0,
      productId: product,
      merchantId: merchant,
      merchantName: "Bengaluru Traders",
      title: "Old headphones",
      image: "/media/art/test.svg",
      size: "M",
      qty: 1,
      mrp: 1180,
      cost: 1180,
      amount: 1180,
    } satisfies typeof orderItems.$inferInsert;
    await db.insert(orderItems).values(legacyLine);
    // Its first reading, twice at once: one of them numbers it, the other waits and finds the number.
    const [first, alsoFirst] = (
      await Promise.all([invoicesOf(orderId, shopper.token), invoicesOf(orderId, shopper.token)])
    ).map((res) => res.body.data);
    expect(alsoFirst.invoices).toEqual(first.invoices);
    expect(first.computedOnRead).toBe(true);
    expect(first.invoices[0]).toMatchObject({ supplyType: "interState", date: "2026-05-02", financialYear: "2026-27" });
    expect(first.invoices[0].totals).toMatchObject({ taxablePaise: 100000, igstPaise: 18000, amount: 1180 });
    // Read again: the same number, not a new one; the counter took one serial.
    const again = (await invoicesOf(orderId, shopper.token)).body.data;
    expect(again.invoices[0].number).toBe(first.invoices[0].number);
    expect((await db.select().from(invoices).where(eq(invoices.orderId, orderId))).length).toBe(1);

    // One that never shipped is split when read, and takes no number.
    const waiting = newId();
    await db.insert(orders).values({ ...legacy, id: waiting, orderStatus: { ...legacy.orderStatus, shipped: status } });
    await db.insert(orderItems).values({ ...legacyLine, orderId: waiting });
    const unshipped = (await invoicesOf(waiting, shopper.token)).body.data;
    expect(unshipped).toMatchObject({ computedOnRead: true, invoices: [] });
    expect(await db.select().from(invoices).where(eq(invoices.orderId, waiting))).toEqual([]);
  });
});

describe("GET /userapp/admin/orders/{id}/invoices", () => {
  it("answers any order to an admin, 403 to a shopper, 404 for an unknown order", async () => {
    const merchant = await bengaluruMerchant();
    const shopper = await createUserWithToken(db);
    const orderId = await place(shopper.token, [{ productId: await productAt(merchant, 499), qty: 1 }]);
    const asAdmin = await call("GET", `/userapp/admin/orders/${orderId}/invoices`, { token: admin.token });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.data.invoices[0].totals.amount).toBe(499);
    expect((await call("GET", `/userapp/admin/orders/${orderId}/invoices`, { token: shopper.token })).status).toBe(403);
    expect((await call("GET", `/userapp/admin/orders/${orderId}/invoices`)).status).toBe(401);
    expect((await call("GET", `/userapp/admin/orders/${newId()}/invoices`, { token: admin.token })).status).toBe(404);
  });
});
