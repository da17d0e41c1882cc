import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { seedCatalogue } from "../../api/seed/catalogue";
import { withoutNulPadding } from "../../app/entry.server";
import { createTestApi } from "../api/helpers";
import { createTestSite } from "./site-harness";

// React 18.3's stream writer pads a chunk with NUL bytes when a multi-byte character ("₹") meets
// the end of its buffer (app/entry.server.tsx, withoutNulPadding). A page of the seeded shop
// where that happens, as the Nu HTML Checker found it: "Saw U+0000 in stream".

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

describe("the padding's removal", () => {
  const drop = (chunks: Buffer[]) => text(Readable.from(chunks).pipe(withoutNulPadding()));

  it("drops the NULs React left at a chunk's end, keeping the character that follows whole", async () => {
    const padded = Buffer.concat([Buffer.from("<span>"), Buffer.from([0, 0])]);
    expect(await drop([padded, Buffer.from("₹784</span>")])).toBe("<span>₹784</span>");
  });

  it("passes chunks without NUL bytes through unchanged", async () => {
    const chunks = [Buffer.from("<p>ünïcødé ₹"), Buffer.from("1,299</p>")];
    expect(await drop(chunks)).toBe("<p>ünïcødé ₹1,299</p>");
  });
});
