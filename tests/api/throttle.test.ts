import { describe, expect, it } from "vitest";
import { loginFailures } from "../../api/db/schema";
import { createTestApi } from "./helpers";

let clock = new Date("2025-06-01T08:00:00Z");
const MINUTE = 60_000;
const api = await createTestApi({ now: () => clock, loginWindowMs: 15 * MINUTE });

const login = (username: string, password: string, ip: string) =>
  api.call("POST", "/userapp/auth/login", { body: { username, password }, headers: { "x-forwarded-for": ip } });

describe("login failure counters", () => {
  it("are swept out once their window has ended, so the table does not grow for ever", async () => {
    const password = "correct horse battery";
    await api.call("POST", "/userapp/auth/register", { body: { email: "sweep@example.test", password } });
    for (let n = 1; n <= 5; n++) await login(`nobody${n}@example.test`, "wrong", `203.0.113.${n}`);
    expect((await api.db.select().from(loginFailures)).length).toBe(10);

    // Within the window a good sign-in sweeps nothing of the others' counters.
    expect((await login("sweep@example.test", password, "203.0.113.50")).status).toBe(200);
    expect((await api.db.select().from(loginFailures)).length).toBe(11);

    clock = new Date(clock.getTime() + 16 * MINUTE);
    expect((await login("sweep@example.test", password, "203.0.113.50")).status).toBe(200);
    // Only the counter this very attempt started is left.
    const left = await api.db.select().from(loginFailures);
    expect(left.map((row) => row.key)).toEqual([expect.stringContaining("203.0.113.50")]);
  });
});
