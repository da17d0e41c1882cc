import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PLATFORM_FEE } from "../../api/contract";
import { readEnv, shopIdentity } from "../../api/config";
import { gstinCheckCharacter, isIntraState, rateOfHsn, splitTax, type TaxTotals } from "../../api/lib/tax/gst";
import { PLATFORM_FEE_GST_RATE } from "../../api/lib/tax/platform-fee";
import {
  codTokenOf,
  createTestApi,
  createUserWithToken,
  insertMerchant,
  insertProduct,
  testAddresses,
} from "./helpers";

/*
 * The books add up. Orders across three sellers in three states, delivered to three states, are
 * placed, paid, shipped, delivered, returned, returned to origin, cancelled and refunded; then, for
 * every seller and for the shop's platform fee, the tax invoices less the credit notes must equal,
 * to the paisa, the tax of the orders delivered and kept plus those still in transit, worked out
 * here from the prices, HSN codes and states alone; and every number series is gap-free.
 */

const withCheck = (first14: string) => `${first14}${gstinCheckCharacter(first14)}`;
const shopEnv = { SHOP_GSTIN: withCheck("29AABCM1234K1Z"), SHOP_STATE: "Karnataka" };
const api = await createTestApi({
  now: () => new Date("2026-08-03T06:00:00Z"),
  shop: shopIdentity(readEnv(shopEnv), "http://localhost:3000"),
});
const { db, call } = api;
const admin = await createUserWithToken(db, { userType: "admin" });

const sellers = [
  { state: "Karnataka", gstin: "29AAGCB7383J1Z4" },
  { state: "Kerala", gstin: "32CNRPN2863Q1Z5" },
  { state: "Tamil Nadu", gstin: withCheck("33AAACT2727Q1Z") },
];
// Per seller: a shirt at the 5% slab, a pair of headphones at 18%, a shirt above the slab (18%).
const catalogue: { productId: string; merchantId: string; state: string; hsn: string; price: number }[] = [];
for (const seller of sellers) {
  const merchantId = await insertMerchant(db, { ...seller, address: `Head office, ${seller.state}` });
  for (const [hsn, price] of [
    ["620520", 799],
    ["851830", 1049],
    ["620520", 2999],
  ] as const) {
    const productId = await insertProduct(db, {
      merchantId,
      hsn,
      variants: [{ size: "M", quantity: 1000, mrp: price, discount: 0 }],
    });
    catalogue.push({ productId, merchantId, state: seller.state, hsn, price });
  }
}

const kerala = testAddresses.kochi;
const addresses = [testAddresses.home, kerala, testAddresses.office];

/** What happens to an order after it is placed, and whether it ends kept or in transit. */
type Story = { name: string; method: "cod" | "Upi"; steps: string[]; counts: boolean };
const stories: Story[] = [
  { name: "delivered and kept", method: "cod", steps: ["shipped", "outForDelivery", "delivered"], counts: true },
  {
    name: "paid, delivered and kept",
    method: "Upi",
    steps: ["pay", "shipped", "outForDelivery", "delivered"],
    counts: true,
  },
  { name: "in transit", method: "cod", steps: ["shipped"], counts: true },
  { name: "out for delivery", method: "Upi", steps: ["pay", "shipped", "outForDelivery"], counts: true },
  { name: "returned", method: "cod", steps: ["shipped", "outForDelivery", "delivered", "return"], counts: false },
  {
    name: "paid, returned and refunded",
    method: "Upi",
    steps: ["pay", "shipped", "outForDelivery", "delivered", "return", "refund"],
    counts: false,
  },
  {
    name: "returned to origin",
    method: "cod",
    steps: ["shipped", "outForDelivery", "returnedToOrigin"],
    counts: false,
  },
  {
    name: "paid, returned to origin and refunded",
    method: "Upi",
    steps: ["pay", "shipped", "returnedToOrigin", "refund"],
    counts: false,
  },
  { name: "cancelled before dispatch", method: "cod", steps: ["cancelled"], counts: false },
  { name: "paid, cancelled and refunded", method: "Upi", steps: ["pay", "cancelled", "refund"], counts: false },
  { name: "placed, not shipped", method: "cod", steps: [], counts: false },
];

let utr = 700000000000;
async function step(orderId: string, token: string, name: string) {
  const admin$ = (path: string, body: unknown) =>
    call("PUT", `/userapp/admin/orders/${orderId}/${path}`, { token: admin.token, body });
  const res =
    name === "pay"
      ? await admin$("payment", { utr: String(utr++) })
      : name === "refund"
        ? await admin$("refund", { reference: `RF-${orderId}` })
        : name === "return"
          ? await call("PUT", `/userapp/orders/${orderId}/return`, { token, body: { reason: "Not as described" } })
          : name === "cancelled"
            ? await admin$("status", { status: "cancelled", reason: "Out of stock at the seller" })
            : name === "returnedToOrigin"
              ? await admin$("status", { status: "returnedToOrigin", reason: "Refused at the door" })
              : await admin$("status", { status: name });
  expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(200);
}

const zero = (): TaxTotals => ({ taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 });
const add = (sum: TaxTotals, more: TaxTotals, sign = 1) => {
  sum.taxablePaise += sign * more.taxablePaise;
  sum.cgstPaise += sign * more.cgstPaise;
  sum.sgstPaise += sign * more.sgstPaise;
  sum.igstPaise += sign * more.igstPaise;
};

describe("the money checks", () => {
  it(
    "invoices less credit notes equal the tax of the orders kept or in transit, per seller, to the paisa; every series is gap-free",
    { timeout: 180_000 },
    async () => {
      const expected = new Map<string, TaxTotals>([["shop", zero()]]);
      const orderIds: string[] = [];
      let n = 0;
      for (const story of stories) {
        for (const address of addresses) {
          // Each order takes two or three products of different sellers, in a rotating mix.
          const lines = [catalogue[n % 9], catalogue[(n + 4) % 9], ...(n % 2 ? [catalogue[(n + 8) % 9]] : [])].map(
            (product, i) => ({ ...product, qty: 1 + ((n + i) % 3) }),
          );
          n++;
          const shopper = await createUserWithToken(db);
          const placed = await call("POST", "/userapp/order/create", {
            token: shopper.token,
            body: {
              products: lines.map((line) => ({ productId: line.productId, size: "M", qty: line.qty })),
              address,
              paymentMethod: story.method,
            },
          });
          expect(placed.status, JSON.stringify(placed.body)).toBe(201);
          const orderId = placed.body.data._id as string;
          orderIds.push(orderId);
          if (story.method === "cod") {
            // The shopper confirms it with the emailed link, so that it can ship.
            const token = await codTokenOf(db, orderId);
            expect((await call("POST", "/userapp/cod/confirm", { body: { token } })).status).toBe(200);
          }
          for (const name of story.steps) await step(orderId, shopper.token, name);
          if (!story.counts) continue;
          for (const line of lines) {
            const split = splitTax(
              line.price * line.qty,
              rateOfHsn(line.hsn, line.price),
              isIntraState(line.state, address.state),
            );
            if (!expected.has(line.merchantId)) expected.set(line.merchantId, zero());
            add(expected.get(line.merchantId)!, split);
          }
          add(
            expected.get("shop")!,
            splitTax(PLATFORM_FEE, PLATFORM_FEE_GST_RATE, isIntraState(shopEnv.SHOP_STATE, address.state)),
          );
        }
      }

      // The books as the documents say, read back through the API like an accountant's export.
      const books = new Map<string, TaxTotals>([["shop", zero()]]);
      for (const orderId of orderIds) {
        const res = await call("GET", `/userapp/admin/orders/${orderId}/invoices`, { token: admin.token });
        expect(res.status).toBe(200);
        const { invoices, feeInvoice } = res.body.data;
        for (const invoice of invoices) {
          if (!books.has(invoice.supplier.id)) books.set(invoice.supplier.id, zero());
          add(books.get(invoice.supplier.id)!, invoice.totals);
          if (invoice.creditNote) add(books.get(invoice.supplier.id)!, invoice.totals, -1);
        }
        if (feeInvoice) {
          add(books.get("shop")!, feeInvoice);
          if (feeInvoice.creditNote) add(books.get("shop")!, feeInvoice, -1);
        }
      }
      for (const [supplier, totals] of expected) expect(books.get(supplier), supplier).toEqual(totals);
      expect([...books.keys()].sort()).toEqual([...expected.keys()].sort());
      // Not vacuous: every supplier has sales standing, both kinds of tax were charged, and credit
      // notes reversed something.
      const all = zero();
      for (const totals of expected.values()) {
        expect(totals.taxablePaise).toBeGreaterThan(0);
        add(all, totals);
      }
      expect(all.cgstPaise).toBeGreaterThan(0);
      expect(all.igstPaise).toBeGreaterThan(0);
      const credited = (await db.execute(sql`SELECT count(*)::int AS count FROM credit_notes`)) as unknown as {
        rows: { count: number }[];
      };
      // 4 stories that come back after dispatch × 3 addresses, one per seller of each order and the fee's.
      expect(credited.rows[0].count).toBeGreaterThanOrEqual(12 * 3);

      // Every series runs 1, 2, 3… with no gaps, and its counter stands at its last number.
      const series = (await db.execute(sql`
      WITH documents AS (
        SELECT 'invoice:' || merchant_id AS series, financial_year, serial FROM invoices
        UNION ALL SELECT 'credit:' || coalesce(merchant_id, 'shop'), financial_year, serial FROM credit_notes
        UNION ALL SELECT 'fee-invoice', financial_year, serial FROM fee_invoices
      )
      SELECT d.series, d.financial_year AS year, array_agg(d.serial ORDER BY d.serial) AS serials, c.last_serial AS last
      FROM documents d
      JOIN document_counters c ON c.series = d.series AND c.financial_year = d.financial_year
      GROUP BY d.series, d.financial_year, c.last_serial`)) as unknown as {
        rows: { series: string; year: string; serials: number[]; last: number }[];
      };
      // 3 sellers' invoices and credit notes, the shop's fee invoices and credit notes.
      expect(series.rows).toHaveLength(8);
      for (const row of series.rows) {
        expect(row.serials, row.series).toEqual(Array.from({ length: row.last }, (_, i) => i + 1));
      }
      const counters = (await db.execute(sql`SELECT count(*)::int AS count FROM document_counters`)) as unknown as {
        rows: { count: number }[];
      };
      expect(counters.rows[0].count).toBe(8);
    },
  );
});
