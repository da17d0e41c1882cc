/**
 * A bulk campaign's single-use codes and each promotion's report (api/lib/promotions/
 * admin-promotions.ts, admin-promotion-report.ts; decision 051): codes generated unique, from an
 * alphabet without look-alikes, within the per-request limit, exported as CSV; the report's
 * figures and its formula-safe CSV. Orders are placed through the API; their uses (written by
 * the shopper's side when it prices an order) are inserted here as the test's data.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, orders, promotionCodes, promotionRedemptions } from "../../api/db/schema";
import { BULK_CODE_ALPHABET, MAX_BULK_CODES_PER_REQUEST } from "../../api/lib/promotions/admin-promotion-schemas";
import { newId } from "../../api/lib/ids";
import { createTestApi, createUserWithToken, insertProduct, testAddresses } from "./helpers";

const { db, call } = await createTestApi();
const admin = await createUserWithToken(db, { userType: "admin" });
const productId = await insertProduct(db);

const create = async (body: object) => {
  const res = await call("POST", "/userapp/admin/promotions", {
    token: admin.token,
    body: { discountType: "flat", discountValue: 100, ...body },
  });
  expect(res.status).toBe(201);
  return res.body.data as { id: string; code: string | null };
};
const generate = (id: string, body: object) =>
  call("POST", `/userapp/admin/promotions/${id}/codes`, { token: admin.token, body });
const csvOf = async (path: string) => {
  const res = await call("GET", path, { token: admin.token });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  expect(res.headers.get("content-disposition")).toMatch(
    /^attachment; filename="promotion-[a-z]+-\d{4}-\d{2}-\d{2}\.csv"$/,
  );
  return res.body as string;
};

/** Places an order through the API as a shopper of its own, and answers its id. */
async function place(paymentMethod: "Upi" | "cod") {
  const shopper = await createUserWithToken(db);
  const res = await call("POST", "/userapp/order/create", {
    token: shopper.token,
    body: { products: [{ productId, qty: 1, size: "M" }], address: testAddresses.home, paymentMethod },
  });
  expect(res.status).toBe(201);
  return { id: res.body.data._id as string, total: res.body.data.totalAmount as number, userId: shopper.id };
}

const LOOK_ALIKES = /[01OIL]/;

describe("bulk single-use codes", () => {
  it("generates codes of 10 random characters without look-alikes after the prefix, all different, audited", async () => {
    const campaign = await create({ kind: "code", bulk: true, name: "Diwali mailer" });
    const res = await generate(campaign.id, { count: 500, prefix: " diwali- " });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ message: "500 codes are generated.", data: { generated: 500, bulkCodes: 500 } });
    const codes = (await db.select().from(promotionCodes).where(eq(promotionCodes.promotionId, campaign.id))).map(
      (row) => row.code,
    );
    expect(codes).toHaveLength(500);
    expect(new Set(codes).size).toBe(500);
    const pattern = new RegExp(`^DIWALI-[${BULK_CODE_ALPHABET}]{10}$`);
    for (const code of codes) {
      expect(code).toMatch(pattern);
      expect(code.slice("DIWALI-".length)).not.toMatch(LOOK_ALIKES);
    }
    // Random: every character of the alphabet turns up over 5,000 draws.
    const drawn = new Set(codes.flatMap((code) => [...code.slice("DIWALI-".length)]));
    expect([...drawn].sort().join("")).toBe(BULK_CODE_ALPHABET);

    const more = await generate(campaign.id, { count: 20 });
    expect(more.body.data).toEqual({ generated: 20, bulkCodes: 520 });
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, "promotion.codes")).limit(1);
    expect(entry).toMatchObject({
      entityId: campaign.id,
      before: { bulkCodes: 0 },
      after: { bulkCodes: 500, prefix: "DIWALI-" },
    });

    // A code typed for another promotion cannot be one of them, in any case.
    const clash = await call("POST", "/userapp/admin/promotions", {
      token: admin.token,
      body: { kind: "code", name: "Clash", code: codes[0]!.toLowerCase(), discountType: "flat", discountValue: 10 },
    });
    expect(clash.status).toBe(409);
    expect(clash.body.code).toBe("PROMO_CODE_TAKEN");
  });

  it(`generates ${MAX_BULK_CODES_PER_REQUEST} at a time, and refuses one more, a count of 0 and a bad prefix`, async () => {
    const campaign = await create({ kind: "code", bulk: true, name: "Big campaign" });
    const most = await generate(campaign.id, { count: MAX_BULK_CODES_PER_REQUEST });
    expect(most.status).toBe(201);
    expect(most.body.data.bulkCodes).toBe(MAX_BULK_CODES_PER_REQUEST);
    for (const [body, path, message] of [
      [{ count: MAX_BULK_CODES_PER_REQUEST + 1 }, "count", `At most ${MAX_BULK_CODES_PER_REQUEST} codes at a time`],
      [{ count: 0 }, "count", "Generate at least 1 code"],
      [{ count: 2.5 }, "count", "How many codes is a whole number"],
      [{}, "count", "Enter how many codes"],
      [{ count: 5, prefix: "=CMD" }, "prefix", "A prefix is 1 to 12 letters and digits, and may end with a dash"],
      [
        { count: 5, prefix: "ABCDEFGHIJKLM" },
        "prefix",
        "A prefix is 1 to 12 letters and digits, and may end with a dash",
      ],
    ] as const) {
      const res = await generate(campaign.id, body);
      expect(res.status).toBe(422);
      expect(res.body.data).toContainEqual({ path, message });
    }
    const kept = await db.select().from(promotionCodes).where(eq(promotionCodes.promotionId, campaign.id));
    expect(kept).toHaveLength(MAX_BULK_CODES_PER_REQUEST);
  });

  it("generates codes only for a bulk campaign that has not ended", async () => {
    const single = await create({ kind: "code", name: "One code", code: "ONLYONE" });
    const refused = await generate(single.id, { count: 5 });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("PROMO_NOT_BULK");
    const campaign = await create({ kind: "code", bulk: true, name: "Ended campaign" });
    await call("PUT", `/userapp/admin/promotions/${campaign.id}/end`, { token: admin.token });
    const ended = await generate(campaign.id, { count: 5 });
    expect(ended.status).toBe(409);
    expect(ended.body).toMatchObject({ code: "PROMO_STATE", data: { status: "ended" } });
  });

  it("exports the codes as CSV, each with whether it is used and by which order", async () => {
    const campaign = await create({ kind: "code", bulk: true, name: "Export me" });
    await generate(campaign.id, { count: 3, prefix: "EXP" });
    const order = await place("cod");
    const [first] = await db.select().from(promotionCodes).where(eq(promotionCodes.promotionId, campaign.id)).limit(1);
    await db.update(promotionCodes).set({ orderId: order.id }).where(eq(promotionCodes.code, first!.code));
    const text = await csvOf(`/userapp/admin/promotions/${campaign.id}/codes/export`);
    const lines = text.split("\r\n");
    expect(lines[0]).toBe("Code,Used,Order");
    expect(lines.slice(1, -1)).toHaveLength(3);
    expect(lines.at(-1)).toBe("");
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^${first!.code},Yes,MRT-\\d{2}-\\d{6}$`)));
    expect(lines.filter((line) => /^EXP[A-Z2-9]{10},No,$/.test(line))).toHaveLength(2);
  });
});

describe("a promotion's report", () => {
  it("counts the orders holding a use, their discount and revenue, uses given back and past the cap; CSV formula-safe", async () => {
    const code = await create({ kind: "code", name: '=HYPERLINK("http://evil")', code: "REPORT50", totalUses: 2 });
    const placed = [await place("cod"), await place("Upi"), await place("cod"), await place("Upi")];
    const use = (order: (typeof placed)[number], fields: Partial<typeof promotionRedemptions.$inferInsert>) => ({
      id: newId(),
      promotionId: code.id,
      orderId: order.id,
      code: "REPORT50",
      userId: order.userId,
      mobile: testAddresses.home.mobile,
      discount: 50,
      ...fields,
    });
    await db
      .insert(promotionRedemptions)
      .values([
        use(placed[0]!, {}),
        use(placed[1]!, { discount: 40 }),
        use(placed[2]!, { status: "released", releasedAt: new Date() }),
        use(placed[3]!, { overCap: true, code: "=1+1" }),
      ]);
    const res = await call("GET", `/userapp/admin/promotions/${code.id}/report`, { token: admin.token });
    expect(res.status).toBe(200);
    const report = res.body.data;
    const paid = placed[0]!.total + placed[1]!.total + placed[3]!.total;
    expect(report).toMatchObject({
      orders: 3,
      totalDiscount: 140,
      revenue: paid,
      released: 1,
      overCap: 1,
      prepaid: null,
    });
    expect(report.recentUses).toHaveLength(4);
    expect(report.recentUses[0]).toMatchObject({ orderId: placed[3]!.id, overCap: true, status: "held" });

    const text = await csvOf(`/userapp/admin/promotions/${code.id}/report/export`);
    const lines = text.split("\r\n");
    expect(lines.slice(0, 8)).toEqual([
      "Figure,Value",
      `Promotion,"'=HYPERLINK(""http://evil"")"`,
      "Code,REPORT50",
      "Orders,3",
      "Total discount (₹),140",
      `Revenue (₹),${paid}`,
      "Uses given back by cancellations,1",
      "Uses past the cap (late payments),1",
    ]);
    expect(lines[8]).toBe("");
    expect(lines[9]).toBe("Order,Placed (India time),Payment,Code,Discount (₹),Paid (₹),Use,Past the cap");
    expect(lines[10]).toMatch(
      new RegExp(
        `^MRT-\\d{2}-\\d{6},\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2},Online Payment,'=1\\+1,50,${placed[3]!.total},Held,Yes$`,
      ),
    );
    expect(lines.filter((line) => line.includes("Given back"))).toHaveLength(1);
    expect(text).not.toMatch(/(^|,)[=+\-@]/m);
  });

  it("gives a prepaid offer's share of orders paid online before it and during it", async () => {
    const day = 24 * 60 * 60 * 1000;
    const now = Date.now();
    const startsAt = new Date(now - 10 * day);
    const offer = await create({
      kind: "offer",
      name: "Pay by UPI: ₹100 off",
      paymentMethod: "Upi",
      startsAt: startsAt.toISOString(),
      endsAt: new Date(now - 2 * day).toISOString(),
    });
    // 8 days during it; the 8 days before it are the period compared.
    const at = async (paymentMethod: "Upi" | "cod", when: number, status?: "cancelled") => {
      const order = await place(paymentMethod);
      await db
        .update(orders)
        .set({ createdAt: new Date(when), ...(status && { status, paymentStatus: "cancelled" }) })
        .where(eq(orders.id, order.id));
    };
    // Before: 1 of 4 online (one more online order was cancelled: not counted); 9 days back, outside.
    await at("Upi", startsAt.getTime() - 3 * day);
    for (const when of [1, 2, 5]) await at("cod", startsAt.getTime() - when * day);
    await at("Upi", startsAt.getTime() - 4 * day, "cancelled");
    await at("cod", startsAt.getTime() - 9 * day);
    // During: 3 of 4 online; after its end, not counted.
    for (const when of [1, 3, 6]) await at("Upi", startsAt.getTime() + when * day);
    await at("cod", startsAt.getTime() + 7 * day);
    await at("cod", now - day);
    const res = await call("GET", `/userapp/admin/promotions/${offer.id}/report`, { token: admin.token });
    expect(res.body.data.prepaid).toEqual({
      before: {
        from: new Date(startsAt.getTime() - 8 * day).toISOString(),
        to: startsAt.toISOString(),
        orders: 4,
        online: 1,
        onlineShare: 25,
      },
      during: {
        from: startsAt.toISOString(),
        to: new Date(now - 2 * day).toISOString(),
        orders: 4,
        online: 3,
        onlineShare: 75,
      },
    });
    const text = await csvOf(`/userapp/admin/promotions/${offer.id}/report/export`);
    expect(text).toContain(
      "Paid online before the offer,25%\r\nOrders before the offer,4\r\nPaid online during the offer,75%\r\nOrders during the offer,4\r\n",
    );
  });
});
