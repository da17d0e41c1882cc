import { describe, expect, it } from "vitest";
import { readCatalogueVersion } from "../../api/platform/catalogue-version";
import { CSV_COLUMNS, MAX_CSV_BYTES, MAX_CSV_ROWS } from "../../api/lib/catalogue/catalogue-csv";
import { parseCsv } from "../../api/lib/catalogue/csv";
import { newId } from "../../api/lib/ids";
import { createTestApi, createUserWithToken, insertMerchant, insertProduct } from "./helpers";

// The catalogue as CSV: GET /userapp/admin/catalogue/export and POST …/import (docs/api.md, "The
// /userapp API"; docs/decisions/008-catalogue-admin.md).

const api = await createTestApi();
const { db, call } = api;
const admin = await createUserWithToken(db, { userType: "admin" });
const merchantId = await insertMerchant(db);

// Text that CSV and spreadsheets make hard: commas, quotes, line breaks, a formula, Unicode.
const tricky = await insertProduct(db, {
  merchantId,
  shortTitle: 'Tricky "Quoted", Kurta',
  longTitle: '=HYPERLINK("http://evil.test") ₹1,299 हिन्दी',
  description: 'Line one,\r\nline two; "quoted"\n-dash start',
  tagLine: "+91 call us",
  variants: [
    { size: "M", quantity: 4, mrp: 1299, discount: 10 },
    { size: "L", quantity: 0, mrp: 1399, discount: 0 },
  ],
});
const plain = await insertProduct(db, {
  merchantId,
  shortTitle: "Plain Lamp",
  variants: [{ size: "small", quantity: 20, mrp: 2499, discount: 33 }],
});

async function exportCsv() {
  const response = await api.app.request("/userapp/admin/catalogue/export", {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(response.status).toBe(200);
  // Decoded keeping the byte order mark, which Response.text() would drop.
  return { response, text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer()) };
}

function importCsv(text: string | Uint8Array, type = "text/csv") {
  return call("POST", "/userapp/admin/catalogue/import", {
    token: admin.token,
    headers: { "content-type": type },
    rawBody: text as string,
  });
}

/** The export's records as objects by column (the byte order mark taken off). */
const rowsOf = (text: string) => {
  const [header, ...records] = parseCsv(text.replace(/^\uFEFF/, ""));
  return records.map((record) => Object.fromEntries(header.fields.map((name, i) => [name, record.fields[i]])));
};

const auditCount = async () =>
  (await call("GET", "/userapp/admin/audit?limit=1", { token: admin.token })).body.data.paginator.itemCount as number;

describe("GET /userapp/admin/catalogue/export", () => {
  it("answers UTF-8 CSV, one row per variant, with the selling price and spreadsheet formulas defused", async () => {
    const { response, text } = await exportCsv();
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="catalogue-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect(text.split("\r\n")[0]).toBe(`\uFEFF${CSV_COLUMNS.join(",")}`);
    const rows = rowsOf(text);
    expect(rows.filter((row) => row.productId === tricky)).toEqual([
      {
        productId: tricky,
        key: "",
        shortTitle: 'Tricky "Quoted", Kurta',
        longTitle: '\'=HYPERLINK("http://evil.test") ₹1,299 हिन्दी',
        tagLine: "'+91 call us",
        description: 'Line one,\r\nline two; "quoted"\n-dash start',
        brand: "Samsung",
        category: "Electronics",
        subCategory: "Bluetooth Headphones",
        productType: "Electronics",
        productSubType: "Headphones",
        hsn: "",
        gender: "unisex",
        merchantId,
        hidden: "false",
        size: "M",
        mrp: "1299",
        discount: "10",
        quantity: "4",
        cost: "1169",
      },
      expect.objectContaining({
        productId: tricky,
        size: "L",
        mrp: "1399",
        discount: "0",
        quantity: "0",
        cost: "1399",
      }),
    ]);
    expect(rows.filter((row) => row.productId === plain).map((row) => [row.size, row.cost])).toEqual([
      ["small", "1674"],
    ]);
  });

  it("is for admins only", async () => {
    const shopper = await createUserWithToken(db);
    expect((await call("GET", "/userapp/admin/catalogue/export")).status).toBe(401);
    expect((await call("GET", "/userapp/admin/catalogue/export", { token: shopper.token })).status).toBe(403);
    expect(
      (
        await call("POST", "/userapp/admin/catalogue/import", {
          token: shopper.token,
          rawBody: "x",
          headers: { "content-type": "text/csv" },
        })
      ).status,
    ).toBe(403);
  });
});

describe("POST /userapp/admin/catalogue/import", () => {
  it("changes nothing when given back its own export", async () => {
    const { text } = await exportCsv();
    const version = await readCatalogueVersion(db);
    const audit = await auditCount();
    const res = await importCsv(text);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const productCount = new Set(rowsOf(text).map((row) => row.productId)).size;
    expect(res.body.data).toEqual({ created: 0, updated: 0, unchanged: productCount, variants: 0 });
    expect(await readCatalogueVersion(db)).toBe(version);
    expect(await auditCount()).toBe(audit);
    expect((await exportCsv()).text).toBe(text);
  });

  it("applies edited prices, stock and text, creates products grouped by key, and hides by the hidden column", async () => {
    const { text } = await exportCsv();
    const edited = text
      .replace(`${plain},,Plain Lamp`, `${plain},,Plain Desk Lamp`)
      .replace(/(,small,)2499,33,20,1674\r\n/, "$12999,10,12,0\r\n");
    const added = [
      `,new-1,Kesari Saree,Kesari Silk Saree,Festive silk,"Woven, with zari",Kesari,Fashion,Sarees,Clothing,Saree,,women,${merchantId},,Free,4999,20,5,`,
      `,new-2,Hidden Stool,Hidden Teak Stool,,,Teakwood,Home Decor,Stools,Furniture,Stool,,unisex,${merchantId},true,small,1999,0,3,`,
      `,new-1,Kesari Saree,Kesari Silk Saree,Festive silk,"Woven, with zari",Kesari,Fashion,Sarees,Clothing,Saree,,women,${merchantId},,Blouse stitched,5499,20,2,`,
    ].join("\n");
    const version = await readCatalogueVersion(db);
    const res = await importCsv(`${edited}${added}\n`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ created: 2, updated: 1, variants: 1 + 2 + 1 });
    expect(await readCatalogueVersion(db)).toBe(version + 1);

    const lamp = (await call("GET", `/userapp/product/get/${plain}`)).body.data;
    expect(lamp.title.shortTitle).toBe("Plain Desk Lamp");
    expect(lamp.variants).toEqual([{ size: "small", quantity: 12, price: { mrp: 2999, discount: 10, cost: 2699 } }]);
    const sarees = await call("POST", "/userapp/product/list", { body: { query: { search: "kesari" } } });
    expect(sarees.body.data.data).toHaveLength(1);
    expect(
      sarees.body.data.data[0].variants.map((v: { size: string; price: { cost: number } }) => [v.size, v.price.cost]),
    ).toEqual([
      ["Free", 3999],
      ["Blouse stitched", 4399],
    ]);
    expect(sarees.body.data.data[0].description).toBe("Woven, with zari");
    expect(
      (await call("POST", "/userapp/product/list", { body: { query: { search: "stool" } } })).body.data.data,
    ).toEqual([]);
    const hidden = await call("GET", "/userapp/admin/products?visibility=hidden&search=stool", { token: admin.token });
    expect(hidden.body.data.data).toHaveLength(1);

    const audit = (await call("GET", "/userapp/admin/audit?limit=4", { token: admin.token })).body.data.data;
    expect(audit.map((row: { action: string }) => row.action).sort()).toEqual([
      "catalogue.import",
      "product.create",
      "product.create",
      "product.update",
    ]);
    const update = audit.find((row: { action: string }) => row.action === "product.update");
    expect(update).toMatchObject({
      entityId: plain,
      before: { title: { shortTitle: "Plain Lamp" } },
      after: { title: { shortTitle: "Plain Desk Lamp" } },
    });
    expect(audit.find((row: { action: string }) => row.action === "catalogue.import").after).toMatchObject({
      created: 2,
      updated: 1,
      via: "api",
    });

    // The import held the listing's triggers back for its own transaction only (migration 0005).
    await insertProduct(db, { merchantId, shortTitle: "Afterwards Bowl" });
    expect(
      (await call("POST", "/userapp/product/list", { body: { query: { search: "afterwards" } } })).body.data.data,
    ).toHaveLength(1);
  });

  it("takes the file as a multipart field too", async () => {
    const { text } = await exportCsv();
    const form = new FormData();
    form.append(
      "file",
      new File([text.replace("Plain Desk Lamp", "Plain Floor Lamp")], "catalogue.csv", { type: "text/csv" }),
    );
    const response = await api.app.request("/userapp/admin/catalogue/import", {
      method: "POST",
      headers: { authorization: `Bearer ${admin.token}` },
      body: form,
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: unknown }).data).toMatchObject({ created: 0, updated: 1 });
  });

  it("refuses a file with bad rows, listing every one by line and field, and applies none of it", async () => {
    const { text: before } = await exportCsv();
    const version = await readCatalogueVersion(db);
    const audit = await auditCount();
    const header = CSV_COLUMNS.join(",");
    const good = `${tricky},,Tricky,Long,,,Brand,Fashion,Kurtas,Clothing,Kurta,,men,${merchantId},false`;
    const file = [
      header,
      `${good},M,999,10,5,`, // line 2: fine, and would change the product
      `${good},L,"1,299",10,5,`, // line 3: the MRP is not a number
      `${good},m,999,10,5,`, // line 4: the size is M again
      `${tricky},,Tricky,Long,,,Other brand,Fashion,Kurtas,Clothing,Kurta,,men,${merchantId},false,XL,999,10,5,`, // line 5: brand differs from line 2
      `${newId()},,Ghost,Ghost,,,B,C,S,T,U,,men,${merchantId},,M,999,0,1,`, // line 6: no such product
      `,,Orphan,Orphan,,,B,C,S,T,U,,men,${merchantId},,M,999,0,1,`, // line 7: a new product without a key
      `,k1,Odd,"Odd, long",,,B,C,S,T,U,,kids,${newId()},maybe,M,999,100,-1,`, // line 8: gender, merchant, hidden, discount, quantity
      `,k2,"Multi`, // lines 9-10: a quoted title over two lines, then too few fields
      `line",x`,
      `,k3,Fine,Fine new,,,B,C,S,T,U,,women,${merchantId},,M,999,0,1,`, // line 11: fine
    ].join("\r\n");
    const res = await importCsv(file);
    expect(res.status).toBe(422);
    expect(res.body.status).toBe("VALIDATION_ERROR");
    expect(res.body.message).toMatch(/^Nothing was imported: 7 rows have errors \(line 3, mrp: /);
    expect(res.body.data.map((e: { line: number; field: string }) => `${e.line} ${e.field}`)).toEqual([
      "3 mrp",
      "4 size",
      "5 brand",
      "6 productId",
      "7 key",
      "8 discount",
      "8 gender",
      "8 hidden",
      "8 merchantId",
      "8 quantity",
      "9 file",
    ]);
    expect(res.body.data[0].message).toBe("MRP must be a number");
    expect(res.body.data[1].message).toBe("Size m is already on line 2 of this product");
    expect(res.body.data[2].message).toBe("Differs from line 2, a row of the same product");
    expect(res.body.data.at(-1).message).toBe("Expected 20 fields, as in the header, but found 4");
    expect(res.body.errorCount).toBe(11);
    expect((await exportCsv()).text).toBe(before);
    expect(await readCatalogueVersion(db)).toBe(version);
    expect(await auditCount()).toBe(audit);
  });

  it("lists the first 100 errors by line and field, and counts them all", async () => {
    const { text: before } = await exportCsv();
    // 150 new products' rows, each with a bad MRP; every second one has a brand that differs from
    // the row before, of the same product (an error found after all the rows' own ones).
    const rows = Array.from(
      { length: 150 },
      (_, i) =>
        `,many-${Math.floor(i / 2)},Many,Many long,,,${i % 2 === 0 ? "B" : "B2"},C,S,T,U,,men,${merchantId},,S${i},abc,0,1,`,
    );
    const res = await importCsv([CSV_COLUMNS.join(","), ...rows].join("\r\n"));
    expect(res.status).toBe(422);
    expect(res.body.message).toBe("Nothing was imported: 150 rows have errors (line 2, mrp: MRP must be a number).");
    expect(res.body.errorCount).toBe(150 + 75);
    const listed = res.body.data.map((e: { line: number; field: string }) => `${e.line} ${e.field}`);
    expect(listed).toHaveLength(100);
    expect(listed.slice(0, 4)).toEqual(["2 mrp", "3 brand", "3 mrp", "4 mrp"]);
    expect(listed.at(-1)).toBe("68 mrp");
    expect((await exportCsv()).text).toBe(before);
  });

  it("lets other work in while it reads a large file", async () => {
    // 20,000 rows, each refused (no such product): all of them parsed and checked, nothing written.
    const row = `${newId()},,T,T,,,B,C,S,T,U,,men,${merchantId},,M,999,0,1,\n`;
    let turns = 0;
    let importing = true;
    const count = () => {
      turns++;
      if (importing) setImmediate(count);
    };
    setImmediate(count);
    const res = await importCsv(`${CSV_COLUMNS.join(",")}\n${row.repeat(MAX_CSV_ROWS)}`);
    importing = false;
    expect(res.status).toBe(422);
    // Parsing and checking go 250 rows between turns of the event loop: 160 turns at least.
    expect(turns).toBeGreaterThanOrEqual(160);
  }, 60_000);

  it("creates products over several statements and refreshes their listing, in one transaction", async () => {
    const audit = await auditCount();
    const rows = Array.from(
      { length: 1200 },
      (_, i) =>
        `,batch-${Math.floor(i / 2)},Batchwise Shawl ${Math.floor(i / 2)},Batchwise Shawl long,,,Pashmina House,Fashion,Shawls,Clothing,Shawl,,women,${merchantId},,${i % 2 === 0 ? "Free" : "Large"},2000,10,3,`,
    );
    const res = await importCsv([CSV_COLUMNS.join(","), ...rows].join("\r\n"));
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
    expect(res.body.data).toEqual({ created: 600, updated: 0, unchanged: 0, variants: 1200 });
    const listed = await call("POST", "/userapp/product/list", {
      body: { query: { search: "batchwise" }, isCountOnly: true },
    });
    expect(listed.body.data).toEqual({ totalRecords: 600 });
    expect(await auditCount()).toBe(audit + 601);
  }, 60_000);

  it("refuses a header without a required column or with an unknown one, a broken quote, a file not in UTF-8, and a body not CSV", async () => {
    const row = `,k,T,T,,,B,C,S,T,U,,men,${merchantId},,M,999,0,1`;
    const missing = await importCsv(`${CSV_COLUMNS.filter((c) => c !== "mrp" && c !== "cost").join(",")}\n${row}\n`);
    expect(missing.status).toBe(422);
    expect(missing.body.data).toEqual([{ line: 1, field: "mrp", message: "Missing column" }]);
    const unknown = await importCsv(`${CSV_COLUMNS.join(",")},colour\n`);
    expect(unknown.body.data).toEqual([
      { line: 1, field: "colour", message: expect.stringMatching(/^Unknown column/) },
    ]);
    const twice = await importCsv(`${CSV_COLUMNS.join(",")},size\n`);
    expect(twice.body.data).toEqual([{ line: 1, field: "size", message: "This column appears twice" }]);
    const broken = await importCsv(`${CSV_COLUMNS.join(",")}\n${row},0\n,k,"unclosed\n`);
    expect(broken.status).toBe(422);
    expect(broken.body.data).toEqual([
      { line: 3, field: "file", message: "A quoted field opened on line 3 is never closed" },
    ]);
    const latin1 = await call("POST", "/userapp/admin/catalogue/import", {
      token: admin.token,
      headers: { "content-type": "text/csv" },
      rawBody: new Uint8Array([0x61, 0xe9, 0x0a]) as unknown as string,
    });
    expect(latin1.status).toBe(422);
    expect(latin1.body.data[0]).toMatchObject({ line: 1, field: "file" });
    expect((await importCsv("")).body.data).toEqual([
      { line: 1, field: "file", message: expect.stringMatching(/^The file is empty/) },
    ]);
    const json = await call("POST", "/userapp/admin/catalogue/import", { token: admin.token, body: { csv: "x" } });
    expect(json.status).toBe(422);
    expect(json.body.data[0].path).toBe("file");
    // The header alone is a file with nothing to do.
    expect((await importCsv(`${CSV_COLUMNS.join(",")}\r\n`)).body.data).toEqual({
      created: 0,
      updated: 0,
      unchanged: 0,
      variants: 0,
    });
  });

  it(`refuses a file over 5 MB or over ${MAX_CSV_ROWS} rows with 413`, async () => {
    const header = `${CSV_COLUMNS.join(",")}\n`;
    const oversized = header + "x".repeat(MAX_CSV_BYTES + 1 - header.length);
    const big = await importCsv(oversized);
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ status: "PAYLOAD_TOO_LARGE", data: { limit: MAX_CSV_BYTES } });

    // Exactly the limit of rows is read (each row is then refused for its own fault, cheaply), one more is not.
    const row = `${newId()},,T,T,,,B,C,S,T,U,,men,${merchantId},,M,999,0,1,\n`;
    const atLimit = await importCsv(header + row.repeat(MAX_CSV_ROWS));
    expect(atLimit.status).toBe(422);
    expect(atLimit.body.message).toMatch(new RegExp(`^Nothing was imported: ${MAX_CSV_ROWS} rows have errors`));
    // Every row names no product; every row after the first repeats its size, and the 31st is one size too many.
    expect(atLimit.body.errorCount).toBe(MAX_CSV_ROWS + (MAX_CSV_ROWS - 1) + 1);
    expect(atLimit.body.data).toHaveLength(100);
    const overLimit = await importCsv(header + row.repeat(MAX_CSV_ROWS + 1));
    expect(overLimit.status).toBe(413);
    expect(overLimit.body).toMatchObject({ status: "PAYLOAD_TOO_LARGE", data: { limit: MAX_CSV_ROWS } });
  }, 60_000);
});
