import { describe, expect, it } from "vitest";
import { PLATFORM_FEE } from "../../api/contract";
import { defaultDeps } from "../../api/lib/context";
import { RETURN_WINDOW_DAYS } from "../../api/lib/orders/order-states";
import { formatRupees } from "../../app/lib/page/money";
import { createTestSite } from "./site-harness";

// The shop's terms and privacy policy (/terms, /privacy): real pages, linked where a shopper
// accepts them, and true to what the shop does.

const SHOP = "http://shop.test";
const site = await createTestSite();
const page = async (path: string) => {
  const answer = await site.fetch(new Request(`${SHOP}${path}`));
  return { status: answer.status, cache: answer.headers.get("cache-control"), html: await answer.text() };
};
/** The page's words, tags and spacing aside. */
const words = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");

describe("the terms and the privacy policy", () => {
  it("are pages anyone can read, cached like the catalogue, each linking to the other", async () => {
    const terms = await page("/terms");
    expect(terms.status).toBe(200);
    expect(terms.cache).toMatch(/public/);
    expect(terms.html).toContain("<title>Terms and conditions | Mart</title>");
    expect(terms.html).toContain('href="/privacy"');
    const privacy = await page("/privacy");
    expect(privacy.status).toBe(200);
    expect(privacy.html).toContain("<title>Privacy policy | Mart</title>");
    expect(privacy.html).toContain('href="/terms"');
  });

  it("say what the shop does: the platform fee, the return window, where to write", async () => {
    const terms = words((await page("/terms")).html);
    expect(terms).toContain(`a platform fee of ${formatRupees(PLATFORM_FEE)}`);
    expect(terms).toContain(`within ${RETURN_WINDOW_DAYS} days of delivery`);
    expect(terms).toMatch(/grievance officer at \S+@\S+/);
    const privacy = words((await page("/privacy")).html);
    expect(privacy).toContain("argon2id");
    const knownDays = defaultDeps(site.api.db).knownAddressMs / (24 * 60 * 60 * 1000);
    expect(privacy).toContain(`for ${knownDays} days`);
  });

  it("are linked from every page's footer, as a prerendered part that ships no code", async () => {
    const home = await page("/");
    expect(home.html).toMatch(
      /<nav[^>]*aria-label="Footer: Policies"[^>]*data-prerendered="footer-policies"[^>]*>.*href="\/terms".*href="\/privacy"/s,
    );
  });

  it("are linked from sign-up, keeping the spec's words", async () => {
    const register = await page("/register");
    expect(words(register.html)).toContain("I accept the terms and conditions .");
    expect(register.html).toMatch(/<a[^>]+href="\/terms"[^>]*>terms and conditions<\/a>/);
  });
});
