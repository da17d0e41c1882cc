/**
 * Cache-Control for pages anyone may see the same way (home, shop, product): shared caches may
 * keep them a minute and serve them stale for a day while they revalidate.
 */
export const CATALOGUE_CACHE = "public, max-age=60, s-maxage=300, stale-while-revalidate=86400";

/** Cache-Control for pages that carry a shopper's own data (account, cart, checkout). */
export const PERSONAL_CACHE = "private, no-store";
