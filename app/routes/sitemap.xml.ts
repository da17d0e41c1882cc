import { CATEGORY_MENUS } from "~/components/layout/navigation";
import { productPath } from "~/lib/catalogue/catalogue";
import { publicOrigin } from "~/lib/platform/config.server";
import { absoluteUrl } from "~/lib/page/seo";
import type { Route } from "./+types/sitemap.xml";

/** The sitemap protocol's limit per file; far above this catalogue (240 products). */
export const SITEMAP_URL_LIMIT = 50_000;
const PAGE_SIZE = 100;

// Crawlers come rarely; an hour in any cache keeps them from walking the catalogue each time.
const SITEMAP_CACHE = "public, max-age=3600, s-maxage=3600, stale-while-revalidate=86400";

/** /sitemap.xml: the home page, the shop, each category's shop page and every product's canonical URL. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = publicOrigin(request);
  const paths = ["/", "/shop", ...CATEGORY_MENUS.map((menu) => menu.href)];

  // Newest first with the id as tiebreaker (the API's order), so pages neither overlap nor skip.
  for (let page = 1; paths.length < SITEMAP_URL_LIMIT; page++) {
    const result = await context.api.public.productList({
      query: {},
      options: { page, limit: PAGE_SIZE, sort: { createdAt: -1 } },
      isCountOnly: false,
    });
    // A partial sitemap would tell crawlers the missing products are gone: ask them to come back.
    if (!result.ok) {
      return new Response("The sitemap is unavailable for a moment.\n", {
        status: 503,
        headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "300", "Cache-Control": "no-store" },
      });
    }
    for (const product of result.data.data) paths.push(productPath(product));
    if (!result.data.paginator.hasNextPage) break;
  }

  const entries = paths
    .slice(0, SITEMAP_URL_LIMIT)
    .map((path) => `  <url><loc>${escapeXml(absoluteUrl(origin, path))}</loc></url>`);
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    "</urlset>",
    "",
  ].join("\n");
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": SITEMAP_CACHE },
  });
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "apos" }[ch]};`);
}
