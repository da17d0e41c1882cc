import type { ComponentType } from "react";
import { BreadcrumbTrail } from "./breadcrumb-trail";
import { ErrorContent } from "./layout/error-page";
import { AccountMenuList, MobileMenuList } from "./layout/header-menus";
import { FooterContent } from "./layout/site-footer";
import { DeliveryCheck } from "./product/delivery-check";
import { ReviewsPart } from "./product/reviews";
import { CategoryTiles } from "./shop/category-tiles";
import { ShopEmpty } from "./shop/empty-search";
import { ShopHeading } from "./shop/shop-heading";
import { ShopPagination } from "./shop/pagination-part";

/**
 * The kept parts by name (app/lib/platform/kept.tsx): the server renders them for each request
 * (entry.server.tsx gives it this list); the browser keeps their markup and loads a part's code
 * only when its props change (docs/decisions/055-kept-parts.md).
 */
export const KEPT_PARTS: Record<string, ComponentType<never>> = {
  footer: FooterContent,
  breadcrumbs: BreadcrumbTrail,
  "error-page": ErrorContent,
  "account-menu": AccountMenuList,
  "mobile-menu": MobileMenuList,
  reviews: ReviewsPart,
  "delivery-check": DeliveryCheck,
  "shop-pagination": ShopPagination,
  "category-tiles": CategoryTiles,
  "shop-heading": ShopHeading,
  "shop-empty": ShopEmpty,
};
