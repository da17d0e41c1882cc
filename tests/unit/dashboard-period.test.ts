import { describe, expect, it } from "vitest";
import { endsInFuture, periodQuerySchema, resolvePeriod } from "../../api/lib/admin/dashboard-period";
import type { DashboardJson } from "../../api/lib/admin/dashboard";
import { dashboardCsv } from "../../api/lib/admin/dashboard-csv";
import { msUntilNextRollUp } from "../../api/lib/admin/dashboard-rollup";

// The dashboard's periods, in India's days, and its CSV tables.

// 00:10 on 1 December 2026 in India is still 30 November in UTC.
const now = new Date("2026-11-30T18:40:00Z");

describe("the dashboard's periods", () => {
  it("count whole days from midnight in India, each compared with the same length just before", () => {
    const today = resolvePeriod(periodQuerySchema.parse({ period: "today" }), now);
    expect([today.current.from, today.current.to, today.previous.from, today.previous.to]).toEqual([
      "2026-12-01",
      "2026-12-01",
      "2026-11-30",
      "2026-11-30",
    ]);
    expect(today.current.start.toISOString()).toBe("2026-11-30T18:30:00.000Z");
    expect(today.current.end.toISOString()).toBe("2026-12-01T18:30:00.000Z");
    const week = resolvePeriod(periodQuerySchema.parse({}), now);
    expect([week.name, week.current.from, week.current.days.length, week.previous.from]).toEqual([
      "7d",
      "2026-11-25",
      7,
      "2026-11-18",
    ]);
    const month = resolvePeriod(periodQuerySchema.parse({ period: "month" }), now);
    expect([month.current.from, month.current.to, month.previous.from, month.previous.to]).toEqual([
      "2026-12-01",
      "2026-12-01",
      "2026-11-30",
      "2026-11-30",
    ]);
    const thirty = resolvePeriod(periodQuerySchema.parse({ period: "30d" }), now);
    expect([thirty.current.from, thirty.previous.from, thirty.previous.to]).toEqual([
      "2026-11-02",
      "2026-10-03",
      "2026-11-01",
    ]);
  });

  it("takes a custom range of at most 366 days, first before last, not ending after today", () => {
    const parse = (from: string, to: string) => periodQuerySchema.safeParse({ period: "custom", from, to });
    expect(parse("2024-01-01", "2024-12-31").success).toBe(true); // 366 days
    expect(parse("2024-01-01", "2025-01-01").error?.issues[0].message).toBe("A period is at most 366 days");
    expect(parse("2025-02-01", "2025-01-31").error?.issues[0].message).toBe("The first day comes after the last");
    expect(parse("2025-02-30", "2025-03-01").success).toBe(false);
    expect(periodQuerySchema.safeParse({ period: "custom" }).error?.issues.map((i) => i.path[0])).toEqual([
      "from",
      "to",
    ]);
    expect(periodQuerySchema.safeParse({ period: "year" }).success).toBe(false);
    const custom = (to: string) => periodQuerySchema.parse({ period: "custom", from: "2026-11-01", to });
    expect(endsInFuture(custom("2026-12-01"), now)).toBe(false);
    expect(endsInFuture(custom("2026-12-02"), now)).toBe(true);
  });
});

describe("the dashboard's CSV", () => {
  it("guards text against spreadsheet formulas and leaves negative rupees as numbers", () => {
    const seller = { id: "a".repeat(24), title: '=HYPERLINK("x")', category: "+Fashion", sales: -400, units: 1 };
    const dashboard = {
      top: { bySales: [seller], byUnits: [seller], categories: [{ category: "@cat", sales: 5, units: 1 }] },
      reasons: { cancellations: [{ code: "-other", orders: 1, amount: 10 }], returns: [] },
    } as unknown as DashboardJson;
    expect(dashboardCsv("top-products", dashboard)).toBe(
      `product_id,title,category,sales,units\r\n${"a".repeat(24)},"'=HYPERLINK(""x"")",'+Fashion,-400,1\r\n`,
    );
    expect(dashboardCsv("top-categories", dashboard)).toBe("category,sales,units\r\n'@cat,5,1\r\n");
    expect(dashboardCsv("reasons", dashboard)).toBe("kind,reason,orders,amount\r\ncancellation,'-other,1,10\r\n");
  });
});

describe("the hourly roll-up's time", () => {
  it("is the next :35 UTC (05 past in India), an hour on when it is :35 exactly", () => {
    expect(msUntilNextRollUp(new Date("2026-11-30T18:34:59.000Z"))).toBe(1_000);
    expect(msUntilNextRollUp(new Date("2026-11-30T18:35:00.000Z"))).toBe(3_600_000);
    expect(msUntilNextRollUp(new Date("2026-11-30T18:35:00.001Z"))).toBe(3_599_999);
    // Across midnight UTC, and the last hour of a month.
    expect(msUntilNextRollUp(new Date("2026-11-30T23:50:00.000Z"))).toBe(45 * 60_000);
  });
});
