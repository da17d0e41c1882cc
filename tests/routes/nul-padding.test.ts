import { describe, expect, it } from "vitest";
import { seedCatalogue } from "../../api/seed/catalogue";
import { createTestApi } from "../api/helpers";
import { createTestSite } from "./site-harness";

// React 18.3's stream writer padded a chunk with NUL bytes when a multi-byte character ("₹") met
// the end of its buffer, as the Nu HTML Checker found it: "Saw U+0000 in stream". Pages are
// rendered to a string now (app/entry.server.tsx); these pages of the seeded shop were the ones
// where it happened.

const SHOP = "http://shop.test";
const api = await createTestApi();
await seedCatalogue(api.db, {});
const site = await createTestSite({ api });

describe("pages carry no NUL byte", () => {
  it.each([
    "/shop?category=Fashion&sort=price-asc&minPrice=500",
    "/shop",
    "/shop?category=Electronics&sort=price-desc",
    "/shop?category=Home+Decor&limit=32",
    "/",
  ])("%s", async (path) => {
    const html = Buffer.from(await (await site.fetch(new Request(`${SHOP}${path}`))).arrayBuffer());
    expect(html.includes(0)).toBe(false);
    expect(html.toString()).toContain("₹");
  });
});
