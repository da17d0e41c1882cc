import { AppLink } from "~/components/app-link";
import type { Parts } from "~/lib/platform/prerendered";
import { CategoryHoverMenu, MobileCategoryMenu } from "./category-menus";
import { FooterLinksContent } from "./footer-links";
import { IconSymbols } from "./icon-shapes";
import { CATEGORY_BAR, CATEGORY_MENUS } from "./navigation";

/**
 * The layout's prerendered parts by name (app/lib/platform/prerendered.tsx): rendered by the
 * server once per process and written into every page. The browser loads this module only for a
 * part its first page did not have; a page's own JavaScript names the parts and holds none of this
 * (docs/decisions/049-javascript-budget.md).
 */
export const LAYOUT_PARTS: Parts = {
  "icon-sprite": IconSymbols,
  "category-bar": CategoryBarLinks,
  "footer-categories": () => (
    <FooterLinksContent
      title="Categories"
      links={CATEGORY_MENUS.map((menu) => ({ label: menu.label, href: menu.href }))}
    />
  ),
  "footer-policies": () => (
    <>
      <AppLink to="/terms" className="hover:text-white hover:underline">
        Terms and conditions
      </AppLink>
      <AppLink to="/privacy" className="hover:text-white hover:underline">
        Privacy policy
      </AppLink>
    </>
  ),
  ...Object.fromEntries(
    CATEGORY_MENUS.flatMap((menu) => [
      [`header-menu:${menu.label}`, () => <CategoryHoverMenu menu={menu} />],
      [`mobile-menu:${menu.label}`, () => <MobileCategoryMenu menu={menu} />],
    ]),
  ),
};

/** The category bar's entries: each category with its subcategories (inside category-bar.tsx's `<ul>`). */
function CategoryBarLinks() {
  return (
    <>
      {CATEGORY_BAR.map(({ category, subCategories }) => (
        <li key={category.label} className="flex snap-start items-center gap-x-3">
          <AppLink to={category.href} className="font-semibold text-brand-dark hover:text-brand">
            {category.label}
          </AppLink>
          <ul className="flex gap-x-3 text-gray-600">
            {subCategories.map((sub) => (
              <li key={sub.href}>
                <AppLink to={sub.href} className="hover:text-brand hover:underline">
                  {sub.label}
                </AppLink>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </>
  );
}
