import type { MetaDescriptor } from "react-router";

/** The shop's name, as titles and Open Graph show it. */
export { SHOP_NAME } from "../../../api/contract";
import { SHOP_NAME } from "../../../api/contract";

export type SeoPage = {
  /** The page's own title; the document title becomes "<title> | Mart". */
  title: string;
  description: string;
  /** The page's canonical path (and query, if it is part of its identity), e.g. "/shop?category=Fashion". */
  path: string;
  /** An image path ("/media/art/x.svg") or absolute URL for Open Graph and Twitter cards. */
  image?: string;
  /** Open Graph type: "website" unless said otherwise (a product page says "product"). */
  type?: "website" | "product" | "article";
};

/** The part of React Router's meta arguments seo() reads: the root route's loader data. */
type MetaArgsLike = { matches: ReadonlyArray<{ id: string; loaderData?: unknown; data?: unknown } | undefined> };

/**
 * Title, description, canonical link, Open Graph and Twitter card for a route's `meta`:
 *
 *   export const meta: Route.MetaFunction = (args) =>
 *     seo(args, { title: "Shop", description: "…", path: "/shop" });
 *
 * With the meta args, links are absolute on the shop's public origin (PUBLIC_ORIGIN, else the
 * request's origin), which the root loader exposes as `origin`. `seo({ ... })` alone also works,
 * but then the canonical link and og:url stay relative to the site.
 */
export function seo(page: SeoPage): MetaDescriptor[];
export function seo(args: MetaArgsLike, page: SeoPage): MetaDescriptor[];
export function seo(first: SeoPage | MetaArgsLike, second?: SeoPage): MetaDescriptor[] {
  const page = second ?? (first as SeoPage);
  const origin = second ? originFromMatches(first as MetaArgsLike) : "";
  const url = absoluteUrl(origin, page.path);
  const fullTitle = page.title === SHOP_NAME ? SHOP_NAME : `${page.title} | ${SHOP_NAME}`;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SHOP_NAME },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:locale", content: "en_IN" },
    { name: "twitter:card", content: page.image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: page.description },
  ];
  if (page.image) {
    const image = absoluteUrl(origin, page.image);
    tags.push({ property: "og:image", content: image }, { name: "twitter:image", content: image });
  }
  return tags;
}

/** The public origin the root loader exposes, or "" when it is not there (an error render). */
export function originFromMatches(args: MetaArgsLike): string {
  const root = args.matches.find((match) => match?.id === "root");
  const data = (root?.loaderData ?? root?.data) as { origin?: unknown } | undefined;
  return typeof data?.origin === "string" ? data.origin : "";
}

/** Joins an origin ("https://shop.example", no trailing slash) and a path; absolute URLs pass through. */
export function absoluteUrl(origin: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${origin.replace(/\/+$/, "")}${path.startsWith("/") ? path : `/${path}`}`;
}
