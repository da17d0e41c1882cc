/**
 * Per-address limits hold for IPv6 (issue 35): sign-in, registration and password-reset limits
 * count an IPv6 client's /64 (IPV6_LIMIT_PREFIX), not each of its 2^64 addresses, and an IPv4
 * client per address however it is spelt (api/platform/client-address.ts, limitNetwork).
 */
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { loginFailures, messages } from "../../api/db/schema";
import { parseTrustProxy } from "../../api/platform/client-address";
import { createTestApi, expectRefusedFor } from "./helpers";

const MINUTE = 60_000;
let clock = new Date("2026-05-01T09:00:00Z");
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
// The shop's default limits (20 failures per address, 5 per account and address, 10
// registrations and 10 reset links per address), behind one proxy as the attacker found it.
const api = await createTestApi({ now: () => clock, trustProxy: parseTrustProxy("1") });
const { db, call } = api;

let serial = 0;
const uniqueEmail = () => `v6.${++serial}.${Date.now()}@example.test`;
/** The `n`th address (1-based) of the /64 `network` ("2001:db8:1:2"). */
const inNetwork = (network: string, n: number) => `${network}::${n.toString(16)}`;
const range = (count: number) => Array.from({ length: count }, (_, i) => i + 1);

const login = (username: string, password: string, address: string) =>
  call("POST", "/userapp/auth/login", { body: { username, password }, clientAddress: address });
const registerFrom = (address: string, email = uniqueEmail()) =>
  call("POST", "/userapp/auth/register", {
    body: { email, password: "correct horse battery" },
    clientAddress: address,
  });
const FAILED = "Too many failed sign-in attempts. Please wait 15 minutes and try again.";

describe("sign-in from one IPv6 /64", () => {
  // The attacker's own setup: a real socket, TRUST_PROXY=1 and X-Forwarded-For.
  const server = serve({ fetch: api.app.fetch, port: 0, hostname: "127.0.0.1" });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));
  const overHttp = async (forwardedFor: string) => {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/userapp/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor },
      body: JSON.stringify({ username: uniqueEmail(), password: "guess" }),
    });
    return { status: response.status, body: await response.json(), headers: response.headers };
  };

  it("refuses the 21st failure from 25 addresses of one /64, as from one IPv4 address", async () => {
    const answers = [];
    for (const n of range(25)) answers.push(await overHttp(inNetwork("2001:db8:1:2", n)));
    expect(answers.slice(0, 20).map((a) => a.status)).toEqual(Array(20).fill(400));
    expect(answers.slice(20).map((a) => a.status)).toEqual(Array(5).fill(429));
    expectRefusedFor(answers[20], FAILED, 15 * 60);

    // The same from one IPv4 address: the 21st is refused.
    const ipv4 = [];
    for (let i = 0; i < 21; i++) ipv4.push((await overHttp("203.0.113.21")).status);
    expect(ipv4).toEqual([...Array(20).fill(400), 429]);
    // However the IPv4 address is spelt (IPv4-mapped, in either notation), it is the same counter.
    expect((await overHttp("::ffff:203.0.113.21")).status).toBe(429);
    expect((await overHttp("::ffff:cb00:7115")).status).toBe(429);
    // Written in full, in capitals: the same /64.
    expect((await overHttp("2001:DB8:1:2:FFFF:0:0:1")).status).toBe(429);

    // The next /64 (another subscriber) and another IPv4 address are not held back.
    expect((await overHttp(inNetwork("2001:db8:1:3", 1))).status).toBe(400);
    expect((await overHttp("203.0.113.22")).status).toBe(400);
    const keys = (await db.select().from(loginFailures)).map((row) => row.key);
    expect(keys).toEqual(expect.arrayContaining(["ip:2001:db8:1:2::/64", "ip:2001:db8:1:3::/64", "ip:203.0.113.21"]));
    // One counter for the /64, none per address.
    expect(keys.filter((key) => key.startsWith("ip:2001:db8:1:2:"))).toEqual(["ip:2001:db8:1:2::/64"]);
  });

  it("holds one account's guesses from a /64 to the pair limit, while its owner signs in from elsewhere", async () => {
    const email = uniqueEmail();
    const password = "correct horse battery";
    expect((await registerFrom("198.51.100.1", email)).status).toBe(201);
    for (const n of range(5)) expect((await login(email, "wrong", inNetwork("2001:db8:5:6", n))).status).toBe(400);
    // The right password from a sixth address of that /64 is refused: the check never runs.
    expect((await login(email, password, inNetwork("2001:db8:5:6", 6))).status).toBe(429);
    expect((await login(email, password, inNetwork("2001:db8:5:7", 1))).status).toBe(200);
  });

  it("keeps the owner's device known across its /64, so rotating addresses are not locked out", async () => {
    const email = uniqueEmail();
    const password = "correct horse battery";
    expect((await registerFrom("198.51.100.2", email)).status).toBe(201);
    expect((await login(email, password, "2001:db8:77:1::aaaa")).status).toBe(200);
    // An attacker spreads 20 failures (the account limit) over four /64s, five from each.
    for (const network of ["2001:db8:a:1", "2001:db8:a:2", "2001:db8:a:3", "2001:db8:a:4"])
      for (const n of range(5)) expect((await login(email, "wrong", inNetwork(network, n))).status).toBe(400);
    expect((await login(email, password, inNetwork("2001:db8:a:5", 1))).status).toBe(429);
    // The owner's device took a new temporary address in its /64: still known, still in.
    expect((await login(email, password, "2001:db8:77:1::bbbb")).status).toBe(200);
  });
});

describe("registration from one IPv6 /64", () => {
  it("refuses the 11th account from 11 addresses of one /64; another /64 may register", async () => {
    for (const n of range(10)) expect((await registerFrom(inNetwork("2001:db8:2:1", n))).status).toBe(201);
    const refused = await registerFrom(inNetwork("2001:db8:2:1", 11));
    expectRefusedFor(
      refused,
      "Too many accounts have been registered from your network. Please wait 60 minutes and try again.",
      3600,
    );
    expect((await registerFrom("2001:db8:2:1:ffff:ffff:ffff:ffff")).status).toBe(429);
    expect((await registerFrom(inNetwork("2001:db8:2:2", 1))).status).toBe(201);
    // A 6to4 site is a /48 per IPv4 address; all of it counts as that address.
    for (const n of range(10)) expect((await registerFrom(`2002:c000:263:${n}::1`)).status).toBe(201);
    expect((await registerFrom("192.0.2.99")).status).toBe(429);
  });
});

describe("password reset from one IPv6 /64", () => {
  const resetsTo = async (to: string) =>
    db
      .select()
      .from(messages)
      .where(and(eq(messages.toAddress, to), eq(messages.kind, "account.passwordReset")));
  const forgot = (email: string, address: string) =>
    call("POST", "/userapp/auth/forgot-password", { body: { email }, clientAddress: address });

  it("sends nothing after 10 requests from addresses of one /64; another /64 is not held back", async () => {
    advance(2 * 60 * MINUTE); // a fresh hour for every address
    for (const n of range(10)) expect((await forgot(uniqueEmail(), inNetwork("2001:db8:3:1", n))).status).toBe(200);
    const email = uniqueEmail();
    expect((await registerFrom(inNetwork("2001:db8:3:9", 1), email)).status).toBe(201);
    const throttled = await forgot(email, inNetwork("2001:db8:3:1", 11));
    expect(throttled.status).toBe(200);
    expect(await resetsTo(email)).toHaveLength(0);
    await forgot(email, inNetwork("2001:db8:3:2", 1));
    expect(await resetsTo(email)).toHaveLength(1);
  });
});

describe("the sweep", () => {
  it("removes /64 keys, and keys of whole IPv6 addresses from before the grouping, once their window ends", async () => {
    const old = ["ip:2001:db8:1:2::5", "pair:old@example.test|2001:db8:1:2::5", "register:2001:db8:2:1::7"];
    await db.insert(loginFailures).values(old.map((key) => ({ key, failures: 3, windowStart: clock })));
    advance(2 * 60 * MINUTE); // past every hour-long window
    expect((await login(uniqueEmail(), "guess", "2001:db8:f:1::1")).status).toBe(400);
    const left = (await db.select().from(loginFailures))
      .map((row) => row.key)
      .filter((key) => key.includes("2001:db8:"));
    // Only this sign-in's counters and the month-long known marks of earlier sign-ins remain.
    expect(left.filter((key) => !key.startsWith("known:")).sort()).toEqual([
      expect.stringMatching(/^ip:2001:db8:f:1::\/64$/),
      expect.stringMatching(/^pair:.*\|2001:db8:f:1::\/64$/),
    ]);
  });
});

const wide = await createTestApi({ ipv6LimitPrefix: 56, registerMaxPerIp: 2 });
const narrow = await createTestApi({ ipv6LimitPrefix: 128, registerMaxPerIp: 2 });

describe("IPV6_LIMIT_PREFIX", () => {
  it("at 56, counts a /56 as one client", async () => {
    const from = (address: string) =>
      wide.call("POST", "/userapp/auth/register", {
        body: { email: uniqueEmail(), password: "correct horse battery" },
        clientAddress: address,
      });
    // 2001:db8:4:10::/64 and 2001:db8:4:2f::/64 are in one /56; 2001:db8:4:100:: is the next /56.
    expect((await from("2001:db8:4:10::1")).status).toBe(201);
    expect((await from("2001:db8:4:2f::1")).status).toBe(201);
    expect((await from("2001:db8:4:ff::1")).status).toBe(429);
    expect((await from("2001:db8:4:100::1")).status).toBe(201);
  });

  it("at 128, counts each address on its own", async () => {
    const from = (address: string) =>
      narrow.call("POST", "/userapp/auth/register", {
        body: { email: uniqueEmail(), password: "correct horse battery" },
        clientAddress: address,
      });
    for (const n of range(4)) expect((await from(inNetwork("2001:db8:5:1", n))).status).toBe(201);
    expect((await from(inNetwork("2001:db8:5:1", 1))).status).toBe(201);
    expect((await from(inNetwork("2001:db8:5:1", 1))).status).toBe(429);
    // IPv4 is per address whatever the prefix.
    expect((await from("::ffff:192.0.2.1")).status).toBe(201);
    expect((await from("::ffff:c000:201")).status).toBe(201);
    expect((await from("192.0.2.1")).status).toBe(429);
  });
});
