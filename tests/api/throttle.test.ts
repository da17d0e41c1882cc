import { describe, expect, it } from "vitest";
import { loginFailures } from "../../api/db/schema";
import { createTestApi } from "./helpers";

let clock = new Date("2025-06-01T08:00:00Z");
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const api = await createTestApi({
  now: () => clock,
  loginWindowMs: 15 * MINUTE,
  knownAddressMs: 30 * DAY,
  registerWindowMs: 60 * MINUTE,
});
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

const login = (username: string, password: string, ip: string) =>
  api.call("POST", "/userapp/auth/login", { body: { username, password }, clientAddress: ip });
const keys = async () => (await api.db.select().from(loginFailures)).map((row) => row.key).sort();

describe("login failure counters", () => {
  it("are swept out once their window has ended, so the table does not grow for ever", async () => {
    const password = "correct horse battery";
    const home = "203.0.113.50";
    // Rows of an earlier version of the throttle (per-account "email:" keys) are swept too.
    await api.db.insert(loginFailures).values({ key: "email:old@example.test", failures: 3, windowStart: clock });
    await api.call("POST", "/userapp/auth/register", {
      body: { email: "sweep@example.test", password },
      clientAddress: home,
    });
    for (let n = 1; n <= 5; n++) await login(`nobody${n}@example.test`, "wrong", `203.0.113.${n}`);
    // Each failure counts for its pair, its address and the account's two tiers.
    expect(await keys()).toHaveLength(1 + 1 + 5 * 4);

    // A good sign-in within the windows sweeps nothing, and marks its address known.
    expect((await login("sweep@example.test", password, home)).status).toBe(200);
    expect(await keys()).toEqual(
      expect.arrayContaining(["known:sweep@example.test|203.0.113.50", "ip:203.0.113.50", "register:203.0.113.50"]),
    );
    expect(await keys()).not.toContain("pair:sweep@example.test|203.0.113.50");

    // After 16 minutes: the 15-minute counters are gone; the day tier, the registration count
    // (an hour) and the known mark stay.
    advance(16 * MINUTE);
    expect((await login("sweep@example.test", password, home)).status).toBe(200);
    expect(await keys()).toEqual(
      [
        ...[1, 2, 3, 4, 5].map((n) => `account-day:nobody${n}@example.test`),
        "account-day:sweep@example.test",
        "ip:203.0.113.50",
        "known:sweep@example.test|203.0.113.50",
        "register:203.0.113.50",
      ].sort(),
    );

    // A day later only what the last sign-in touched is left; the known mark outlives it.
    advance(DAY);
    expect((await login("sweep@example.test", password, home)).status).toBe(200);
    expect(await keys()).toEqual(["ip:203.0.113.50", "known:sweep@example.test|203.0.113.50"]);

    // A failed attempt sweeps too (attackers alone must not grow the table), and after 30 days
    // without a sign-in the known mark goes.
    advance(30 * DAY);
    expect((await login("nobody@example.test", "wrong", "203.0.113.9")).status).toBe(400);
    expect(await keys()).toEqual([
      "account-day:nobody@example.test",
      "account:nobody@example.test",
      "ip:203.0.113.9",
      "pair:nobody@example.test|203.0.113.9",
    ]);
  });
});
