import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import {
  type TrustProxy,
  TRUST_NO_PROXY,
  clientAddress,
  normalizeAddress,
  parseTrustProxy,
  resolveClientAddress,
} from "../../api/platform/client-address";
import { readEnv } from "../../api/config";

const resolve = (peer: string | null, forwardedFor: string | null, trust: TrustProxy) =>
  resolveClientAddress({ peer, forwardedFor, trust });

describe("normalizeAddress", () => {
  it("keeps IPv4 and writes IPv6 canonically", () => {
    expect(normalizeAddress("203.0.113.7")).toBe("203.0.113.7");
    expect(normalizeAddress(" 203.0.113.7 ")).toBe("203.0.113.7");
    expect(normalizeAddress("2001:DB8:0:0:0:0:0:1")).toBe("2001:db8::1");
    expect(normalizeAddress("2001:db8::0:1")).toBe("2001:db8::1");
    expect(normalizeAddress("::1")).toBe("::1");
  });

  it("turns an IPv4-mapped IPv6 address into the IPv4 address, in either spelling", () => {
    expect(normalizeAddress("::ffff:1.2.3.4")).toBe("1.2.3.4");
    expect(normalizeAddress("::FFFF:1.2.3.4")).toBe("1.2.3.4");
    expect(normalizeAddress("::ffff:102:304")).toBe("1.2.3.4");
    expect(normalizeAddress("0:0:0:0:0:ffff:c000:0280")).toBe("192.0.2.128");
    expect(normalizeAddress("[::ffff:10.0.0.1]:443")).toBe("10.0.0.1");
    // Not mapped: IPv4-compatible (deprecated) and NAT64 addresses stay IPv6.
    expect(normalizeAddress("::1.2.3.4")).toBe("::102:304");
    expect(normalizeAddress("64:ff9b::1.2.3.4")).toBe("64:ff9b::102:304");
  });

  it("drops ports, brackets and zones that proxies and sockets add", () => {
    expect(normalizeAddress("203.0.113.7:8080")).toBe("203.0.113.7");
    expect(normalizeAddress("[2001:db8::1]")).toBe("2001:db8::1");
    expect(normalizeAddress("[2001:db8::1]:8443")).toBe("2001:db8::1");
    expect(normalizeAddress("fe80::1%eth0")).toBe("fe80::1");
  });

  it("refuses anything that is not an address", () => {
    for (const garbage of [
      "",
      " ",
      "unknown",
      "localhost",
      "example.com",
      "1.2.3",
      "1.2.3.4.5",
      "256.1.1.1",
      "01.2.3.4",
      "0x7f.0.0.1",
      "1.2.3.4/8",
      "1.2.3.4:99999999",
      "::ffff:999.1.1.1",
      "2001:db8:::1",
      "[2001:db8::1",
      "1.2.3.4, 5.6.7.8",
      "<script>",
      "1.2.3.4\u0000",
      "%31.2.3.4",
      "a".repeat(10_000),
      `${"0:".repeat(40)}1`,
    ]) {
      expect(normalizeAddress(garbage), JSON.stringify(garbage.slice(0, 40))).toBeNull();
    }
    expect(normalizeAddress(null)).toBeNull();
    expect(normalizeAddress(undefined)).toBeNull();
  });
});

describe("parseTrustProxy", () => {
  it("is off when unset, blank or said to be off", () => {
    for (const value of [undefined, null, "", "  ", "0", "00", "false", "FALSE", "off", "no"]) {
      expect(parseTrustProxy(value), String(value)).toEqual(TRUST_NO_PROXY);
    }
  });

  it("reads a hop count", () => {
    expect(parseTrustProxy("1")).toEqual({ mode: "hops", hops: 1 });
    expect(parseTrustProxy(" 2 ")).toEqual({ mode: "hops", hops: 2 });
    expect(parseTrustProxy("32")).toEqual({ mode: "hops", hops: 32 });
    expect(() => parseTrustProxy("33")).toThrow(/1 to 32/);
    expect(() => parseTrustProxy("99999999999999999999")).toThrow(/1 to 32/);
  });

  it("reads addresses and CIDR ranges, IPv4 and IPv6", () => {
    const trust = parseTrustProxy("10.0.0.0/8, 192.168.1.7 ,::1,fd00::/8, ::ffff:172.16.0.9");
    expect(trust.mode).toBe("addresses");
    if (trust.mode !== "addresses") return;
    expect(trust.entries).toEqual(["10.0.0.0/8", "192.168.1.7", "::1", "fd00::/8", "::ffff:172.16.0.9"]);
    const trusted = (address: string) => trust.list.check(address, address.includes(":") ? "ipv6" : "ipv4");
    expect(trusted("10.255.1.2")).toBe(true);
    expect(trusted("11.0.0.1")).toBe(false);
    expect(trusted("192.168.1.7")).toBe(true);
    expect(trusted("192.168.1.8")).toBe(false);
    expect(trusted("::1")).toBe(true);
    expect(trusted("fd12:3456::1")).toBe(true);
    expect(trusted("fe80::1")).toBe(false);
    expect(trusted("172.16.0.9")).toBe(true);
  });

  it("refuses what it cannot read, instead of trusting no one or everyone by mistake", () => {
    for (const bad of [
      "true",
      "yes",
      "loopback",
      "-1",
      "1.5",
      "10.0.0.0/33",
      "::/129",
      "10.0.0.0/8/1",
      "10.0.0.0/x",
      "10.0.0",
      "proxy.internal",
      ",",
      " , ",
      "10.0.0.1;10.0.0.2",
    ]) {
      expect(() => parseTrustProxy(bad), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it("is read from the environment, where a bad value stops the start with the variable's name", () => {
    expect(readEnv({}).TRUST_PROXY).toEqual(TRUST_NO_PROXY);
    expect(readEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toEqual({ mode: "hops", hops: 1 });
    expect(readEnv({ TRUST_PROXY: "10.0.0.0/8" }).TRUST_PROXY.mode).toBe("addresses");
    expect(() => readEnv({ TRUST_PROXY: "everyone" })).toThrow(/Invalid environment:\n {2}TRUST_PROXY: /);
  });
});

describe("resolveClientAddress", () => {
  const hops1 = parseTrustProxy("1");
  const hops2 = parseTrustProxy("2");
  const internal = parseTrustProxy("10.0.0.0/8, ::1");

  it("without TRUST_PROXY, is the socket's peer whatever the headers say", () => {
    expect(resolve("203.0.113.7", null, TRUST_NO_PROXY)).toBe("203.0.113.7");
    expect(resolve("203.0.113.7", "6.6.6.6", TRUST_NO_PROXY)).toBe("203.0.113.7");
    expect(resolve("203.0.113.7", "6.6.6.6, 10.0.0.1", TRUST_NO_PROXY)).toBe("203.0.113.7");
    expect(resolve("::ffff:203.0.113.7", "6.6.6.6", TRUST_NO_PROXY)).toBe("203.0.113.7");
  });

  it("without a socket, is unknown: nothing vouches for a header then", () => {
    expect(resolve(null, "6.6.6.6", TRUST_NO_PROXY)).toBeNull();
    expect(resolve(null, "6.6.6.6", hops1)).toBeNull();
    expect(resolve("", "6.6.6.6", hops1)).toBeNull();
    expect(resolve("garbage", "6.6.6.6", internal)).toBeNull();
  });

  it("with a hop count, takes that many entries from the right, never the client-written left", () => {
    // One proxy (the peer) appended the client's address: a spoofed entry before it is ignored.
    expect(resolve("10.0.0.1", "6.6.6.6, 203.0.113.7", hops1)).toBe("203.0.113.7");
    expect(resolve("10.0.0.1", "203.0.113.7", hops1)).toBe("203.0.113.7");
    // Two proxies: a CDN appended the client, our load balancer (the peer) appended the CDN.
    expect(resolve("10.0.0.1", "6.6.6.6, 203.0.113.7, 198.51.100.1", hops2)).toBe("203.0.113.7");
    // Fewer entries than hops: the furthest one there is.
    expect(resolve("10.0.0.1", "203.0.113.7", hops2)).toBe("203.0.113.7");
    // No header at all: the peer itself.
    expect(resolve("10.0.0.1", null, hops1)).toBe("10.0.0.1");
    expect(resolve("10.0.0.1", "", hops1)).toBe("10.0.0.1");
  });

  it("with addresses, walks from the right past trusted proxies only", () => {
    expect(resolve("10.0.0.1", "6.6.6.6, 203.0.113.7", internal)).toBe("203.0.113.7");
    expect(resolve("10.0.0.1", "6.6.6.6, 203.0.113.7, 10.1.2.3", internal)).toBe("203.0.113.7");
    expect(resolve("::1", "2001:db8::7", internal)).toBe("2001:db8::7");
    // A peer we do not trust is the client, whatever it forwards.
    expect(resolve("198.51.100.9", "6.6.6.6", internal)).toBe("198.51.100.9");
    // Mapped peers and entries are matched as the IPv4 addresses they are.
    expect(resolve("::ffff:10.0.0.1", "::ffff:203.0.113.7", internal)).toBe("203.0.113.7");
    // Every hop trusted: the furthest of them.
    expect(resolve("10.0.0.1", "10.0.0.2, 10.0.0.3", internal)).toBe("10.0.0.2");
  });

  it("reads several X-Forwarded-For headers as one list (fetch joins them with ', ')", () => {
    const headers = new Headers();
    headers.append("x-forwarded-for", "6.6.6.6");
    headers.append("x-forwarded-for", "203.0.113.7");
    expect(resolve("10.0.0.1", headers.get("x-forwarded-for"), hops1)).toBe("203.0.113.7");
    expect(resolve("10.0.0.1", headers.get("x-forwarded-for"), internal)).toBe("203.0.113.7");
    expect(resolve("10.0.0.1", headers.get("x-forwarded-for"), TRUST_NO_PROXY)).toBe("10.0.0.1");
  });

  it("stops at garbage and answers the last address it could vouch for", () => {
    for (const garbage of [
      "unknown",
      "",
      " ",
      "_hidden",
      "1.2.3",
      "<script>",
      "a".repeat(500),
      "203.0.113.7 203.0.113.8",
    ]) {
      expect(resolve("10.0.0.1", garbage, hops1), garbage.slice(0, 20)).toBe("10.0.0.1");
      expect(resolve("10.0.0.1", `203.0.113.7, ${garbage}`, hops1), garbage.slice(0, 20)).toBe("10.0.0.1");
      expect(resolve("10.0.0.1", `${garbage}, 10.0.0.2`, internal), garbage.slice(0, 20)).toBe("10.0.0.2");
      // Garbage to the left of the answer is never reached.
      expect(resolve("10.0.0.1", `${garbage}, 203.0.113.7`, hops1), garbage.slice(0, 20)).toBe("203.0.113.7");
    }
    expect(resolve("10.0.0.1", ",,,", hops1)).toBe("10.0.0.1");
    expect(resolve("10.0.0.1", "203.0.113.7:5555", hops1)).toBe("203.0.113.7");
  });

  it("bounds overlong headers: only the tail is read, and the walk stops after 32 hops", () => {
    const long = `${"6.6.6.6, ".repeat(100_000)}203.0.113.7`;
    expect(resolve("10.0.0.1", long, hops1)).toBe("203.0.113.7");
    expect(resolve("10.0.0.1", long, internal)).toBe("203.0.113.7");
    // 100 trusted hops spoofed in front: the walk gives up at its bound, on a trusted address.
    const trustedChain = Array.from({ length: 100 }, (_, i) => `10.0.${Math.floor(i / 250)}.${(i % 250) + 1}`).join(
      ", ",
    );
    const answer = resolve("10.0.0.1", `6.6.6.6, ${trustedChain}`, internal);
    expect(answer).toMatch(/^10\./);
    // A huge single entry is garbage, not an address.
    expect(resolve("10.0.0.1", "9".repeat(1_000_000), hops1)).toBe("10.0.0.1");
  });
});

describe("clientAddress (the API's view of a request)", () => {
  const app = new Hono();
  let trust: TrustProxy = TRUST_NO_PROXY;
  app.get("/address", (c) => c.json({ address: clientAddress(c, trust) }));
  const ask = async (headers: Record<string, string>, env?: object) =>
    (await (await app.request("/address", { headers }, env)).json()).address as string | null;
  const socket = (remoteAddress: string) => ({
    incoming: { socket: { remoteAddress, remotePort: 1, remoteFamily: "IPv4" } },
  });

  it("takes the in-process storefront's binding first, and believes no header instead", async () => {
    trust = parseTrustProxy("1");
    expect(await ask({ "x-forwarded-for": "6.6.6.6" }, { clientAddress: "203.0.113.7" })).toBe("203.0.113.7");
    expect(await ask({ "x-forwarded-for": "6.6.6.6" }, { clientAddress: null })).toBeNull();
    expect(await ask({}, { clientAddress: "::ffff:203.0.113.7" })).toBe("203.0.113.7");
  });

  it("else the socket's peer, with X-Forwarded-For only as TRUST_PROXY allows", async () => {
    trust = TRUST_NO_PROXY;
    expect(await ask({ "x-forwarded-for": "6.6.6.6" }, socket("203.0.113.7"))).toBe("203.0.113.7");
    trust = parseTrustProxy("127.0.0.1");
    expect(await ask({ "x-forwarded-for": "6.6.6.6, 198.51.100.4" }, socket("127.0.0.1"))).toBe("198.51.100.4");
    expect(await ask({ "x-forwarded-for": "6.6.6.6" }, socket("203.0.113.7"))).toBe("203.0.113.7");
  });

  it("no longer reads X-Real-IP, from anyone", async () => {
    for (const setting of ["", "1", "0.0.0.0/0"]) {
      trust = parseTrustProxy(setting);
      expect(await ask({ "x-real-ip": "6.6.6.6" }, socket("203.0.113.7"))).toBe("203.0.113.7");
      expect(await ask({ "x-real-ip": "6.6.6.6" })).toBeNull();
    }
  });

  it("is unknown without a socket or a binding, whatever the headers", async () => {
    trust = parseTrustProxy("1");
    expect(await ask({ "x-forwarded-for": "6.6.6.6" })).toBeNull();
  });
});
