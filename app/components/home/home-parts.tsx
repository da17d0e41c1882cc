import type { Parts } from "~/lib/platform/prerendered";
import { AccessoriesArt, ElectronicsArt, FashionArt } from "./hero-art";
import { HERO_SLIDES, HeroText } from "./hero-slides";
import { PopularCategoryTile, TILES } from "./popular-category-tile";
import { SpecialDealsContent } from "./special-deals";

/**
 * Home's prerendered parts by name (app/lib/platform/prerendered.tsx): the hero slides' art and
 * words, in the slides' order, the Special Deals banner and the Popular Categories tiles. The browser loads this module only when it shows home without having loaded
 * it from the server (docs/decisions/049-javascript-budget.md).
 */
export const HOME_PARTS: Parts = {
  "hero-art:0": ElectronicsArt,
  "hero-art:1": AccessoriesArt,
  "hero-art:2": FashionArt,
  ...Object.fromEntries(HERO_SLIDES.map((slide, index) => [`hero-text:${index}`, () => <HeroText slide={slide} />])),
  "special-deals": SpecialDealsContent,
  ...Object.fromEntries(
    TILES.map((category, index) => [`category-tile:${index}`, () => <PopularCategoryTile category={category} />]),
  ),
};
