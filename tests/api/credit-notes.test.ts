import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { readEnv, shopIdentity } from "../../api/config";
import { creditNotes, invoices } from "../../api/db/schema";
import { gstinCheckCharacter } from "../../api/lib/tax/gst";
import {
  codTokenOf,
  createTestApi,
  createUserWithToken,
  insertMerchant,
  insertProduct,
  testAddresses,
} from "./helpers";

// The shop registered in Karnataka, as SHOP_* set it.
const shopGstin = `29AABCM1234K1Z${gstinCheckCharacter("29AABCM1234K1Z")}`;
const shopEnv = {
  SHOP_LEGAL_NAME: "Mart Retail Private Limited",
  SHOP_GSTIN: shopGstin,
  SHOP_STATE: "Karnataka",
  SHOP_ADDRESS: "100 Residency Road, Bengaluru 560025",
};
let clock = Date.parse("2026-06-10T06:00:00Z");
const api = await createTestApi({
  now: () => new Date(clock),
  shop: shopIdentity(readEnv(shopEnv), "http://localhost:3000"),
});
const { db, call } = api;
const admin = await createUserWithToken(db, { userType: "admin" });

const kerala = testAddresses.kochi;

const sellerIn = (state: "Karnataka" | "Kerala") =>
  insertMerchant(
    db,
    state === "Karnataka"
      ? { gstin: "29AAGCB7383J1Z4", state, address: "80 Feet Road, Koramangala, Bengaluru 560034" }
      : { gstin: "32CNRPN2863Q1Z5", state, address: "MG Road, Kochi 682035" },
  );
const productOf = (merchantId: string, price: number) =>
  insertProduct(db, { merchantId, hsn: "851830", variants: [{ size: "M", quantity: 500, mrp: price, discount: 0 }] });

async function adminPut(path: string, body: unknown) {
  const res = await call("PUT", `/userapp/admin/orders/${path}`, { token: admin.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function placeCod(token: string, productIds: string[], address = testAddresses.home) {
  const res = await call("POST", "/userapp/order/create", {
    token,
    body: {
      products: productIds.map((productId) => ({ productId, size: "M", qty: 1 })),
      address,
      paymentMethod: "cod",
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const orderId = res.body.data._id as string;
  // The shopper confirms it with the emailed link, so that it can ship.
  const confirmed = await call("POST", "/userapp/cod/confirm", { body: { token: await codTokenOf(db, orderId) } });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return orderId;
}

const documentsOf = async (orderId: string, token: string) =>
  (await call("GET", `/userapp/orders/${orderId}/invoices`, { token })).body.data;

describe("the platform fee's invoice", () => {
  it("is the shop's, issued at dispatch with the sellers', with its SAC code and 18% to the paisa", async () => {
    const seller = await sellerIn("Karnataka");
    const product = await productOf(seller, 1180);
    const shopper = await createUserWithToken(db, { name: "Asha Rao" });
    const local = await placeCod(shopper.token, [product]);
    const away = await placeCod(shopper.token, [product], kerala);
    expect((await documentsOf(local, shopper.token)).feeInvoice).toBeNull();

    await adminPut(`${local}/status`, { status: "shipped" });
    await adminPut(`${away}/status`, { status: "shipped" });
    const inState = (await documentsOf(local, shopper.token)).feeInvoice;
    // ₹4 within Karnataka: 4 × 9/118 = ₹0.305 → 31 paise each half, ₹3.38 taxable.
    expect(inState).toMatchObject({
      number: "PF2026-27/000001",
      date: "2026-06-10",
      supplier: {
        name: "Mart Retail Private Limited",
        gstin: shopGstin,
        address: "100 Residency Road, Bengaluru 560025",
        state: { name: "Karnataka", code: "29" },
      },
      description: "Platform fee",
      sac: "998599",
      gstRate: 18,
      amount: 4,
      supplyType: "intraState",
      taxablePaise: 338,
      cgstPaise: 31,
      sgstPaise: 31,
      igstPaise: 0,
      taxPaise: 62,
      amountInWords: "Rupees Four Only",
      creditNote: null,
    });
    // To Kerala: IGST, 4 × 18/118 = ₹0.61.
    expect((await documentsOf(away, shopper.token)).feeInvoice).toMatchObject({
      number: "PF2026-27/000002",
      supplyType: "interState",
      placeOfSupply: { name: "Kerala", code: "32" },
      taxablePaise: 339,
      igstPaise: 61,
    });
  });

  it("is refused at start-up when the shop's GSTIN is malformed or of another state", () => {
    expect(() => readEnv({ ...shopEnv, SHOP_GSTIN: "29AABCM1234K1Z0" })).toThrow(/SHOP_GSTIN/);
    expect(() => readEnv({ ...shopEnv, SHOP_STATE: "Kerala" })).toThrow(/A GSTIN of Kerala starts with 32/);
    expect(() => readEnv({ ...shopEnv, SHOP_STATE: "Atlantis" })).toThrow(/SHOP_STATE/);
    expect(() => readEnv({ SHOP_GSTIN: shopGstin })).toThrow(/SHOP_STATE is required/);
    expect(shopIdentity(readEnv({}), "http://localhost:3000").gst).toEqual({
      name: "Mart",
      gstin: null,
      address: null,
      state: null,
    });
  });
});

describe("credit notes", () => {
  it("reverse every invoice of a returned order, the fee's too, each in its supplier's own series", async () => {
    clock = Date.parse("2026-06-11T06:00:00Z");
    const [bengaluru, kochi] = [await sellerIn("Karnataka"), await sellerIn("Kerala")];
    const [shirt, speaker] = [await productOf(bengaluru, 799), await productOf(kochi, 2499)];
    const shopper = await createUserWithToken(db);
    const orderId = await placeCod(shopper.token, [shirt, speaker]);
    for (const status of ["shipped", "outForDelivery", "delivered"]) await adminPut(`${orderId}/status`, { status });
    const shipped = await documentsOf(orderId, shopper.token);
    expect(shipped.invoices.map((invoice: any) => invoice.creditNote)).toEqual([null, null]);

    clock = Date.parse("2026-06-12T06:00:00Z");
    const returned = await call("PUT", `/userapp/orders/${orderId}/return`, {
      token: shopper.token,
      body: { reason: "Does not fit" },
    });
    expect(returned.status, JSON.stringify(returned.body)).toBe(200);
    const after = await documentsOf(orderId, shopper.token);
    // Each seller's first credit note, and the shop's, dated at the return; the invoices unchanged.
    for (const invoice of after.invoices) {
      const before = shipped.invoices.find((one: any) => one.supplier.id === invoice.supplier.id);
      expect({ ...invoice, creditNote: null }).toEqual(before);
      expect(invoice.creditNote).toEqual({
        number: "CN2026-27/000001",
        financialYear: "2026-27",
        issuedAt: "2026-06-12T06:00:00.000Z",
        date: "2026-06-12",
        reason: "returned",
      });
    }
    expect(after.feeInvoice.creditNote).toMatchObject({ number: expect.stringMatching(/^CN2026-27\/\d{6}$/) });
    const rows = await db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId));
    expect(rows.map((row) => row.invoiceNumber).sort()).toEqual(
      [...after.invoices.map((invoice: any) => invoice.number), after.feeInvoice.number].sort(),
    );

    // A second return from the Bengaluru seller takes its next credit note; a refund of the same
    // order issues nothing more (one credit note per invoice).
    const again = await placeCod(shopper.token, [shirt]);
    for (const status of ["shipped", "outForDelivery", "delivered"]) await adminPut(`${again}/status`, { status });
    await call("PUT", `/userapp/orders/${again}/return`, { token: shopper.token, body: { reason: "Changed my mind" } });
    expect((await documentsOf(again, shopper.token)).invoices[0].creditNote.number).toBe("CN2026-27/000002");
  });

  it("reverse a parcel returned to origin, and a refund after it issues no second one", async () => {
    clock = Date.parse("2026-06-13T06:00:00Z");
    const seller = await sellerIn("Kerala");
    const product = await productOf(seller, 1499);
    const shopper = await createUserWithToken(db);
    const order = await call("POST", "/userapp/order/create", {
      token: shopper.token,
      body: { products: [{ productId: product, size: "M", qty: 1 }], address: kerala, paymentMethod: "Upi" },
    });
    const orderId = order.body.data._id as string;
    await adminPut(`${orderId}/payment`, { utr: "612345678901" });
    await adminPut(`${orderId}/status`, { status: "shipped" });
    await adminPut(`${orderId}/status`, { status: "outForDelivery" });
    await adminPut(`${orderId}/status`, { status: "returnedToOrigin", reason: "Nobody at the address" });
    const documents = await documentsOf(orderId, shopper.token);
    expect(documents.invoices[0].creditNote).toMatchObject({ number: "CN2026-27/000001", reason: "returnedToOrigin" });
    expect(documents.feeInvoice.creditNote).toMatchObject({ reason: "returnedToOrigin" });
    await adminPut(`${orderId}/refund`, { reference: "RFND-1" });
    expect(await db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId))).toHaveLength(2);
    expect((await documentsOf(orderId, shopper.token)).invoices[0].creditNote.reason).toBe("returnedToOrigin");
  });

  it("name the seller as its invoice did, after the back office changes the seller's details", async () => {
    clock = Date.parse("2026-06-14T06:00:00Z");
    const seller = await sellerIn("Karnataka");
    const product = await productOf(seller, 999);
    const shopper = await createUserWithToken(db);
    const orderId = await placeCod(shopper.token, [product]);
    for (const status of ["shipped", "outForDelivery", "delivered"]) await adminPut(`${orderId}/status`, { status });
    const movedGstin = `32AAACN1111A1Z${gstinCheckCharacter("32AAACN1111A1Z")}`;
    const renamed = await call("PUT", `/userapp/admin/merchants/${seller}`, {
      token: admin.token,
      body: { companyName: "New Name Traders", gstin: movedGstin, state: "Kerala", address: "Kochi" },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    await call("PUT", `/userapp/orders/${orderId}/return`, { token: shopper.token, body: { reason: "Broken" } });
    const [invoice] = (await documentsOf(orderId, shopper.token)).invoices;
    expect(invoice.supplier).toMatchObject({ gstin: "29AAGCB7383J1Z4", state: { name: "Karnataka" } });
    expect(invoice.supplyType).toBe("intraState");
    const [note] = await db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId));
    expect(note.supplier).toMatchObject({ gstin: "29AAGCB7383J1Z4", state: "Karnataka" });
    const [row] = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
    expect(row.supplier).toMatchObject({ gstin: "29AAGCB7383J1Z4" });
  });
});
