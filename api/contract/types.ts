/**
 * What the /userapp API answers, as types for its clients (the storefront and the back office).
 * Each is inferred from the zod schema the OpenAPI document publishes and the API tests check
 * every answer against, so a client's type cannot drift from what the API sends. Type-only
 * imports: nothing of the API's code reaches a bundle through this file.
 */
import type { z } from "@hono/zod-openapi";
import type { filterOptionsSchema } from "../lib/catalogue/filter-options";
import type {
  adminListProductSchema,
  merchantDetailsSchema,
  adminOrderDetailSchema,
  adminOrderSchema,
  adminProductSchema,
  cartChangeSchema,
  cartPromotionsSchema,
  cartSchema,
  cartWithPromotionsSchema,
  catalogueOptionsSchema,
  codLinkOrderSchema,
  importResultSchema,
  listEntrySchema,
  lowStockSchema,
  merchantSchema,
  messageSchema,
  messageSummarySchema,
  orderQuoteSchema,
  orderSchema,
  placedOrderSchema,
  paginatorSchema,
  productPageSchema,
  productSchema,
  signedInUserSchema,
  auditEntrySchema,
  savedAddressSchema,
  userSchema,
} from "../lib/http/api-schemas";
import type { estimateSchema, placeSchema } from "../lib/orders/pin-schemas";
import type { dashboardSchema } from "../lib/admin/dashboard-schemas";
import type { courierSchema } from "../lib/orders/couriers";
import type {
  bulkCodesResultSchema,
  promotionReportSchema,
  promotionSchema,
} from "../lib/promotions/admin-promotion-schemas";
import type {
  publishedReviewSchema,
  queuedReviewSchema,
  reviewPageSchema,
  reviewSchema,
  reviewStandingSchema,
} from "../lib/reviews/review-schemas";
import type { orderInvoicesSchema } from "../lib/tax/invoice-schemas";
import type {
  createdWebhookEndpointSchema,
  webhookDeliverySchema,
  webhookDeliverySummarySchema,
  webhookEndpointSchema,
} from "../lib/webhooks/webhook-schemas";

/** mongoose-paginate-v2's labels, on every page of a list. */
export type Paginator = z.infer<typeof paginatorSchema>;

export type ProductJson = z.infer<typeof productSchema>;
/** A page of `product/list`, with the search it answered instead of a misspelt one. */
export type ProductPage = z.infer<typeof productPageSchema>;
/** `GET /product/filters`: each list filter's values, from the catalogue. */
export type FilterOptions = z.infer<typeof filterOptionsSchema>;
/** A wishlist or compare entry. */
export type ProductListEntryJson = z.infer<typeof listEntrySchema>;

export type AddressJson = z.infer<typeof savedAddressSchema>;
export type UserJson = z.infer<typeof userSchema>;
/** What signing in answers: the user and a bearer token. */
export type SignedInUserJson = z.infer<typeof signedInUserSchema>;

/** `cart/get`: every line with its product. */
export type CartJson = z.infer<typeof cartSchema>;
/** The promotions of a cart or a Buy Now: the code, the offer and the final amount for each payment method. */
export type CartPromotionsJson = z.infer<typeof cartPromotionsSchema>;
/** `cart/get` as it answers: the cart and its promotions. */
export type CartWithPromotionsJson = z.infer<typeof cartWithPromotionsSchema>;
/** What every change of a cart line answers: the cart, and the lines it touched. */
export type CartChangeJson = z.infer<typeof cartChangeSchema>;

export type OrderJson = z.infer<typeof orderSchema>;
/** What order/create answers: the order, and a code it was placed without (`promotionNote`). */
export type PlacedOrderJson = z.infer<typeof placedOrderSchema>;
export type OrderState = OrderJson["status"];
export type PaymentStatus = OrderJson["paymentStatus"];
/** A Cash on Delivery order's confirmation by its shopper. */
export type CodConfirmation = NonNullable<OrderJson["codConfirmation"]>;
/** An order's steps, each confirmed or not, with its date. */
export type OrderSteps = OrderJson["orderStatus"];

/** What a Cash on Delivery confirm/cancel link's page shows of its order (`cod/check`). */
export type CodLinkOrderJson = z.infer<typeof codLinkOrderSchema>;

export type OrderInvoicesJson = z.infer<typeof orderInvoicesSchema>;
export type InvoiceJson = OrderInvoicesJson["invoices"][number];
export type FeeInvoiceJson = NonNullable<OrderInvoicesJson["feeInvoice"]>;
export type CreditNoteJson = NonNullable<InvoiceJson["creditNote"]>;

/** A shopper's review, as its author sees it (`heldFor`, `removalReason`) or anyone (those null). */
export type ReviewJson = z.infer<typeof reviewSchema>;
/** A page of a product's published reviews, with its rating and histogram. */
export type ReviewPage = z.infer<typeof reviewPageSchema>;
/** Whether the shopper may review a product, and their review of it. */
export type ReviewStanding = z.infer<typeof reviewStandingSchema>;
/** A published review with the product it is of: the review's own page. */
export type PublishedReviewJson = z.infer<typeof publishedReviewSchema>;
/** A review in the back office's moderation queue. */
export type QueuedReviewJson = z.infer<typeof queuedReviewSchema>;

export type PinPlace = z.infer<typeof placeSchema>;
export type DeliveryEstimate = z.infer<typeof estimateSchema>;

/** An order as the back office lists it: with its shopper and the changes an admin can make now. */
export type AdminOrderJson = z.infer<typeof adminOrderSchema>;
export type AdminEvent = AdminOrderJson["allowedEvents"][number];
/** A courier an order can ship with (`GET /userapp/admin/couriers`). */
export type CourierJson = z.infer<typeof courierSchema>;
/** A code or an automatic offer as the back office reads it. */
export type PromotionJson = z.infer<typeof promotionSchema>;
export type PromotionReportJson = z.infer<typeof promotionReportSchema>;
export type BulkCodesResultJson = z.infer<typeof bulkCodesResultSchema>;
/** What an order shipped with: the courier, the tracking (AWB) number and link. */
export type ShipmentJson = NonNullable<OrderJson["shipment"]>;
/** One order with its audit trail: who changed what, from what to what, when. */
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;
export type AuditEntry = AdminOrderDetail["audit"][number];

export type AdminListProductJson = z.infer<typeof adminListProductSchema>;
export type AdminProductJson = z.infer<typeof adminProductSchema>;
export type MerchantJson = z.infer<typeof merchantSchema>;
export type CatalogueOptions = z.infer<typeof catalogueOptionsSchema>;
export type LowStockJson = z.infer<typeof lowStockSchema>;
/** The owner's dashboard (GET /userapp/admin/dashboard). */
export type DashboardJson = z.infer<typeof dashboardSchema>;
/** One row of the back office's audit log. */
export type AuditRowJson = z.infer<typeof auditEntrySchema>;
export type ImportResult = z.infer<typeof importResultSchema>;
/** What an order would be now (`order/quote`): its total, the payment methods it may use, the lines it cannot hold. */
export type OrderQuote = z.infer<typeof orderQuoteSchema>;
/** A message to a shopper as the back office lists it, and whole (with its HTML and text). */
export type MessageSummaryJson = z.infer<typeof messageSummarySchema>;
export type MessageJson = z.infer<typeof messageSchema>;
/** A webhook endpoint (without its secret), one as registered (with it), and its deliveries (docs/webhooks.md). */
export type WebhookEndpointJson = z.infer<typeof webhookEndpointSchema>;
export type CreatedWebhookEndpointJson = z.infer<typeof createdWebhookEndpointSchema>;
export type WebhookEventType = WebhookEndpointJson["events"][number];
export type WebhookDeliverySummaryJson = z.infer<typeof webhookDeliverySummarySchema>;
export type WebhookDeliveryJson = z.infer<typeof webhookDeliverySchema>;
export type MerchantDetailsJson = z.infer<typeof merchantDetailsSchema>;
