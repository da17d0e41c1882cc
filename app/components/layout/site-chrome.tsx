import type { ReactNode } from "react";
import { useMatches } from "react-router";
import type { RootData } from "~/lib/page/root-data";
import { CategoryBar } from "./category-bar";
import { IconSprite } from "./icon-sprite";
import { MobileBottomBar } from "./mobile-bottom-bar";
import { Kept } from "~/lib/platform/kept";
import { SiteHeader } from "./site-header";

/**
 * The main layout around a page: skip link, header, category bar, the page as <main>, footer,
 * and on phones the bottom bar (the footer leaves room for it). The icon sprite comes first, so
 * every icon below can use it.
 */
export function SiteChrome({ root, children }: { root: RootData; children: ReactNode }) {
  // A page whose route says so (the product page's `handle`) has the phone's buy bar over the
  // bottom bar: its footer leaves room for both (app.css, `footer[data-buy-bar]`).
  const buyBar = useMatches().some((match) => hasBuyBar(match.handle) && match.data !== undefined);
  return (
    <div className="flex min-h-screen flex-col">
      <IconSprite />
      <a
        href="#main"
        className="sr-only z-50 rounded bg-brand px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <SiteHeader root={root} />
      <CategoryBar />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      {/* Kept as the server sent it: the footer's code loads only when what it shows changes. */}
      <Kept
        as="footer"
        part="footer"
        className="mt-16 bg-gray-900 text-sm text-gray-300"
        props={{ signedIn: Boolean(root.user), supportEmail: root.supportEmail }}
        data-buy-bar={buyBar ? "" : undefined}
        load={() => import("./site-footer").then((module) => module.FooterContent)}
      />
      <MobileBottomBar root={root} />
    </div>
  );
}

/** A route's `handle` that asks for room for the phone's buy bar. */
export type BuyBarHandle = { buyBar: true };

function hasBuyBar(handle: unknown): handle is BuyBarHandle {
  return typeof handle === "object" && handle !== null && (handle as Partial<BuyBarHandle>).buyBar === true;
}
