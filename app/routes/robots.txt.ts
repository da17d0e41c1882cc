import { publicOrigin } from "~/lib/platform/config.server";
import type { Route } from "./+types/robots.txt";

/**
 * Paths crawlers have no business in: the API, resource routes, each shopper's own pages, and
 * the sign-in pages (every page links to them with its own redirectTo: endless duplicates).
 */
export const DISALLOWED_PATHS = [
  "/userapp/",
  "/resources/",
  "/myaccount",
  "/checkout",
  "/mycart",
  "/wishlist",
  "/compare",
  "/login",
  "/register",
];

/** /robots.txt: crawl the catalogue, not the personal pages, and find everything through the sitemap. */
export function loader({ request }: Route.LoaderArgs) {
  const lines = [
    "User-agent: *",
    "Allow: /",
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${publicOrigin(request)}/sitemap.xml`,
    "",
  ];
  return new Response(lines.join("\n"), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
