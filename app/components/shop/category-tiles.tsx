import { AppLink } from "~/components/app-link";

/** The catalogue's four categories, each drawn by a piece of the catalogue's own artwork. */
export const CATEGORY_TILES = [
  { name: "Electronics", image: "/media/art/headphones-1-0.svg" },
  { name: "Fashion", image: "/media/art/tshirt-2-0.svg" },
  { name: "Home Decor", image: "/media/art/lamp-4-0.svg" },
  { name: "Televisions", image: "/media/art/tv-0-0.svg" },
] as const;

export function categoryHref(name: string): string {
  return `/shop?${new URLSearchParams({ category: name })}`;
}

/**
 * Category tiles: links to the shop filtered by one category; the category shown alone is marked.
 * On phones a row of words (chips) that scrolls sideways, so the products start on the first screen.
 */
export function CategoryTiles({ selected = [] }: { selected?: readonly string[] }) {
  return (
    <ul className="flex gap-2 overflow-x-auto sm:grid sm:grid-cols-4 sm:gap-4" aria-label="Categories">
      {CATEGORY_TILES.map((tile) => {
        const current = selected.length === 1 && selected[0] === tile.name;
        return (
          <li key={tile.name} className="shrink-0">
            <AppLink
              to={categoryHref(tile.name)}
              aria-current={current ? "page" : undefined}
              className={`group flex h-full flex-col items-center gap-1 whitespace-nowrap rounded-full border px-3 py-1.5 text-center sm:rounded-lg transition-colors sm:flex-row sm:gap-3 sm:p-3 sm:text-left ${
                current ? "border-brand bg-brand/5" : "border-gray-200 bg-white hover:border-brand"
              }`}
            >
              <img
                src={tile.image}
                alt=""
                width={56}
                height={56}
                className="hidden h-14 w-14 shrink-0 rounded-md bg-gray-50 sm:block"
              />
              <span className="text-xs font-medium text-gray-800 group-hover:text-brand sm:text-sm">{tile.name}</span>
            </AppLink>
          </li>
        );
      })}
    </ul>
  );
}
