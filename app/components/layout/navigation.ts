/**
 * What the header menus, the category bar, the mobile menu and the footer link to. Each entry is
 * a /shop URL filtered the way the shop page reads
 * its query (repeated params for lists), and every entry matches products of the seeded catalogue.
 */

export type ShopFilters = {
  category?: string[];
  subCategory?: string[];
  productSubType?: string[];
  brand?: string[];
  gender?: string;
  search?: string;
};

/** `/shop?category=Fashion&subCategory=Casual+Wear&gender=men`, params in a stable order. */
export function shopHref(filters: ShopFilters = {}): string {
  const params = new URLSearchParams();
  for (const key of ["category", "subCategory", "productSubType", "brand"] as const) {
    for (const value of filters[key] ?? []) params.append(key, value);
  }
  if (filters.gender) params.set("gender", filters.gender);
  if (filters.search) params.set("search", filters.search);
  const query = params.toString();
  return query ? `/shop?${query}` : "/shop";
}

export type MenuLink = { label: string; href: string };
export type MenuColumn = { heading: MenuLink; links: MenuLink[] };
/** A titled set of columns inside a menu panel (Fashion has Men's and Women's). */
export type MenuGroup = { title?: MenuLink; columns: MenuColumn[] };
/** One hover menu of the header: a category link and its panel. */
export type CategoryMenu = { label: string; href: string; groups: MenuGroup[] };

const link = (label: string, filters: ShopFilters): MenuLink => ({ label, href: shopHref(filters) });

const fashionItems = {
  "Casual Wear": ["T-Shirts", "Jeans", "Shoes", "Bags", "Watches"],
  "Formal Wear": ["T-Shirts", "Shoes", "Bags", "Watches"],
} as const;

function fashionGroup(gender: "men" | "women", label: string): MenuGroup {
  return {
    title: link(label, { category: ["Fashion"], gender }),
    columns: (Object.keys(fashionItems) as (keyof typeof fashionItems)[]).map((wear) => ({
      heading: link(wear, { category: ["Fashion"], subCategory: [wear], gender }),
      links: fashionItems[wear].map((item) =>
        link(item, { category: ["Fashion"], subCategory: [wear], productSubType: [item], gender }),
      ),
    })),
  };
}

const brandColumn = (category: string, brands: string[]): MenuColumn => ({
  heading: link("Top brands", { category: [category] }),
  links: brands.map((brand) => link(brand, { category: [category], brand: [brand] })),
});

export const CATEGORY_MENUS: CategoryMenu[] = [
  {
    label: "Electronics",
    href: shopHref({ category: ["Electronics"] }),
    groups: [
      {
        columns: [
          {
            heading: link("Bluetooth Headphones", { category: ["Electronics"], subCategory: ["Bluetooth Headphones"] }),
            links: ["Sony", "JBL", "Boat", "Apple", "OnePlus"].map((brand) =>
              link(`${brand} Headphones`, {
                category: ["Electronics"],
                subCategory: ["Bluetooth Headphones"],
                brand: [brand],
              }),
            ),
          },
          {
            heading: link("Mobile Accessories", { category: ["Electronics"], subCategory: ["Mobile Accessories"] }),
            links: [
              link("Smart Watches", {
                category: ["Electronics"],
                subCategory: ["Mobile Accessories"],
                productSubType: ["Watches"],
              }),
              link("Speakers", {
                category: ["Electronics"],
                subCategory: ["Mobile Accessories"],
                productSubType: ["Speakers"],
              }),
              link("Power Banks", {
                category: ["Electronics"],
                subCategory: ["Mobile Accessories"],
                productSubType: ["Power Banks"],
              }),
              link("Chargers", {
                category: ["Electronics"],
                subCategory: ["Mobile Accessories"],
                productSubType: ["Chargers"],
              }),
            ],
          },
          brandColumn("Electronics", ["Apple", "Samsung", "OnePlus", "Realme", "Mi"]),
        ],
      },
    ],
  },
  {
    label: "Fashion",
    href: shopHref({ category: ["Fashion"] }),
    groups: [fashionGroup("men", "Men's"), fashionGroup("women", "Women's")],
  },
  {
    label: "Home Decor",
    href: shopHref({ category: ["Home Decor"] }),
    groups: [
      {
        columns: [
          {
            heading: link("Lighting", { category: ["Home Decor"], subCategory: ["Lighting"] }),
            links: [link("Lamps", { category: ["Home Decor"], productSubType: ["Lamps"] })],
          },
          {
            heading: link("Wall Art", { category: ["Home Decor"], subCategory: ["Wall Art"] }),
            links: [link("Paintings", { category: ["Home Decor"], productSubType: ["Paintings"] })],
          },
          {
            heading: link("Furnishings", { category: ["Home Decor"], subCategory: ["Furnishings"] }),
            links: [link("Cushions", { category: ["Home Decor"], productSubType: ["Cushions"] })],
          },
        ],
      },
    ],
  },
  {
    label: "Televisions",
    href: shopHref({ category: ["Televisions"] }),
    groups: [
      {
        columns: [
          {
            heading: link("Smart TV", { category: ["Televisions"], subCategory: ["Smart TV"] }),
            links: [
              link("Televisions", { category: ["Televisions"], productSubType: ["Televisions"] }),
              link("Soundbars", { category: ["Televisions"], productSubType: ["Speakers"] }),
            ],
          },
          brandColumn("Televisions", ["Samsung", "LG", "Sony", "Mi", "OnePlus"]),
        ],
      },
    ],
  },
];

/** The category bar: each category with its subcategories. */
export const CATEGORY_BAR: { category: MenuLink; subCategories: MenuLink[] }[] = [
  {
    category: link("Electronics", { category: ["Electronics"] }),
    subCategories: ["Bluetooth Headphones", "Mobile Accessories"].map((sub) =>
      link(sub, { category: ["Electronics"], subCategory: [sub] }),
    ),
  },
  {
    category: link("Fashion", { category: ["Fashion"] }),
    subCategories: ["Casual Wear", "Formal Wear"].map((sub) =>
      link(sub, { category: ["Fashion"], subCategory: [sub] }),
    ),
  },
  {
    category: link("Home Decor", { category: ["Home Decor"] }),
    subCategories: ["Lighting", "Wall Art", "Furnishings"].map((sub) =>
      link(sub, { category: ["Home Decor"], subCategory: [sub] }),
    ),
  },
  {
    category: link("Televisions", { category: ["Televisions"] }),
    subCategories: [link("Smart TV", { category: ["Televisions"], subCategory: ["Smart TV"] })],
  },
];

/** The account dropdown's entries (menu-names.ts: the pages' code needs them, not the menus). */
export { ACCOUNT_LINKS } from "./menu-names";
