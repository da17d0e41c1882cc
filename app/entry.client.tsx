import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { keepSent } from "./lib/platform/kept";
import { keepPrerendered } from "./lib/platform/prerendered";

// React Router 7's default client entry (@react-router/dev/dist/config/defaults/entry.client.tsx).
// It only runs once the page has loaded and painted: the boot script (app/lib/platform/boot-script.ts)
// starts the modules then (docs/decisions/011-slow-phones.md).
// The parts the server rendered once for every page stay as it sent them (app/lib/platform/prerendered.tsx).
keepPrerendered();
keepSent();
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
