import { Kept } from "~/lib/platform/kept";

/**
 * The error page's content (error-page.tsx) as a kept part (app/lib/platform/kept.tsx): a page
 * the server rendered with an error keeps its markup, and the code comes only when an error
 * happens in the browser (a link to a product that is gone), so no page downloads it ahead.
 * Should that code not load (the network lost meanwhile), the browser loads the page as a
 * document instead, as React Router does when a route's own code fails to load.
 */
export function ErrorPart({ status }: { status: number }) {
  return <Kept as="div" part="error-page" props={{ status }} load={loadErrorContent} />;
}

function loadErrorContent() {
  return import("./error-page").then(
    (module) => module.ErrorContent,
    () => {
      window.location.reload();
      return new Promise<never>(() => {});
    },
  );
}
