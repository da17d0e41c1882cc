import { eq } from "drizzle-orm";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { promotionCodes, promotions } from "../../api/db/schema";
import { setAdmin } from "../../api/lib/accounts/admins";
import AuditPage, { loader as auditLoader } from "../../app/routes/admin.audit";
import PromotionPage, {
  action as promotionAction,
  loader as promotionLoader,
} from "../../app/routes/admin.promotions.$id";
import { loader as codesCsvLoader } from "../../app/routes/admin.promotions.$id.codes-csv";
import ReportPage, { loader as reportLoader } from "../../app/routes/admin.promotions.$id.report";
import { loader as reportCsvLoader } from "../../app/routes/admin.promotions.$id.report-csv";
import NewPromotionPage, { action as createAction, loader as newLoader } from "../../app/routes/admin.promotions.new";
import PromotionsPage, { loader as listLoader } from "../../app/routes/admin.promotions";
import { createTestApi, insertProduct } from "../api/helpers";
import { formPost, loadContext, pageGet, renderPage, settle, signedInShopper } from "./harness";

// The back office's promotions (/admin/promotions…) as a browser without JavaScript uses them:
// plain form posts answered by redirects, refusals back on their fields, India time in the form.

const api = await createTestApi();
const context = loadContext(api);
const admin = await signedInShopper(api);
expect(await setAdmin(api.db, admin.email, true)).toBe("changed");
const shopper = await signedInShopper(api);
await insertProduct(api.db, { category: "Fashion", brand: "Fabindia" });

type Handler = (args: never) => unknown;
const run = (fn: Handler, request: Request, params: Record<string, string> = {}) =>
  settle(() => fn({ request, params, context } as never));
const get = (fn: Handler, path: string, params: Record<string, string> = {}, cookie = admin.cookie) =>
  run(fn, pageGet(path, cookie), params);

/** The form as a browser posts it: every field as text, unticked boxes absent. */
const form = (fields: Record<string, string>) => ({
  intent: "save",
  kind: "code",
  name: "Welcome: 10% off your first order",
  code: "welcome10",
  discountType: "percent",
  discountValue: "10",
  maxDiscount: "100",
  minCartValue: "499",
  startsAt: "2026-12-01T09:30",
  endsAt: "2027-01-01T00:00",
  totalUses: "",
  perShopperUses: "1",
  firstOrderOnly: "on",
  paymentMethod: "",
  combinesWithOffers: "on",
  includeCategories: "fashion",
  includeBrands: "",
  includeProducts: "",
  excludeCategories: "",
  excludeBrands: "",
  excludeProducts: "",
  ...fields,
});
const create = (fields: Record<string, string>, kind = "code") =>
  run(createAction as Handler, formPost(`/admin/promotions/new?kind=${kind}`, form(fields), admin.cookie));

describe("/admin/promotions/new without JavaScript", () => {
  it("shows a plain form, creates the code from a form post (India time made instants) and opens it", async () => {
    const loaded = await get(newLoader as Handler, "/admin/promotions/new?kind=code");
    expect(loaded.status).toBe(200);
    const blank = await renderPage(
      "/admin/promotions/new?kind=code",
      createElement(NewPromotionPage, { loaderData: loaded.data, actionData: undefined } as never),
    );
    expect(blank).toContain('method="post" action="/admin/promotions/new?kind=code"');
    for (const name of [
      "name",
      "code",
      "discountValue",
      "maxDiscount",
      "startsAt",
      "endsAt",
      "perShopperUses",
      "includeCategories",
    ])
      expect(blank).toContain(`name="${name}"`);
    expect(blank).toContain('type="datetime-local"');
    expect(blank).toContain(">Create code</button>");

    const created = await create({});
    expect(created.status).toBe(303);
    const [row] = await api.db.select().from(promotions).where(eq(promotions.code, "WELCOME10"));
    expect(created.location).toBe(`/admin/promotions/${row!.id}`);
    expect(row).toMatchObject({
      discountType: "percent",
      discountValue: 10,
      maxDiscount: 100,
      minCartValue: 499,
      totalUses: null,
      perShopperUses: 1,
      firstOrderOnly: true,
      paymentMethod: null,
      combinesWithOffers: true,
      scope: { include: { categories: ["Fashion"] } },
    });
    expect(row!.startsAt.toISOString()).toBe("2026-12-01T04:00:00.000Z");
    expect(row!.endsAt!.toISOString()).toBe("2026-12-31T18:30:00.000Z");

    // The edit page shows it back in India time.
    const page = await get(promotionLoader as Handler, `/admin/promotions/${row!.id}`, { id: row!.id });
    const html = await renderPage(
      `/admin/promotions/${row!.id}`,
      createElement(PromotionPage, { loaderData: page.data } as never),
    );
    expect(html).toContain('value="2026-12-01T09:30"');
    expect(html).toContain("10% off, up to ₹100");
    expect(html).toContain("Cart of ₹499 or more");
    expect(html).toContain(">Pause</button>");
  });

  it("puts the API's refusals back on their fields, and a taken code on the code", async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ code: "welcome10" }, "code", "The code WELCOME10 is taken: choose another."],
      [{ code: "WELCOME-2", discountValue: "101" }, "discountValue", "A percent discount is 1 to 100"],
      [{ code: "WELCOME-3", discountType: "flat" }, "maxDiscount", "A cap is only for a percent discount"],
      [{ code: "WELCOME-4", endsAt: "2026-11-01T00:00" }, "endsAt", "The end must be after the start"],
      [{ code: "WELCOME-5", includeCategories: "Fashon" }, "includeCategories", "No product is in the category Fashon"],
      [{ code: "" }, "code", "Enter the code"],
    ];
    for (const [fields, field, message] of cases) {
      const refused = await create(fields);
      expect(refused.status, `${field}: ${message}`).toBeGreaterThanOrEqual(400);
      expect(refused.data.result.error[field]).toEqual([message]);
    }
    const schema = await create({ discountValue: "ten" });
    expect(schema.status).toBe(400);
    expect(schema.data.result.error.discountValue).toBeDefined();
    const refused = await create({ code: "WELCOME-6", endsAt: "2026-11-01T00:00" });
    const html = await renderPage(
      "/admin/promotions/new?kind=code",
      createElement(NewPromotionPage, { loaderData: { kind: "code" }, actionData: refused.data } as never),
    );
    expect(html).toContain("The end must be after the start");
    expect(html).toContain("Check the highlighted fields.");
  });

  it("refuses the back office to a shopper", async () => {
    expect((await get(newLoader as Handler, "/admin/promotions/new", {}, shopper.cookie)).status).toBe(403);
    const posted = await run(
      createAction as Handler,
      formPost("/admin/promotions/new", form({ code: "SHOPPER" }), shopper.cookie),
    );
    expect(posted.status).toBe(403);
  });
});

describe("a promotion's page, list, report and audit", () => {
  it("pauses, ends, generates bulk codes and downloads them, reports, and the audit reads in words", async () => {
    const created = await create({
      code: "",
      bulk: "on",
      name: "Diwali mailer",
      discountType: "flat",
      discountValue: "150",
      maxDiscount: "",
    });
    expect(created.status).toBe(303);
    const id = created.location!.split("/").at(-1)!;
    const path = `/admin/promotions/${id}`;
    const post = (fields: Record<string, string>) =>
      run(promotionAction as Handler, formPost(path, fields, admin.cookie), { id });

    const generated = await post({ intent: "codes", count: "25", prefix: "diwali-" });
    expect(generated.status).toBe(303);
    expect(await api.db.select().from(promotionCodes).where(eq(promotionCodes.promotionId, id))).toHaveLength(25);
    const tooMany = await post({ intent: "codes", count: "10001" });
    expect(tooMany.status).toBe(400);
    expect(tooMany.data.codesResult.error.count).toEqual(["At most 10000 codes at a time"]);
    const csv = await get(codesCsvLoader as Handler, `${path}/codes.csv`, { id });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-disposition")).toMatch(
      new RegExp(`^attachment; filename="mart-promotion-codes-${id}-`),
    );
    const text = csv.data as string;
    expect(text.split("\r\n")[0]).toBe("Code,Used,Order");
    expect(text.split("\r\n").filter((line) => /^DIWALI-[2-9A-HJKMNP-Z]{10},No,$/.test(line))).toHaveLength(25);

    expect((await post({ intent: "pause" })).status).toBe(303);
    expect((await post({ intent: "pause" })).status).toBe(303); // refused: a toast says it is paused already
    expect((await post({ intent: "end" })).status).toBe(303);
    const [row] = await api.db.select().from(promotions).where(eq(promotions.id, id));
    expect(row!.status).toBe("ended");

    const list = await get(listLoader as Handler, "/admin/promotions?status=ended");
    const listHtml = await renderPage(
      "/admin/promotions",
      createElement(PromotionsPage, { loaderData: list.data } as never),
    );
    expect(listHtml).toContain("Diwali mailer");
    expect(listHtml).toContain("25 single-use codes");
    expect(listHtml).toContain("Ended");

    const report = await get(reportLoader as Handler, `${path}/report`, { id });
    const reportHtml = await renderPage(
      `${path}/report`,
      createElement(ReportPage, { loaderData: report.data } as never),
    );
    expect(reportHtml).toContain("No order has used it yet.");
    expect(reportHtml).toContain(`href="${path}/report.csv"`);
    const reportCsv = await get(reportCsvLoader as Handler, `${path}/report.csv`, { id });
    expect(reportCsv.status).toBe(200);
    expect(reportCsv.data as string).toContain("Promotion,Diwali mailer\r\n");

    const audit = await get(auditLoader as Handler, `/admin/audit?entity=promotion&entityId=${id}`);
    const auditHtml = await renderPage("/admin/audit", createElement(AuditPage, { loaderData: audit.data } as never));
    for (const words of [
      "Created a promotion",
      "Generated single-use codes",
      "Paused a promotion",
      "Ended a promotion",
    ])
      expect(auditHtml).toContain(words);
    expect(auditHtml).toContain(`href="${path}"`);
  });
});
