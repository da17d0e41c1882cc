import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { products } from "../../api/db/schema";
import { parseCsv } from "../../api/lib/catalogue/csv";
import { confirmCod, createTestApi, createUserWithToken, insertMerchant } from "./helpers";

// A product's HSN code in the back office: the product form's body (POST and PUT
// /userapp/admin/products) and the catalogue CSV. The GST rate is never sent: it follows from the
// code (api/lib/tax/gst.ts); a blank code means the code of the product's type.

const api = await createTestApi();
const { db, call } = api;
const admin = await createUserWithToken(db, { userType: "admin" });
const merchantId = await insertMerchant(db, { gstin: "29AAGCB7383J1Z4", state: "Karnataka" });

const body = (overrides: Record<string, unknown> = {}) => ({
  title: { shortTitle: "Zephyr Kurta", longTitle: "Zephyr Cotton Kurta" },
  brand: "Zephyr",
  category: "Fashion",
  subCategory: "Kurtas",
  productType: "Clothing",
  productSubType: "Kurta",
  gender: "men",
  merchantId,
  variants: [{ size: "M", mrp: 1299, discount: 0, quantity: 7 }],
  ...overrides,
});
const adminCall = (method: string, path: string, payload?: unknown) =>
  call(method, `/userapp/admin${path}`, { token: admin.token, ...(payload === undefined ? {} : { body: payload }) });
const storedHsn = async (id: string) =>
  (await db.select({ hsn: products.hsn }).from(products).where(eq(products.id, id)))[0].hsn;

describe("the product form's HSN code", () => {
  it("is kept as given, blank or null means the type's, and absent leaves it as it is", async () => {
    const created = await adminCall("POST", "/products", body({ hsn: " 620520 " }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data._id as string;
    expect(created.body.data.hsn).toBe("620520");
    expect(await storedHsn(id)).toBe("620520");

    // A PUT without the field (an older client) keeps the code.
    expect((await adminCall("PUT", `/products/${id}`, body({ brand: "Zephyr Co" }))).body.data.hsn).toBe("620520");
    const changed = await adminCall("PUT", `/products/${id}`, body({ brand: "Zephyr Co", hsn: "610910" }));
    expect(changed.body.data.hsn).toBe("610910");
    const audit = await call("GET", "/userapp/admin/audit?limit=1", { token: admin.token });
    expect(audit.body.data.data[0]).toMatchObject({ before: { hsn: "620520" }, after: { hsn: "610910" } });
    // Blank: back to the code of its type.
    expect((await adminCall("PUT", `/products/${id}`, body({ brand: "Zephyr Co", hsn: "" }))).body.data.hsn).toBeNull();
    expect(await storedHsn(id)).toBeNull();
    const withNull = await adminCall("POST", "/products", body({ hsn: null }));
    expect(withNull.body.data.hsn).toBeNull();
  });

  it("refuses a malformed code and one the rate table has no rate for", async () => {
    for (const [hsn, message] of [
      ["62052", /4, 6 or 8 digits/],
      ["6205-20", /4, 6 or 8 digits/],
      ["0101", /no rate/],
      [620520, /must be text/],
    ] as const) {
      const res = await adminCall("POST", "/products", body({ hsn }));
      expect(res.status).toBe(422);
      expect(res.body.data).toEqual([{ path: "hsn", message: expect.stringMatching(message) }]);
    }
  });

  it("decides the GST rate of an order's line", async () => {
    const painting = await adminCall(
      "POST",
      "/products",
      body({
        hsn: "970191",
        productSubType: "Paintings",
        variants: [{ size: "M", mrp: 9999, discount: 0, quantity: 3 }],
      }),
    );
    const shopper = await createUserWithToken(db);
    const address = { locality: "1 Road", city: "Mysuru", state: "Karnataka", zipcode: "570001", country: "India" };
    const placed = await call("POST", "/userapp/order/create", {
      token: shopper.token,
      body: { products: [{ productId: painting.body.data._id, size: "M", qty: 1 }], address, paymentMethod: "cod" },
    });
    expect(placed.status).toBe(201);
    // The invoice is issued as the order ships, once its shopper has confirmed it.
    await confirmCod(db, placed.body.data._id);
    expect((await adminCall("PUT", `/orders/${placed.body.data._id}/status`, { status: "shipped" })).status).toBe(200);
    const invoices = await call("GET", `/userapp/orders/${placed.body.data._id}/invoices`, { token: shopper.token });
    expect(invoices.body.data.invoices[0].lines[0]).toMatchObject({
      hsn: "970191",
      gstRate: 5,
      // ₹9,999 at 5% within the state: ₹238.0714 → ₹238.07 each half.
      cgstPaise: 23807,
      sgstPaise: 23807,
      taxablePaise: 952286,
    });
  });
});

describe("the catalogue CSV's hsn column", () => {
  const exportRows = async () => {
    const response = await api.app.request("/userapp/admin/catalogue/export", {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    const [header, ...records] = parseCsv((await response.text()).replace(/^\uFEFF/, ""));
    return records.map((record) => Object.fromEntries(header.fields.map((name, i) => [name, record.fields[i]])));
  };
  const importCsv = (text: string) =>
    call("POST", "/userapp/admin/catalogue/import", {
      token: admin.token,
      headers: { "content-type": "text/csv" },
      rawBody: text,
    });

  it("exports each product's own code (blank when it takes its type's), and imports it back", async () => {
    const own = (
      await adminCall(
        "POST",
        "/products",
        body({ hsn: "640399", title: { shortTitle: "Oxford Shoe", longTitle: "Oxford Shoe" } }),
      )
    ).body.data._id;
    const rows = await exportRows();
    expect(rows.find((row) => row.productId === own)?.hsn).toBe("640399");
    expect(rows.filter((row) => row.hsn === "").length).toBeGreaterThan(0);

    const header =
      "productId,shortTitle,longTitle,tagLine,description,brand,category,subCategory,productType,productSubType,hsn,gender,merchantId,size,mrp,discount,quantity";
    const line = (hsn: string) =>
      `${own},Oxford Shoe,Oxford Shoe,,,Zephyr,Fashion,Kurtas,Clothing,Kurta,${hsn},men,${merchantId},M,1299,0,7`;
    const changed = await importCsv(`${header}\n${line("640411")}\n`);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data).toMatchObject({ updated: 1 });
    expect(await storedHsn(own)).toBe("640411");

    // Without the column: unchanged, and nothing to write.
    const withoutColumn = header.replace(",hsn", "");
    const same = await importCsv(`${withoutColumn}\n${line("640411").replace(",640411", "")}\n`);
    expect(same.body.data).toMatchObject({ updated: 0, unchanged: 1 });
    expect(await storedHsn(own)).toBe("640411");

    const refused = await importCsv(`${header}\n${line("0101")}\n`);
    expect(refused.status).toBe(422);
    expect(refused.body.data).toEqual([expect.objectContaining({ line: 2, field: "hsn" })]);
    expect(await storedHsn(own)).toBe("640411");
  });
});
