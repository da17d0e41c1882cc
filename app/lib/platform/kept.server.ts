import { type ComponentType, createElement, type ReactNode } from "react";
import type { AppLoadContext } from "react-router";
import { hashOf, isWithheld, type Withheld } from "./kept";

/**
 * A kept part's prop for a route's loader data (docs/decisions/055-kept-parts.md, "Amended:
 * withheld props"). For the document, the part's markup already shows it: the value goes to the
 * server's render by the load context (entry.server.tsx), and the loader data the browser gets
 * holds only its hash. For a client navigation or revalidation (a `.data` request) the value itself.
 */
export function withheldFromDocument<T>(request: Request, context: AppLoadContext, value: T): T | Withheld {
  if (new URL(request.url).pathname.endsWith(".data")) return value;
  const hash = hashOf(value);
  (context.withheld ??= new Map()).set(hash, value);
  return { withheld: hash };
}

/**
 * The server's side of `KeptContext` (entry.server.tsx): each kept part by its name, rendered from
 * its props with every withheld one put back whole. Server code only, so the browser's chunks hold
 * neither the parts nor this.
 */
export function keptRenderer(
  parts: Record<string, ComponentType<never>>,
  withheld: ReadonlyMap<string, unknown> = new Map(),
): (part: string, props: object) => ReactNode {
  return (part, props) => {
    const Component = parts[part] as ComponentType<object> | undefined;
    if (!Component) throw new Error(`No kept part is called ${part}`);
    const whole = Object.fromEntries(
      Object.entries(props).map(([key, value]) => {
        if (!isWithheld(value)) return [key, value];
        if (!withheld.has(value.withheld))
          throw new Error(`No withheld prop of ${part} has the hash ${value.withheld}`);
        return [key, withheld.get(value.withheld)];
      }),
    );
    return createElement(Component, whole);
  };
}
