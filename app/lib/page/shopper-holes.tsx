import { createContext, createElement, type ReactNode, useContext } from "react";

/**
 * A signed-in shopper's page, shared (docs/decisions/056-shared-signed-in-pages.md): the server
 * renders a page such as `/shop` once for every signed-in shopper alike and fills in, per
 * request, what is each shopper's own. The parts that differ from shopper to shopper say so here:
 *
 * - a **part** (`ShopperPart`) is markup drawn from one value that the root data alone gives (the
 *   header's name, counts and cart total): app/components/layout/shopper-parts.tsx draws each, and
 *   its `.server` module reads each value from the root data;
 * - a **switch** (`ShopperSwitch`) is one of two renders, chosen by whether a product is on one of
 *   the shopper's lists (a card's wishlist heart and compare mark).
 *
 * Outside the shared render (in the browser, for guests, for every other page) a part draws its
 * value and a switch shows the render its value picks: the markup is what it always was. While the
 * server renders the shared page (`ShopperHolesContext`), a part leaves a hole and a switch leaves
 * both renders, each marked, for app/lib/platform/shared-page.server.tsx to fill per request.
 */
export const ShopperHolesContext = createContext(false);

/** The element marking a hole in the shared render; text is escaped, so no product name can forge one. */
export const SHOPPER_HOLE = "shopper-hole";

/** Draws a part from its value: element content only (no bare text at its edges), so it can stand alone. */
export type PartRender<V> = (value: V) => ReactNode;

type PartProps<V> = { name: string; render: PartRender<V>; value: V };
type SwitchProps = { list: SwitchList; productId: string; value: boolean; on: ReactNode; off: ReactNode };

/** The lists a switch follows: the product is on the shopper's wishlist, or on their compare list. */
export type SwitchList = "wishlist" | "compare";

function ServerPart<V>({ name, render, value }: PartProps<V>) {
  if (useContext(ShopperHolesContext)) return createElement(SHOPPER_HOLE, { "data-part": name });
  return render(value);
}

function ServerSwitch({ list, productId, value, on, off }: SwitchProps) {
  if (!useContext(ShopperHolesContext)) return value ? on : off;
  const part = `${list}:${productId}`;
  return (
    <>
      {createElement(SHOPPER_HOLE, { "data-on": part }, on)}
      {createElement(SHOPPER_HOLE, { "data-off": part }, off)}
    </>
  );
}

// The browser renders what the value says: the holes are the server's alone (and so is their code).
export const ShopperPart: <V>(props: PartProps<V>) => ReactNode = import.meta.env.SSR
  ? ServerPart
  : ({ render, value }) => render(value);

export const ShopperSwitch: (props: SwitchProps) => ReactNode = import.meta.env.SSR
  ? ServerSwitch
  : ({ value, on, off }) => (value ? on : off);
