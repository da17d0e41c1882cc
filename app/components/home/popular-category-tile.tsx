import { AppLink } from "~/components/app-link";

/** The catalogue's four categories, each drawn by one of the catalogue's own artworks. */
export const TILES = [
  { name: "Electronics", image: "/media/art/headphones-5-0.svg", tint: "bg-sky-50" },
  { name: "Fashion", image: "/media/art/tshirt-13-0.svg", tint: "bg-orange-50" },
  { name: "Home Decor", image: "/media/art/lamp-15-0.svg", tint: "bg-amber-50" },
  { name: "Televisions", image: "/media/art/tv-0-0.svg", tint: "bg-emerald-50" },
] as const;

/**
 * One Popular Categories tile: a link to the shop filtered by its category. A prerendered part
 * (app/lib/platform/prerendered.tsx), so an `AppLink`, which one listener routes without React.
 */
export function PopularCategoryTile({ category }: { category: (typeof TILES)[number] }) {
  return (
    <AppLink
      to={`/shop?${new URLSearchParams({ category: category.name })}`}
      className="group flex h-full flex-col items-center gap-3 rounded-xl border border-gray-200 bg-white p-3 text-center transition hover:border-brand hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
      data-category-tile={category.name}
    >
      <span
        className={`flex aspect-[4/3] w-full items-center justify-center overflow-hidden rounded-lg ${category.tint}`}
      >
        <img
          src={category.image}
          alt=""
          width={600}
          height={600}
          loading="lazy"
          decoding="async"
          className="h-full w-auto max-w-full object-contain p-2 transition-transform duration-300 group-hover:scale-105"
        />
      </span>
      <span className="text-sm font-semibold text-gray-900 group-hover:text-brand sm:text-base">{category.name}</span>
    </AppLink>
  );
}
