import type { ComponentProps } from "react";
import { type Parts, Prerendered } from "~/lib/platform/prerendered";

/** Home's parts' code, loaded only for a part the page did not come with (app/lib/platform/prerendered.tsx). */
const loadParts = (): Promise<Parts> => import("./home-parts").then((module) => module.HOME_PARTS);

/** One of home's prerendered parts (home-parts.tsx), by name. */
export function HomePart(props: Omit<ComponentProps<typeof Prerendered>, "load">) {
  return <Prerendered {...props} load={loadParts} />;
}
