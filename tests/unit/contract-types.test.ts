/**
 * The storefront's types of the API's answers (api/contract/types.ts) are inferred from the zod
 * schemas of the OpenAPI document; the API builds its answers with its own JSON types. These
 * checks (deep structural equality), run by the type check (`npm run typecheck`), fail when the two drift apart: a field
 * the API sends that its document does not list, or the reverse.
 */
import { describe, expectTypeOf, it } from "vitest";
import type * as contract from "../../api/contract/types";
import type { AddressJson, UserJson } from "../../api/lib/accounts/users";
import type { AdminListProductJson, AdminProductJson } from "../../api/lib/catalogue/admin-product-schemas";
import type { CatalogueOptions, LowStockJson } from "../../api/lib/catalogue/admin-catalogue-reads";
import type { ProductJson } from "../../api/lib/catalogue/catalogue";
import type { ImportResult } from "../../api/lib/catalogue/catalogue-import-rows";
import type { ProductListEntryJson } from "../../api/lib/catalogue/product-lists";
import type { Paginator } from "../../api/lib/http/paging";
import type { MessageJson, MessageSummaryJson } from "../../api/lib/messages/admin-messages";
import type { CartChangeJson, CartJson } from "../../api/lib/orders/cart";
import type { DeliveryEstimate } from "../../api/lib/orders/delivery-zones";
import type { OrderJson } from "../../api/lib/orders/order-json";
import type { OrderQuote } from "../../api/lib/orders/order-quote";
import type { PinPlace } from "../../api/lib/orders/pincode";
import type { OrderInvoicesJson } from "../../api/lib/tax/gst-invoices";
import type { AdminOrderJson } from "../../api/routes/admin-orders";

describe("the API's answers and the contract's types", () => {
  it("agree for the catalogue, the shopper and the cart", () => {
    expectTypeOf<ProductJson>().branded.toEqualTypeOf<contract.ProductJson>();
    expectTypeOf<ProductListEntryJson>().branded.toEqualTypeOf<contract.ProductListEntryJson>();
    expectTypeOf<Paginator>().branded.toEqualTypeOf<contract.Paginator>();
    expectTypeOf<AddressJson>().branded.toEqualTypeOf<contract.AddressJson>();
    expectTypeOf<UserJson>().branded.toEqualTypeOf<contract.UserJson>();
    expectTypeOf<CartJson>().branded.toEqualTypeOf<contract.CartJson>();
    expectTypeOf<CartChangeJson>().branded.toEqualTypeOf<contract.CartChangeJson>();
    expectTypeOf<PinPlace>().branded.toEqualTypeOf<contract.PinPlace>();
    expectTypeOf<DeliveryEstimate>().branded.toEqualTypeOf<contract.DeliveryEstimate>();
  });

  it("agree for orders and their invoices", () => {
    expectTypeOf<OrderJson>().branded.toEqualTypeOf<contract.OrderJson>();
    expectTypeOf<OrderInvoicesJson>().branded.toEqualTypeOf<contract.OrderInvoicesJson>();
    expectTypeOf<OrderQuote>().branded.toEqualTypeOf<contract.OrderQuote>();
  });

  it("agree for the back office", () => {
    expectTypeOf<AdminOrderJson>().branded.toEqualTypeOf<contract.AdminOrderJson>();
    expectTypeOf<AdminListProductJson>().branded.toEqualTypeOf<contract.AdminListProductJson>();
    expectTypeOf<AdminProductJson>().branded.toEqualTypeOf<contract.AdminProductJson>();
    expectTypeOf<CatalogueOptions>().branded.toEqualTypeOf<contract.CatalogueOptions>();
    expectTypeOf<LowStockJson>().branded.toEqualTypeOf<contract.LowStockJson>();
    expectTypeOf<ImportResult>().branded.toEqualTypeOf<contract.ImportResult>();
    expectTypeOf<MessageSummaryJson>().branded.toEqualTypeOf<contract.MessageSummaryJson>();
    expectTypeOf<MessageJson>().branded.toEqualTypeOf<contract.MessageJson>();
  });
});
