/**
 * The back office's codes and automatic offers (api/lib/promotions/admin-promotions.ts, decision
 * 051): created, edited, paused, resumed and ended with every condition, each refusal with its
 * field or code, every change audited, and admins only.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, promotions } from "../../api/db/schema";
import { createTestApi, createUserWithToken, insertProduct } from "./helpers";

const { db, call } = await createTestApi();
const admin = await createUserWithToken(db, { userType: "admin" });
const shopper = await createUserWithToken(db);
const productId = await insertProduct(db, { category: "Fashion", brand: "Fabindia" });

const create = (body: object) => call("POST", "/userapp/admin/promotions", { token: admin.token, body });
const update = (id: string, body: object) =>
  call("PUT", `/userapp/admin/promotions/${id}`, { token: admin.token, body });
const change = (id: string, what: string) =>
  call("PUT", `/userapp/admin/promotions/${id}/${what}`, { token: admin.token });

const welcome = {
  kind: "code",
  name: "Welcome: 10% off your first order",
  code: " welcome10 ",
  discountType: "percent",
  discountValue: 10,
  maxDiscount: 100,
  minCartValue: 499,
  startsAt: "2026-12-01T00:00:00+05:30",
  endsAt: "2027-01-01T00:00:00+05:30",
  totalUses: 1000,
  perShopperUses: 1,
  firstOrderOnly: true,
  paymentMethod: null,
  scope: { include: { categories: ["fashion"], brands: [], productIds: [] }, exclude: { brands: ["FABINDIA"] } },
  combinesWithOffers: false,
};

let counter = 0;
/** A code of its own for each test, so that the file's tests do not meet each other's codes. */
const unique = (prefix: string) => `${prefix}${++counter}`;

const auditOf = (id: string) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, "promotion"), eq(auditLog.entityId, id)));

describe("admins only", () => {
  it("refuses a guest (401) and a shopper (403) at every call", async () => {
    for (const [method, path] of [
      ["GET", "/userapp/admin/promotions"],
      ["POST", "/userapp/admin/promotions"],
      ["GET", "/userapp/admin/promotions/8b927a8cb7d862e1def9c3d5/report"],
      ["POST", "/userapp/admin/promotions/8b927a8cb7d862e1def9c3d5/codes"],
      ["PUT", "/userapp/admin/promotions/8b927a8cb7d862e1def9c3d5/pause"],
    ] as const) {
      const guest = await call(method, path, method === "GET" ? {} : { body: welcome });
      expect(guest.status).toBe(401);
      expect(guest.body.code).toBe("UNAUTHENTICATED");
      const asShopper = await call(method, path, {
        token: shopper.token,
        ...(method === "GET" ? {} : { body: welcome }),
      });
      expect(asShopper.status).toBe(403);
      expect(asShopper.body.code).toBe("FORBIDDEN");
    }
    expect(await db.select().from(promotions)).toEqual([]);
  });
});

describe("creating a code or an offer", () => {
  it("creates a code with every condition, trimmed and upper-cased, dates as instants, audited", async () => {
    const res = await create(welcome);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe("Welcome: 10% off your first order is created.");
    const promotion = res.body.data;
    expect(promotion).toMatchObject({
      kind: "code",
      code: "WELCOME10",
      bulk: false,
      bulkCodes: 0,
      discountType: "percent",
      discountValue: 10,
      maxDiscount: 100,
      minCartValue: 499,
      startsAt: "2026-11-30T18:30:00.000Z",
      endsAt: "2026-12-31T18:30:00.000Z",
      totalUses: 1000,
      perShopperUses: 1,
      firstOrderOnly: true,
      paymentMethod: null,
      // Spelt as the catalogue spells them.
      scope: {
        include: { categories: ["Fashion"], brands: [], productIds: [] },
        exclude: { categories: [], brands: ["Fabindia"], productIds: [] },
      },
      combinesWithOffers: false,
      status: "active",
      usesCount: 0,
    });
    const [entry] = await auditOf(promotion.id);
    expect(entry).toMatchObject({ actorId: admin.id, action: "promotion.create", before: null });
    expect(entry!.after).toMatchObject({ code: "WELCOME10", discountValue: 10, status: "active" });

    const listed = await call("GET", "/userapp/admin/promotions?search=welcome", { token: admin.token });
    expect(listed.body.data.data.map((p: { id: string }) => p.id)).toEqual([promotion.id]);
    const got = await call("GET", `/userapp/admin/promotions/${promotion.id}`, { token: admin.token });
    expect(got.body.data).toEqual(promotion);
  });

  it("creates a prepaid offer (no code, starting now when no start is given) and a bulk campaign", async () => {
    const offer = await create({
      kind: "offer",
      name: "10% off up to ₹100 when you pay by UPI",
      discountType: "percent",
      discountValue: 10,
      maxDiscount: 100,
      paymentMethod: "Upi",
    });
    expect(offer.status).toBe(201);
    expect(offer.body.data).toMatchObject({ kind: "offer", code: null, paymentMethod: "Upi", validity: "running" });
    const bulk = await create({
      kind: "code",
      bulk: true,
      name: "Diwali mailer",
      discountType: "flat",
      discountValue: 150,
    });
    expect(bulk.status).toBe(201);
    expect(bulk.body.data).toMatchObject({ bulk: true, code: null, maxDiscount: null });
  });

  it("refuses a code another promotion has, in any case and with spaces around it", async () => {
    const code = unique("TAKEN");
    expect((await create({ ...welcome, code })).status).toBe(201);
    for (const again of [code.toLowerCase(), `  ${code} `, code[0] + code.slice(1).toLowerCase()]) {
      const res = await create({ ...welcome, code: again });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        code: "PROMO_CODE_TAKEN",
        message: `The code ${code} is taken: choose another.`,
      });
    }
  });

  it("gives a code to exactly one of 10 admins creating it at once; the others are told it is taken", async () => {
    const code = unique("RACE");
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        create({ ...welcome, name: `Race ${i}`, code: i % 2 ? code : code.toLowerCase() }),
      ),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    expect(answers.filter((res) => res.status === 409).every((res) => res.body.code === "PROMO_CODE_TAKEN")).toBe(true);
    expect(await db.select().from(promotions).where(eq(promotions.code, code))).toHaveLength(1);
  });

  const refusals: [string, object, string, string][] = [
    ["no name", { name: "  " }, "name", "Enter a name"],
    ["a name too long", { name: "x".repeat(81) }, "name", "A name is at most 80 characters"],
    ["a code without its code", { code: null }, "code", "Enter the code"],
    [
      "a code of other characters",
      { code: "TEN OFF!" },
      "code",
      "A code is 3 to 30 letters, digits and dashes, starting and ending with a letter or digit",
    ],
    [
      "a code too short",
      { code: "AB" },
      "code",
      "A code is 3 to 30 letters, digits and dashes, starting and ending with a letter or digit",
    ],
    ["an offer with a code", { kind: "offer" }, "code", "An automatic offer has no code"],
    [
      "a bulk offer",
      { kind: "offer", code: null, bulk: true },
      "bulk",
      "Only a code can be a campaign of single-use codes",
    ],
    [
      "a bulk campaign with a code",
      { bulk: true },
      "code",
      "A bulk campaign's codes are generated: leave the code empty",
    ],
    ["an unknown discount type", { discountType: "bogo" }, "discountType", "Choose percent or flat"],
    ["0 percent", { discountValue: 0 }, "discountValue", "The discount is at least 1"],
    ["101 percent", { discountValue: 101 }, "discountValue", "A percent discount is 1 to 100"],
    ["a fraction", { discountValue: 7.5 }, "discountValue", "The discount is a whole number"],
    [
      "a cap on a flat discount",
      { discountType: "flat", discountValue: 50, maxDiscount: 20 },
      "maxDiscount",
      "A cap is only for a percent discount",
    ],
    ["a cap of 0", { maxDiscount: 0 }, "maxDiscount", "The cap is at least ₹1"],
    ["a negative minimum", { minCartValue: -1 }, "minCartValue", "The minimum cart value is at least ₹0"],
    ["an end before the start", { endsAt: "2026-11-30T00:00:00+05:30" }, "endsAt", "The end must be after the start"],
    ["an end at the start", { endsAt: "2026-12-01T00:00:00+05:30" }, "endsAt", "The end must be after the start"],
    [
      "a date without its offset",
      { startsAt: "2026-12-01T00:00:00" },
      "startsAt",
      "The start is a date and time with its offset, like 2026-12-01T00:00:00+05:30",
    ],
    ["no total uses", { totalUses: 0 }, "totalUses", "The total uses is at least 1 (leave it empty for no limit)"],
    [
      "more uses per shopper than in all",
      { totalUses: 5, perShopperUses: 6 },
      "perShopperUses",
      "The uses per shopper cannot be more than the total uses",
    ],
    [
      "an unknown payment method",
      { paymentMethod: "card" },
      "paymentMethod",
      "paymentMethod is Upi (Online Payment), cod, or null for either",
    ],
    [
      "a category no product is in",
      { scope: { include: { categories: ["Fashon"] } } },
      "scope.include.categories.0",
      "No product is in the category Fashon",
    ],
    [
      "a brand no product has",
      { scope: { exclude: { brands: ["Nobody"] } } },
      "scope.exclude.brands.0",
      "No product is of the brand Nobody",
    ],
    [
      "an unknown product",
      { scope: { include: { productIds: ["8b927a8cb7d862e1def9c3d5"] } } },
      "scope.include.productIds.0",
      "No product has the id 8b927a8cb7d862e1def9c3d5",
    ],
    [
      "a product id that is none",
      { scope: { include: { productIds: ["42"] } } },
      "scope.include.productIds.0",
      "A product id is 24 hex digits",
    ],
    [
      "too many values",
      { scope: { include: { brands: Array.from({ length: 101 }, (_, i) => `B${i}`) } } },
      "scope.include.brands",
      "At most 100 brands",
    ],
  ];
  it.each(refusals)("refuses %s, on its field", async (_, fields, path, message) => {
    const res = await create({ ...welcome, code: unique("REFUSED"), ...fields });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("VALIDATION");
    expect(res.body.data).toContainEqual({ path, message });
  });
});

describe("editing, pausing, resuming and ending", () => {
  it("saves the conditions (not the kind), audits before and after, and refuses another's code", async () => {
    const { body } = await create({ ...welcome, code: unique("EDIT") });
    const other = await create({ ...welcome, code: unique("OTHER") });
    const id = body.data.id;
    const saved = await update(id, {
      ...welcome,
      kind: "offer",
      code: "edited-1",
      discountType: "flat",
      discountValue: 75,
      maxDiscount: null,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      kind: "code",
      code: "EDITED-1",
      discountType: "flat",
      discountValue: 75,
      maxDiscount: null,
    });
    const entries = await auditOf(id);
    const edit = entries.find((entry) => entry.action === "promotion.update")!;
    expect(edit.before).toMatchObject({ discountType: "percent", discountValue: 10, code: body.data.code });
    expect(edit.after).toMatchObject({ discountType: "flat", discountValue: 75, code: "EDITED-1" });
    // Its own code again is no clash; another's is.
    expect(
      (await update(id, { ...welcome, code: "Edited-1", discountType: "flat", discountValue: 75, maxDiscount: null }))
        .status,
    ).toBe(200);
    const taken = await update(id, { ...welcome, code: other.body.data.code.toLowerCase() });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe("PROMO_CODE_TAKEN");
    const invalid = await update(id, { ...welcome, code: "EDITED-1", endsAt: "2026-11-01T00:00:00Z" });
    expect(invalid.status).toBe(422);
    expect(invalid.body.data).toContainEqual({ path: "endsAt", message: "The end must be after the start" });
  });

  it("refuses total uses fewer than the orders holding one", async () => {
    const { body } = await create({ ...welcome, code: unique("USED") });
    await db.update(promotions).set({ usesCount: 7 }).where(eq(promotions.id, body.data.id));
    const res = await update(body.data.id, { ...welcome, code: body.data.code, totalUses: 6 });
    expect(res.status).toBe(422);
    expect(res.body.data).toContainEqual({
      path: "totalUses",
      message: "7 orders hold a use already: the total uses cannot be fewer",
    });
    expect((await update(body.data.id, { ...welcome, code: body.data.code, totalUses: 7 })).status).toBe(200);
  });

  it("pauses, resumes and ends, each audited; refuses a change its status does not allow", async () => {
    const { body } = await create({ ...welcome, code: unique("STATE") });
    const id = body.data.id;
    const expectRefused = async (what: string, status: string, message: string) => {
      const res = await change(id, what);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: "PROMO_STATE", data: { status }, message });
    };
    await expectRefused("resume", "active", "This promotion is running already.");
    const paused = await change(id, "pause");
    expect(paused.body).toMatchObject({ message: `${welcome.name} is paused.`, data: { status: "paused" } });
    await expectRefused("pause", "paused", "This promotion is paused already.");
    expect((await change(id, "resume")).body.data.status).toBe("active");
    expect((await change(id, "pause")).status).toBe(200);
    expect((await change(id, "end")).body).toMatchObject({
      message: `${welcome.name} is ended.`,
      data: { status: "ended" },
    });
    for (const what of ["pause", "resume", "end"])
      await expectRefused(what, "ended", "This promotion has ended already.");
    const edit = await update(id, { ...welcome, code: body.data.code });
    expect(edit.status).toBe(409);
    expect(edit.body).toMatchObject({ code: "PROMO_STATE", data: { status: "ended" } });
    const actions = (await auditOf(id)).map((entry) => [entry.action, entry.before, entry.after]);
    expect(actions).toEqual([
      ["promotion.create", null, expect.anything()],
      ["promotion.pause", { status: "active" }, { status: "paused" }],
      ["promotion.resume", { status: "paused" }, { status: "active" }],
      ["promotion.pause", { status: "active" }, { status: "paused" }],
      ["promotion.end", { status: "paused" }, { status: "ended" }],
    ]);
  });

  it("answers 404 for a promotion that is not there", async () => {
    const missing = "8b927a8cb7d862e1def9c3d5";
    for (const res of [
      await call("GET", `/userapp/admin/promotions/${missing}`, { token: admin.token }),
      await update(missing, welcome),
      await change(missing, "pause"),
      await call("GET", `/userapp/admin/promotions/${missing}/report`, { token: admin.token }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("NOT_FOUND");
    }
  });
});

describe("the list", () => {
  it("filters by kind and status, newest first, and says where each stands in its dates", async () => {
    const past = await create({
      ...welcome,
      code: unique("PAST"),
      startsAt: "2025-01-01T00:00:00+05:30",
      endsAt: "2025-02-01T00:00:00+05:30",
    });
    const future = await create({
      ...welcome,
      code: unique("SOON"),
      startsAt: "2099-01-01T00:00:00+05:30",
      endsAt: null,
    });
    await change(future.body.data.id, "pause");
    const paused = await call("GET", "/userapp/admin/promotions?status=paused&kind=code", { token: admin.token });
    expect(paused.body.data.data.map((p: { id: string }) => p.id)).toContain(future.body.data.id);
    expect(paused.body.data.data.every((p: { status: string }) => p.status === "paused")).toBe(true);
    expect(future.body.data.validity).toBe("scheduled");
    expect(past.body.data.validity).toBe("expired");
    const offers = await call("GET", "/userapp/admin/promotions?kind=offer", { token: admin.token });
    expect(offers.body.data.data.every((p: { kind: string }) => p.kind === "offer")).toBe(true);
    const bad = await call("GET", "/userapp/admin/promotions?status=live", { token: admin.token });
    expect(bad.status).toBe(422);
    expect(productId).toBeTruthy();
  });
});
