/**
 * The webhook blocklist sees through IPv6's spellings (api/lib/webhooks/webhook-urls.ts,
 * isPrivateAddress): the forms that carry an IPv4 address are judged by it, and IPv6's
 * special-purpose ranges are refused.
 */
import { describe, expect, it } from "vitest";
import { isPrivateAddress, urlProblem } from "../../api/lib/webhooks/webhook-urls";

describe("isPrivateAddress (the webhook blocklist)", () => {
  it("refuses loopback and private IPv4 in every IPv6 form that carries it", () => {
    for (const address of [
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "0:0:0:0:0:FFFF:7F00:0001",
      "::127.0.0.1",
      "::7f00:1",
      "::ffff:0:127.0.0.1",
      "::ffff:0:7f00:1",
      "64:ff9b::127.0.0.1",
      "64:ff9b::a00:1",
      "64:ff9b::169.254.169.254",
      "::ffff:0:192.168.1.1",
      "::10.0.0.1",
    ])
      expect(isPrivateAddress(address), address).toBe(true);
  });

  it("lets those forms through when the IPv4 address they carry is public", () => {
    for (const address of [
      "::ffff:203.0.113.7",
      "::ffff:0:203.0.113.7",
      "::203.0.113.7",
      "64:ff9b::203.0.113.7",
      "64:ff9b::808:808",
    ])
      expect(isPrivateAddress(address), address).toBe(false);
  });

  it("refuses 6to4, local-use NAT64 and Teredo whole, whatever they carry", () => {
    for (const address of [
      "2002:7f00:1::1",
      "2002:808:808::1",
      "64:ff9b:1::7f00:1",
      "64:ff9b:1::808:808",
      "2001:0:4136:e378:8000:63bf:3fff:fdd2",
      "2001::1",
    ])
      expect(isPrivateAddress(address), address).toBe(true);
  });

  it("refuses IPv6's special-purpose ranges, in any spelling", () => {
    for (const address of [
      "::",
      "0:0:0:0:0:0:0:0",
      "::1",
      "0:0:0:0:0:0:0:1",
      "0::1",
      "100::1",
      "2001:db8::1",
      "2001:DB8:FFFF::1",
      "3fff::1",
      "fc00::1",
      "fd12:3456::1",
      "fe80::1",
      "fe80::1%eth0",
      "fec0::1",
      "ff02::1",
      "5f00::1",
      "2001:2::1",
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ["2606:4700:4700::1111", "2a00:1450:4001::1", "2400:cb00::1"])
      expect(isPrivateAddress(address), address).toBe(false);
  });

  it("reaches URLs written with any of them", () => {
    for (const url of [
      "http://[::127.0.0.1]/",
      "http://[::ffff:0:7f00:1]/",
      "http://[64:ff9b:1::a00:1]/",
      "http://[2002:a00:1::]/",
    ])
      expect(urlProblem(url, false), url).toMatch(/private or loopback address/);
    expect(urlProblem("http://[::127.0.0.1]/", true)).toBeNull();
    expect(urlProblem("http://[64:ff9b::808:808]/", false)).toBeNull();
    expect(urlProblem("ftp://example.com/", false)).toEqual(expect.any(String));
  });
});
