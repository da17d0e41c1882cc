import { describe, expect, it } from "vitest";
import {
  DEFAULT_BODY_LIMIT_RULES,
  REVIEW_UPLOAD_BODY_LIMIT_BYTES,
  UPLOAD_BODY_LIMIT_BYTES,
  bodyLimitFor,
} from "../../server/body-limit";

// The middleware itself is tested through the real site (tests/routes/site.test.ts).
describe("bodyLimitFor", () => {
  const rules = [{ prefix: "/admin/uploads/", limitBytes: 20 * 1024 * 1024 }, ...DEFAULT_BODY_LIMIT_RULES];

  it("gives storefront paths the default limit", () => {
    for (const path of [
      "/",
      "/login",
      "/cart",
      "/checkout",
      "/admin",
      "/admin/orders",
      "/userapp",
      "/media/art/x.svg",
    ]) {
      expect(bodyLimitFor(path, rules, 65_536), path).toBe(65_536);
    }
  });

  it("leaves /userapp/ to the API's own limit", () => {
    for (const path of ["/userapp/", "/userapp/auth/login", "/userapp/order/create"])
      expect(bodyLimitFor(path, rules, 65_536)).toBeNull();
  });

  it("lets a rule give a path its own limit, the first matching rule deciding", () => {
    expect(bodyLimitFor("/admin/uploads/photo", rules, 65_536)).toBe(20 * 1024 * 1024);
    expect(bodyLimitFor("/admin/uploads/photo", [{ prefix: "/admin/", limitBytes: 1 }, ...rules], 65_536)).toBe(1);
  });

  it("lets only the back office's upload paths take uploads, the forms around them keeping the default", () => {
    for (const path of ["/admin/product-images/abc", "/admin/catalogue/import"]) {
      expect(bodyLimitFor(path, DEFAULT_BODY_LIMIT_RULES, 65_536), path).toBe(UPLOAD_BODY_LIMIT_BYTES);
    }
    for (const path of ["/admin/products/abc", "/admin/products/new", "/admin/catalogue", "/admin/product-images"]) {
      expect(bodyLimitFor(path, DEFAULT_BODY_LIMIT_RULES, 65_536), path).toBe(65_536);
    }
  });

  it("gives a shopper's review form room for 3 photos of 5 MB, and no other account page", () => {
    expect(bodyLimitFor("/myaccount/reviews/abc", DEFAULT_BODY_LIMIT_RULES, 65_536)).toBe(
      REVIEW_UPLOAD_BODY_LIMIT_BYTES,
    );
    expect(REVIEW_UPLOAD_BODY_LIMIT_BYTES).toBeGreaterThan(3 * 5 * 1024 * 1024);
    for (const path of ["/myaccount/profile", "/myaccount/reviews", "/reviews/abc"]) {
      expect(bodyLimitFor(path, DEFAULT_BODY_LIMIT_RULES, 65_536), path).toBe(65_536);
    }
  });
});
