/**
 * The product page's review list parameters, read from its URL (`rstars`, `rphotos`, `rsort`, `rpage`: "r"
 * keeps them apart from the page's own size, quantity and PIN). Anything else reads as the default.
 */
export const REVIEW_PARAMS = ["rstars", "rphotos", "rsort", "rpage"] as const;
