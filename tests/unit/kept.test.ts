import { describe, expect, it } from "vitest";
import { hashOf } from "~/lib/platform/kept";

// A kept part (app/lib/platform/kept.tsx) is reused in the browser only while its props hash to
// what the server rendered it with: the hash must be the same for the same data, and differ for
// any change a part shows.
describe("a kept part's props hash", () => {
  it("is the same for the same data, however it was built", () => {
    const props = { signedIn: false, supportEmail: "support@example.com" };
    expect(hashOf(props)).toBe(hashOf(JSON.parse(JSON.stringify(props))));
    expect(hashOf(props)).toMatch(/^[0-9a-z]{1,11}$/);
  });

  it("differs when any value the part shows differs, also by one character or one page", () => {
    const base = { params: { page: 1, category: ["Fashion"] }, pageCount: 12 };
    const variants = [
      { ...base, pageCount: 13 },
      { ...base, params: { ...base.params, page: 2 } },
      { ...base, params: { ...base.params, category: ["Fashion", "Televisions"] } },
      { ...base, params: { ...base.params, category: ["Fashiom"] } },
      { signedIn: true, supportEmail: "support@example.com" },
      { signedIn: false, supportEmail: "support@example.com" },
    ];
    const hashes = new Set([hashOf(base), ...variants.map(hashOf)]);
    expect(hashes.size).toBe(variants.length + 1);
  });

  it("tells apart ten thousand review pages of one product", () => {
    const hashes = new Set<string>();
    for (let page = 1; page <= 10_000; page++) hashes.add(hashOf({ productId: "a".repeat(24), page, search: "" }));
    expect(hashes.size).toBe(10_000);
  });
});
