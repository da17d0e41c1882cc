import { Kept } from "~/lib/platform/kept";
import type { Crumb } from "./breadcrumb-trail";

export type { Crumb };

/**
 * The page's breadcrumb trail (breadcrumb-trail.tsx), kept as the server sent it
 * (app/lib/platform/kept.tsx): it depends on its steps alone, so its code loads only when they
 * change (another product), never on the page the shopper arrived at.
 */
export function Breadcrumbs({ items, className = "" }: { items: Crumb[]; className?: string }) {
  return (
    <Kept
      as="nav"
      part="breadcrumbs"
      aria-label="Breadcrumb"
      className={`text-sm text-gray-500 ${className}`}
      props={{ items }}
      load={() => import("./breadcrumb-trail").then((module) => module.BreadcrumbTrail)}
    />
  );
}
