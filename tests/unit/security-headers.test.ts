import { describe, expect, it } from "vitest";
import { CATALOGUE_CACHE, PERSONAL_CACHE } from "../../app/lib/platform/http-cache";
import {
  BASELINE_SECURITY_HEADERS,
  applyPageHeaders,
  contentSecurityPolicy,
  cookieNames,
  createNonce,
} from "../../server/security-headers";

const html = (headers: Record<string, string> = {}) =>
  new Response("<!DOCTYPE html><html></html>", { headers: { "Content-Type": "text/html; charset=utf-8", ...headers } });

function apply(response: Response, init: { url?: string; cookie?: string; nonce?: string } = {}) {
  const headers = init.cookie ? { cookie: init.cookie } : undefined;
  const request = new Request(init.url ?? "http://shop.test/shop", { headers });
  return applyPageHeaders(request, response, { nonce: init.nonce ?? "n0nce" }).headers;
}

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(";").map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe("createNonce", () => {
  it("makes a fresh 128-bit base64 value each time", () => {
    const nonces = new Set(Array.from({ length: 100 }, createNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });
});

describe("contentSecurityPolicy", () => {
  const policy = directives(contentSecurityPolicy("abc123"));

  it("runs only scripts that carry the nonce (and what they load), never inline ones", () => {
    expect(policy.get("script-src")).toEqual(["'nonce-abc123'", "'strict-dynamic'", "'self'"]);
    expect(policy.get("script-src")).not.toContain("'unsafe-inline'");
    expect(policy.get("script-src")).not.toContain("'unsafe-eval'");
  });

  it("shuts plugins, base-URL tricks, framing and foreign form posts out", () => {
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'self'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("form-action")).toEqual(["'self'"]);
    expect(policy.get("default-src")).toEqual(["'self'"]);
    expect(policy.get("img-src")).toEqual(["'self'", "data:"]);
    expect(policy.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
  });
});

describe("applyPageHeaders", () => {
  it("gives an HTML page the CSP with this request's nonce and the baseline headers", () => {
    const headers = apply(html({ "Cache-Control": CATALOGUE_CACHE }));
    expect(headers.get("content-security-policy")).toBe(contentSecurityPolicy("n0nce"));
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(headers.get("permissions-policy")).toContain("camera=()");
    expect(headers.get("permissions-policy")).toContain("microphone=()");
    expect(headers.get("permissions-policy")).toContain("geolocation=()");
    expect(headers.get("permissions-policy")).toContain("payment=()");
    for (const [name, value] of Object.entries(BASELINE_SECURITY_HEADERS)) expect(headers.get(name)).toBe(value);
  });

  it("sends no policy without a nonce (development, where Vite injects its own scripts)", () => {
    const headers = apply(html(), { nonce: "" });
    expect(headers.get("content-security-policy")).toBeNull();
    expect(headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("gives other answers the baseline headers but no CSP", () => {
    const headers = apply(
      new Response("User-agent: *", {
        headers: { "Content-Type": "text/plain", "Cache-Control": "public, max-age=86400" },
      }),
      {
        url: "http://shop.test/robots.txt",
      },
    );
    expect(headers.get("content-security-policy")).toBeNull();
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("cache-control")).toBe("public, max-age=86400");
  });

  it("keeps a catalogue page's public Cache-Control and varies it on Cookie", () => {
    const headers = apply(html({ "Cache-Control": CATALOGUE_CACHE, Vary: "Accept-Encoding" }));
    expect(headers.get("cache-control")).toBe(CATALOGUE_CACHE);
    expect(headers.get("vary")).toBe("Accept-Encoding, Cookie");
  });

  it("makes the page personal when the request carries a session cookie", () => {
    const headers = apply(html({ "Cache-Control": CATALOGUE_CACHE }), { cookie: "theme=dark; __session=abc" });
    expect(headers.get("cache-control")).toBe(PERSONAL_CACHE);
    expect(headers.get("vary")).toBeNull();
  });

  it("does the same for the page's single-fetch data request", () => {
    const data = new Response("[]", { headers: { "Content-Type": "text/x-script", "Cache-Control": CATALOGUE_CACHE } });
    const headers = apply(data, { url: "http://shop.test/shop.data", cookie: "__session=abc" });
    expect(headers.get("cache-control")).toBe(PERSONAL_CACHE);
  });

  it("finds the session however the Cookie header is spelled or joined", () => {
    const variants = [
      "__session=abc",
      ";__session=abc",
      " ; ;__session=abc;",
      "__session =abc",
      "\t__session\t=abc",
      "theme=dark,__session=abc",
      "theme=dark, __session=abc", // two Cookie headers, as fetch's Headers joins them
      "__session=",
      "__session",
      `${"x=1; ".repeat(500)}__session=abc`,
    ];
    for (const cookie of variants) {
      const headers = apply(html({ "Cache-Control": CATALOGUE_CACHE }), { cookie });
      expect(headers.get("cache-control"), JSON.stringify(cookie.slice(0, 40))).toBe(PERSONAL_CACHE);
    }
    // Several headers appended, whatever their names' case.
    const request = new Request("http://shop.test/shop", {
      headers: [
        ["cookie", "theme=dark"],
        ["COOKIE", "__session=abc"],
      ],
    });
    const response = applyPageHeaders(request, html({ "Cache-Control": CATALOGUE_CACHE }), { nonce: "n" });
    expect(response.headers.get("cache-control")).toBe(PERSONAL_CACHE);
    expect(cookieNames(request)).toEqual(["theme", "__session"]);
  });

  it("ignores cookies that only look like the session's", () => {
    const headers = apply(html({ "Cache-Control": CATALOGUE_CACHE }), { cookie: "__session_hint=1; x__session=2" });
    expect(headers.get("cache-control")).toBe(CATALOGUE_CACHE);
  });

  it("makes a response that sets a cookie personal", () => {
    const headers = apply(html({ "Cache-Control": CATALOGUE_CACHE, "Set-Cookie": "toast=hi; Path=/; HttpOnly" }));
    expect(headers.get("cache-control")).toBe(PERSONAL_CACHE);
  });

  it("treats a page or data answer that declared no Cache-Control as personal", () => {
    expect(apply(html()).get("cache-control")).toBe(PERSONAL_CACHE);
    const data = new Response("[]", { headers: { "Content-Type": "text/x-script" } });
    expect(apply(data, { url: "http://shop.test/product/x/y/1.data" }).get("cache-control")).toBe(PERSONAL_CACHE);
  });

  it("leaves a guest's redirect alone", () => {
    const redirect = new Response(null, { status: 301, headers: { Location: "/product/fashion/shirt/1" } });
    const result = applyPageHeaders(new Request("http://shop.test/product/1"), redirect, { nonce: "n" });
    expect(result.status).toBe(301);
    expect(result.headers.get("location")).toBe("/product/fashion/shirt/1");
    expect(result.headers.get("cache-control")).toBeNull();
  });

  it("copes with a response whose headers are immutable", async () => {
    const immutable = Response.redirect("http://shop.test/login", 302);
    const result = applyPageHeaders(new Request("http://shop.test/mycart"), immutable, { nonce: "n" });
    expect(result.headers.get("x-content-type-options")).toBe("nosniff");
    expect(result.headers.get("location")).toBe("http://shop.test/login");
  });
});
