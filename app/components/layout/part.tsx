import type { ComponentProps } from "react";
import { type Parts, Prerendered } from "~/lib/platform/prerendered";

/** The layout's parts' code, loaded only for a part the page did not come with (app/lib/platform/prerendered.tsx). */
const loadParts = (): Promise<Parts> => import("./parts").then((module) => module.LAYOUT_PARTS);

/** One of the layout's prerendered parts (parts.tsx), by name. */
export function LayoutPart(props: Omit<ComponentProps<typeof Prerendered>, "load">) {
  return <Prerendered {...props} load={loadParts} />;
}
