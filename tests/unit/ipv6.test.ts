/**
 * IPv6's many spellings (api/platform/ipv6.ts), and per-address limits that count a network, not
 * an address (api/platform/client-address.ts, limitNetwork).
 */
import { describe, expect, it } from "vitest";
import { readEnv, userappSettings } from "../../api/config";
import { limitNetwork } from "../../api/platform/client-address";
import { embeddedIpv4, ipv6Groups } from "../../api/platform/ipv6";

describe("ipv6Groups and embeddedIpv4", () => {
  it("read every spelling of one address alike", () => {
    const groups = [0x2001, 0xdb8, 0, 0, 0, 0, 0, 1];
    for (const spelling of [
      "2001:db8::1",
      "2001:DB8:0:0:0:0:0:1",
      "2001:db8:0::0:1",
      "2001:db8::0.0.0.1",
      "2001:db8::1%eth0",
    ])
      expect(ipv6Groups(spelling), spelling).toEqual(groups);
    expect(ipv6Groups("::")).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(ipv6Groups("1.2.3.4")).toBeNull();
    expect(ipv6Groups("not an address")).toBeNull();
  });

  it("find the IPv4 address each form carries", () => {
    expect(embeddedIpv4("::ffff:127.0.0.1")).toEqual({ form: "mapped", ipv4: "127.0.0.1" });
    expect(embeddedIpv4("::ffff:7f00:1")).toEqual({ form: "mapped", ipv4: "127.0.0.1" });
    expect(embeddedIpv4("::127.0.0.1")).toEqual({ form: "compatible", ipv4: "127.0.0.1" });
    expect(embeddedIpv4("::ffff:0:7f00:1")).toEqual({ form: "translated", ipv4: "127.0.0.1" });
    expect(embeddedIpv4("::ffff:0:127.0.0.1")).toEqual({ form: "translated", ipv4: "127.0.0.1" });
    expect(embeddedIpv4("64:ff9b::10.0.0.1")).toEqual({ form: "nat64", ipv4: "10.0.0.1" });
    expect(embeddedIpv4("2002:c000:22c::1")).toEqual({ form: "6to4", ipv4: "192.0.2.44" });
    // RFC 4380's example: client 192.0.2.45 behind its NAT, written inverted.
    expect(embeddedIpv4("2001:0:4136:e378:8000:63bf:3fff:fdd2")).toEqual({ form: "teredo", ipv4: "192.0.2.45" });
    // Loopback and unspecified are not IPv4-compatible addresses; neither is an ordinary address.
    expect(embeddedIpv4("::1")).toBeNull();
    expect(embeddedIpv4("::")).toBeNull();
    expect(embeddedIpv4("2001:db8::7f00:1")).toBeNull();
    expect(embeddedIpv4("64:ff9b:1::7f00:1")).toBeNull();
  });
});

describe("limitNetwork (what per-address limits count under)", () => {
  it("groups IPv6 by /64, in any spelling", () => {
    for (const address of [
      "2001:db8:1:2::1",
      "2001:db8:1:2::19",
      "2001:DB8:1:2:FFFF:FFFF:FFFF:FFFF",
      "2001:db8:1:2:0:0:0:1",
      "[2001:db8:1:2::5]:443",
      "2001:db8:1:2::1%eth0",
    ])
      expect(limitNetwork(address, 64), address).toBe("2001:db8:1:2::/64");
    expect(limitNetwork("2001:db8:1:3::1", 64)).toBe("2001:db8:1:3::/64");
    expect(limitNetwork("2001:db8:1:3::1", 64)).not.toBe(limitNetwork("2001:db8:1:2::1", 64));
  });

  it("honours the prefix it is given, bits within a group too", () => {
    expect(limitNetwork("2001:db8:1:2::1", 56)).toBe("2001:db8:1::/56");
    expect(limitNetwork("2001:db8:1:ff::1", 56)).toBe("2001:db8:1::/56");
    expect(limitNetwork("2001:db8:1:100::1", 56)).toBe("2001:db8:1:100::/56");
    expect(limitNetwork("2001:db8:1:2::1", 48)).toBe("2001:db8:1::/48");
    expect(limitNetwork("2001:db8:ffff::1", 33)).toBe("2001:db8:8000::/33");
    expect(limitNetwork("2001:db8:1:2::1", 32)).toBe("2001:db8::/32");
    expect(limitNetwork("2001:db8:1:2::1", 128)).toBe("2001:db8:1:2::1/128");
    expect(limitNetwork("2001:db8:1:2::2", 128)).toBe("2001:db8:1:2::2/128");
  });

  it("counts IPv4 per address, and an IPv6 address carrying an IPv4 address as that address", () => {
    expect(limitNetwork("203.0.113.7", 64)).toBe("203.0.113.7");
    expect(limitNetwork("203.0.113.7", 32)).toBe("203.0.113.7");
    for (const address of [
      "::ffff:203.0.113.7",
      "::FFFF:cb00:7107",
      "::203.0.113.7",
      "::ffff:0:203.0.113.7",
      "64:ff9b::203.0.113.7",
    ])
      expect(limitNetwork(address, 64), address).toBe("203.0.113.7");
    // A 6to4 site is a /48 per IPv4 address: all of it is one key, not 65,536.
    expect(limitNetwork("2002:cb00:7107:1::1", 64)).toBe("203.0.113.7");
    expect(limitNetwork("2002:cb00:7107:ffff::1", 64)).toBe("203.0.113.7");
    expect(limitNetwork("2001:0:4136:e378:8000:63bf:3fff:fdd2", 64)).toBe("192.0.2.45");
  });

  it("IPV6_LIMIT_PREFIX is 64 by default, 32 to 128, and reaches the API's settings", () => {
    expect(userappSettings(readEnv({})).ipv6LimitPrefix).toBe(64);
    expect(userappSettings(readEnv({ IPV6_LIMIT_PREFIX: "56" })).ipv6LimitPrefix).toBe(56);
    expect(userappSettings(readEnv({ IPV6_LIMIT_PREFIX: "128" })).ipv6LimitPrefix).toBe(128);
    expect(userappSettings(readEnv({ IPV6_LIMIT_PREFIX: "32" })).ipv6LimitPrefix).toBe(32);
    for (const value of ["31", "129", "64.5", "/64", "sixty-four"])
      expect(() => readEnv({ IPV6_LIMIT_PREFIX: value }), value).toThrow(/IPV6_LIMIT_PREFIX/);
  });
});
