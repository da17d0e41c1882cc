import { type ShopParams, shopHref, withPage } from "~/lib/catalogue/shop-params";
import { Pagination } from "./pagination";

/** What the shop's pagination depends on, as plain data: a kept part (app/lib/platform/kept.tsx). */
export type ShopPaginationProps = { params: ShopParams; pageCount: number };

/** The shop's pagination from plain data (the shop keeps it as the server sent it). */
export function ShopPagination({ params, pageCount }: ShopPaginationProps) {
  return <Pagination page={params.page} pageCount={pageCount} hrefFor={(page) => shopHref(withPage(params, page))} />;
}
