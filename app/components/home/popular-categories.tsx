import { Carousel } from "~/components/carousel";
import { HomePart } from "./home-part";

/**
 * How many tiles Popular Categories shows: one part each, whose content home-parts.tsx renders
 * from TILES (popular-category-tile.tsx). A number here, not TILES.length: importing that module
 * would bring the tiles' code into home's chunk (tests/unit/layout.test.ts keeps the two equal).
 */
export const POPULAR_CATEGORIES = 4;

export function categoryHref(category: string): string {
  return `/shop?${new URLSearchParams({ category })}`;
}

/**
 * Popular Categories: each tile leads to the shop filtered by its category. Each tile is a
 * prerendered part of home (`category-tile:N`, home-parts.tsx): the page's JavaScript holds only
 * their names, not their words, pictures and classes.
 */
export function PopularCategories() {
  return (
    <Carousel label="Popular Categories" kind="categories">
      {Array.from({ length: POPULAR_CATEGORIES }, (_, index) => (
        <HomePart key={index} as="div" part={`category-tile:${index}`} className="h-full" />
      ))}
    </Carousel>
  );
}
