import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

// React Router 7's default client entry (@react-router/dev/dist/config/defaults/entry.client.tsx),
// started once the browser has painted the server's HTML: a slow phone shows the page first and
// hydrates it after (docs/decisions/011-slow-phones.md). requestAnimationFrame runs just before
// the next paint, the timeout just after it.
function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

requestAnimationFrame(() => setTimeout(hydrate, 0));
