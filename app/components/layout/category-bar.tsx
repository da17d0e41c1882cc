import { LayoutPart } from "./part";

/** The four categories with their subcategories (a prerendered part, parts.tsx); on a phone it scrolls sideways. */
export function CategoryBar() {
  return (
    <nav aria-label="Categories" className="border-b border-gray-200 bg-brand/5">
      <LayoutPart
        as="ul"
        part="category-bar"
        className="mx-auto flex max-w-7xl snap-x scroll-px-4 gap-x-8 overflow-x-auto whitespace-nowrap px-4 py-2 text-sm [scrollbar-width:none]"
      />
    </nav>
  );
}
