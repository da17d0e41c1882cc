/**
 * What the pages' JavaScript needs of the layout's menus: their names. The menus themselves
 * (navigation.ts) are prerendered parts (parts.tsx), rendered by the server; navigation.ts's
 * CATEGORY_MENUS lists the categories in this order (tests/unit/layout.test.ts).
 */
export const CATEGORY_LABELS = ["Electronics", "Fashion", "Home Decor", "Televisions"] as const;

/** The account dropdown's entries: My Profile, Wishlist, Orders, Addresses. */
export const ACCOUNT_LINKS: { label: string; href: string }[] = [
  { label: "My Profile", href: "/myaccount/profile" },
  { label: "Wishlist", href: "/wishlist" },
  { label: "Orders", href: "/myaccount/orders" },
  { label: "Addresses", href: "/myaccount/addresses" },
];
