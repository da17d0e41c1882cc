import { describe, expect, it } from "vitest";
import { safeRedirect } from "../../app/lib/session/safe-redirect";
import {
  VERIFIED_MAX,
  commitSession,
  getSession,
  readToken,
  rememberedSessions,
  sessionSecrets,
} from "../../app/lib/session/session.server";
import { isCrossSiteMutation } from "../../server/origin-check";

describe("safeRedirect", () => {
  it.each(["/", "/shop?category=Fashion", "/product/fashion/kurta/0123456789abcdef01234567", "/mycart#lines"])(
    "keeps the same-site path %s",
    (path) => expect(safeRedirect(path)).toBe(path),
  );

  it.each([
    null,
    undefined,
    "",
    "shop",
    "https://evil.example/",
    "//evil.example",
    "/\\evil.example",
    "/shop\nLocation: https://evil.example",
    "javascript:alert(1)",
    "/login?redirectTo=/login",
    "/register",
    "/logout",
    `/${"a".repeat(3000)}`,
    // Not percent-encoded: a Location header cannot carry it as it is.
    "/😀",
    "/café",
    "/shop\u2028",
    "/a b",
  ])("sends %s to the fallback", (value) => {
    expect(safeRedirect(value as string | null | undefined, "/home")).toBe("/home");
  });
});

describe("isCrossSiteMutation", () => {
  const post = (headers: Record<string, string>, method = "POST") =>
    new Request("http://shop.test/cart", { method, headers });

  it("lets the shop's own forms, reads and header-less clients through", () => {
    expect(isCrossSiteMutation(post({ origin: "http://shop.test" }), null)).toBe(false);
    expect(isCrossSiteMutation(post({}), null)).toBe(false);
    expect(isCrossSiteMutation(post({ origin: "https://evil.example" }, "GET"), null)).toBe(false);
    // Behind a proxy the public origin differs from the URL the server sees.
    expect(isCrossSiteMutation(post({ origin: "https://mart.example.in" }), "https://mart.example.in")).toBe(false);
  });

  it("refuses another site's posts, opaque origins and cross-site fetch metadata", () => {
    expect(isCrossSiteMutation(post({ origin: "https://evil.example" }), null)).toBe(true);
    expect(isCrossSiteMutation(post({ origin: "http://shop.test.evil.example" }), null)).toBe(true);
    expect(isCrossSiteMutation(post({ origin: "null" }), null)).toBe(true);
    expect(isCrossSiteMutation(post({ "sec-fetch-site": "cross-site" }), null)).toBe(true);
    expect(isCrossSiteMutation(post({ origin: "https://evil.example" }, "DELETE"), "https://mart.example.in")).toBe(
      true,
    );
  });
});

describe("sessionSecrets", () => {
  it("reads a comma-separated list: the first signs, every one verifies", () => {
    expect(sessionSecrets({ SESSION_SECRET: "new-secret, old-secret" })).toEqual(["new-secret", "old-secret"]);
  });

  it("refuses to run without one", () => {
    expect(() => sessionSecrets({})).toThrow("SESSION_SECRET is not set");
    expect(() => sessionSecrets({ SESSION_SECRET: " , " })).toThrow("SESSION_SECRET is not set");
  });
});

describe("readToken", () => {
  const request = (cookie?: string) => new Request("http://shop.test/", { headers: cookie ? { cookie } : {} });
  const signedIn = async (token: string) => {
    const session = await getSession(request());
    session.set("token", token);
    return (await commitSession(session)).split(";")[0];
  };

  it("reads the token of a cookie it has verified, again and again, and nothing from a forged one", async () => {
    const cookie = await signedIn("token-of-asha");
    expect(await readToken(request(cookie))).toBe("token-of-asha");
    expect(await readToken(request(`theme=dark; ${cookie}; other=1`))).toBe("token-of-asha");
    // The same data under another signature, and a value that was never signed.
    const [value, signature] = cookie.slice("__session=".length).split(".");
    expect(await readToken(request(`__session=${value}.${signature.slice(0, -2)}AA`))).toBeNull();
    expect(await readToken(request(`__session=${value}`))).toBeNull();
    expect(await readToken(request())).toBeNull();
    expect(await readToken(request("__session="))).toBeNull();
    // Another shopper's cookie is their own.
    expect(await readToken(request(await signedIn("token-of-ravi")))).toBe("token-of-ravi");
  });

  it("remembers at most VERIFIED_MAX cookies, the oldest forgotten first, and reads a forgotten one again", async () => {
    const first = await signedIn("token-first");
    expect(await readToken(request(first))).toBe("token-first");
    for (let i = 0; i < VERIFIED_MAX + 5; i++) await readToken(request(await signedIn(`token-${i}`)));
    expect(rememberedSessions()).toBe(VERIFIED_MAX);
    expect(await readToken(request(first))).toBe("token-first");
    expect(rememberedSessions()).toBe(VERIFIED_MAX);
  });
});
