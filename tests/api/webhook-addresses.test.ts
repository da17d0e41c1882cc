/**
 * The webhook blocklist and IPv6's spellings (issue 35): an endpoint written as an IPv6 address
 * that carries a loopback or private IPv4 address, or in a range no receiver is on, is refused at
 * registration, a field error of the URL (api/lib/webhooks/webhook-urls.ts).
 */
import { describe, expect, it } from "vitest";
import { createTestApi, createUserWithToken } from "./helpers";

// The shop's default: WEBHOOKS_ALLOW_PRIVATE unset.
const strict = await createTestApi();
const admin = await createUserWithToken(strict.db, { userType: "admin" });
const registerAt = (url: string) =>
  strict.call("POST", "/userapp/admin/webhook-endpoints", {
    token: admin.token,
    body: { url, events: ["order.paid"] },
  });

describe("registering a webhook endpoint at an IPv6 address", () => {
  it("refuses every spelling of a loopback or private address, and IPv6's special-purpose ranges", async () => {
    for (const url of [
      "http://[::127.0.0.1]/hooks", // IPv4-compatible
      "http://[::7f00:1]/hooks",
      "http://[::ffff:0:7f00:1]/hooks", // IPv4-translated
      "http://[::ffff:0:127.0.0.1]/hooks",
      "http://[::FFFF:7F00:1]/hooks", // IPv4-mapped, in hex and capitals
      "http://[0:0:0:0:0:ffff:a9fe:a9fe]/latest/meta-data", // 169.254.169.254, mapped
      "http://[64:ff9b::10.0.0.1]/hooks", // NAT64 of a private address
      "http://[64:ff9b::a9fe:a9fe]/latest/meta-data",
      "http://[64:ff9b:1::808:808]/hooks", // local-use NAT64: refused whole
      "http://[2002:7f00:1::1]/hooks", // 6to4 of loopback
      "http://[2002:808:808::1]/hooks", // 6to4 of a public address: refused whole too
      "http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/hooks", // Teredo
      "http://[100::1]/hooks", // discard-only
      "http://[2001:db8::1]/hooks", // documentation
      "http://[fec0::1]/hooks", // site-local
      "http://[0:0:0:0:0:0:0:1]:8080/hooks", // loopback written in full
      "http://[0::]/hooks",
    ]) {
      const answer = await registerAt(url);
      expect(answer.status, url).toBe(422);
      expect(answer.body, url).toMatchObject({
        status: "VALIDATION_ERROR",
        code: "VALIDATION",
        data: [{ path: "url", message: expect.stringMatching(/private or loopback address/) }],
      });
    }
  });

  it("accepts public IPv6, and NAT64 of a public IPv4 address (what DNS64 answers a v6-only shop)", async () => {
    for (const url of ["https://[2606:4700:4700::1111]/hooks", "https://[64:ff9b::203.0.113.7]/hooks"])
      expect((await registerAt(url)).status, url).toBe(201);
  });
});
