import { isRouteErrorResponse, Outlet } from "react-router";
import { ErrorPart } from "~/components/layout/error-part";
import { SiteChrome } from "~/components/layout/site-chrome";
import { QuickViewHost } from "~/components/quick-view";
import { useRootData } from "~/lib/page/root-data";
import type { Route } from "./+types/layout";

// No `headers` export on purpose: React Router then passes the page's own headers (its
// Cache-Control) through to the document unchanged.

/** The main layout: header, category bar, footer and the phone's bottom bar. */
export default function MainLayout() {
  const root = useRootData();
  return (
    <SiteChrome root={root}>
      <Outlet />
      {/* One listener for every card's Quick View link on every page: with JavaScript it opens the dialog. */}
      <QuickViewHost />
    </SiteChrome>
  );
}

/** A page that throws (an unknown product is a 404) still shows the header and footer. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRootData();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <SiteChrome root={root}>
      <ErrorPart status={status} />
    </SiteChrome>
  );
}
