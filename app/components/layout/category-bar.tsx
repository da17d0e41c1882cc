import { AppLink } from "~/components/app-link";
import { CATEGORY_BAR } from "./navigation";

/** The four categories with their subcategories; on a phone it scrolls sideways. */
export function CategoryBar() {
  return (
    <nav aria-label="Categories" className="border-b border-gray-200 bg-brand/5">
      <ul className="mx-auto flex max-w-7xl snap-x scroll-px-4 gap-x-8 overflow-x-auto whitespace-nowrap px-4 py-2 text-sm [scrollbar-width:none]">
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
      </ul>
    </nav>
  );
}
