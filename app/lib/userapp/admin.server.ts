import type {
  AdminListProductJson,
  AdminOrderDetail,
  AdminOrderJson,
  AdminProductJson,
  AuditRowJson,
  CatalogueOptions,
  ImportResult,
  LowStockJson,
  MerchantJson,
  MessageJson,
  MessageSummaryJson,
  OrderInvoicesJson,
  Paginator,
  WebhookDeliveryJson,
  WebhookDeliverySummaryJson,
  WebhookEndpointJson,
  CreatedWebhookEndpointJson,
  MerchantDetailsJson,
  QueuedReviewJson,
  ReviewJson,
  CourierJson,
  PromotionJson,
  PromotionReportJson,
  BulkCodesResultJson,
  DashboardJson,
} from "../../../api/contract/types";
import type { RouteKey, Transport } from "./transport.server";

/** A page of a back-office list. */
export type Paged<T> = { data: T[]; paginator: Paginator };

/** What an admin may change of an order, each its own endpoint (`admin/orders/{id}/…`). */
export type OrderChange = "status" | "payment" | "reinstate" | "refund";

/** Each change's route. */
const ORDER_CHANGES = {
  status: "PUT /admin/orders/{id}/status",
  payment: "PUT /admin/orders/{id}/payment",
  reinstate: "PUT /admin/orders/{id}/reinstate",
  refund: "PUT /admin/orders/{id}/refund",
} as const satisfies Record<OrderChange, RouteKey>;

/** What an admin may do to a promotion's status, each its own endpoint. */
export type PromotionStatusChange = "pause" | "resume" | "end";
const PROMOTION_STATUS_CHANGES = {
  pause: "PUT /admin/promotions/{id}/pause",
  resume: "PUT /admin/promotions/{id}/resume",
  end: "PUT /admin/promotions/{id}/end",
} as const satisfies Record<PromotionStatusChange, RouteKey>;

/** The back office's calls to /userapp/admin/*, as the signed-in admin `token` (docs/api.md). */
export function adminApi({ send, raw }: Transport, token: string) {
  const withToken = { token };
  return {
    /** The owner's dashboard for a period (`period`, and `from`/`to` for a custom one). */
    dashboard: (query: URLSearchParams) => send("GET /admin/dashboard", { query }).as<DashboardJson>(withToken),
    /** One of the dashboard's tables as CSV, the answer as it came, for the resource route to pass on. */
    exportDashboard: (query: URLSearchParams) => raw("GET /admin/dashboard/export", { query }, token),
    orders: (query: URLSearchParams) => send("GET /admin/orders", { query }).as<Paged<AdminOrderJson>>(withToken),
    order: (id: string) => send("GET /admin/orders/{id}", { params: { id } }).as<AdminOrderDetail>(withToken),
    orderInvoices: (id: string) =>
      send("GET /admin/orders/{id}/invoices", { params: { id } }).as<OrderInvoicesJson>(withToken),
    changeOrder: (id: string, change: OrderChange, body: object) =>
      send(ORDER_CHANGES[change], { params: { id } }).as<AdminOrderJson>({ token, json: body }),
    /** The couriers an order can ship with, by name. */
    couriers: () => send("GET /admin/couriers").as<CourierJson[]>(withToken),
    addCourier: (body: object) => send("POST /admin/couriers").as<CourierJson>({ token, json: body }),

    products: (query: URLSearchParams) =>
      send("GET /admin/products", { query }).as<Paged<AdminListProductJson>>(withToken),
    product: (id: string) => send("GET /admin/products/{id}", { params: { id } }).as<AdminProductJson>(withToken),
    createProduct: (body: object) => send("POST /admin/products").as<AdminProductJson>({ token, json: body }),
    updateProduct: (id: string, body: object) =>
      send("PUT /admin/products/{id}", { params: { id } }).as<AdminProductJson>({ token, json: body }),
    /** Hides the product from shoppers, or shows it again. */
    setVisibility: (id: string, intent: "hide" | "unhide") =>
      send(intent === "hide" ? "PUT /admin/products/{id}/hide" : "PUT /admin/products/{id}/unhide", {
        params: { id },
      }).as<AdminProductJson>(withToken),
    /** Adds the photo of a multipart form (`image`). */
    addImage: (id: string, form: FormData) =>
      send("POST /admin/products/{id}/images", { params: { id } }).as<AdminProductJson>({ token, body: form }),
    removeImage: (id: string, index: string) =>
      send("DELETE /admin/products/{id}/images/{index}", { params: { id, index } }).as<AdminProductJson>(withToken),
    merchants: () => send("GET /admin/merchants").as<MerchantJson[]>(withToken),
    merchant: (id: string) => send("GET /admin/merchants/{id}", { params: { id } }).as<MerchantDetailsJson>(withToken),
    saveMerchant: (id: string, body: object) =>
      send("PUT /admin/merchants/{id}", { params: { id } }).as<MerchantDetailsJson>({ token, json: body }),
    catalogueOptions: () => send("GET /admin/catalogue/options").as<CatalogueOptions>(withToken),

    /** Imports the CSV file of a multipart form (`file`). */
    importCatalogue: (form: FormData) => send("POST /admin/catalogue/import").as<ImportResult>({ token, body: form }),
    /** The catalogue as CSV, the answer as it came, for the resource route to pass on. */
    exportCatalogue: () => raw("GET /admin/catalogue/export", {}, token),
    lowStock: (query: URLSearchParams) => send("GET /admin/stock/low", { query }).as<Paged<LowStockJson>>(withToken),
    audit: (query: URLSearchParams) => send("GET /admin/audit", { query }).as<Paged<AuditRowJson>>(withToken),

    messages: (query: URLSearchParams) =>
      send("GET /admin/messages", { query }).as<Paged<MessageSummaryJson>>(withToken),
    message: (id: string) => send("GET /admin/messages/{id}", { params: { id } }).as<MessageJson>(withToken),
    /** Queues a failed (or kept) message again. */
    retryMessage: (id: string) =>
      send("POST /admin/messages/{id}/retry", { params: { id } }).as<MessageJson>(withToken),

    /** The moderation queue: held reviews and reported ones, oldest first. */
    reviewQueue: (query: URLSearchParams) =>
      send("GET /admin/reviews", { query }).as<Paged<QueuedReviewJson>>(withToken),
    publishReview: (id: string) =>
      send("PUT /admin/reviews/{id}/publish", { params: { id } }).as<ReviewJson>(withToken),
    removeReview: (id: string, reason: string) =>
      send("PUT /admin/reviews/{id}/remove", { params: { id } }).as<ReviewJson>({ token, json: { reason } }),
    /** A review's photo file whatever its status, the answer as it came, for the resource route to pass on. */
    reviewPhoto: (id: string, file: string) =>
      raw("GET /admin/reviews/{id}/photos/{file}", { params: { id, file } }, token),

    promotions: (query: URLSearchParams) =>
      send("GET /admin/promotions", { query }).as<Paged<PromotionJson>>(withToken),
    promotion: (id: string) => send("GET /admin/promotions/{id}", { params: { id } }).as<PromotionJson>(withToken),
    createPromotion: (body: object) => send("POST /admin/promotions").as<PromotionJson>({ token, json: body }),
    updatePromotion: (id: string, body: object) =>
      send("PUT /admin/promotions/{id}", { params: { id } }).as<PromotionJson>({ token, json: body }),
    /** Pauses, resumes or ends a promotion. */
    changePromotionStatus: (id: string, change: PromotionStatusChange) =>
      send(PROMOTION_STATUS_CHANGES[change], { params: { id } }).as<PromotionJson>(withToken),
    generatePromotionCodes: (id: string, body: object) =>
      send("POST /admin/promotions/{id}/codes", { params: { id } }).as<BulkCodesResultJson>({ token, json: body }),
    promotionReport: (id: string) =>
      send("GET /admin/promotions/{id}/report", { params: { id } }).as<PromotionReportJson>(withToken),
    /** A bulk campaign's codes, and a promotion's report, as CSV: the answer as it came, for the resource route to pass on. */
    promotionCodesCsv: (id: string) => raw("GET /admin/promotions/{id}/codes/export", { params: { id } }, token),
    promotionReportCsv: (id: string) => raw("GET /admin/promotions/{id}/report/export", { params: { id } }, token),

    webhookEndpoints: () => send("GET /admin/webhook-endpoints").as<WebhookEndpointJson[]>(withToken),
    webhookEndpoint: (id: string) =>
      send("GET /admin/webhook-endpoints/{id}", { params: { id } }).as<WebhookEndpointJson>(withToken),
    /** Registers an endpoint; the answer holds its secret, the one time it is shown. */
    createWebhookEndpoint: (body: object) =>
      send("POST /admin/webhook-endpoints").as<CreatedWebhookEndpointJson>({ token, json: body }),
    updateWebhookEndpoint: (id: string, body: object) =>
      send("PUT /admin/webhook-endpoints/{id}", { params: { id } }).as<WebhookEndpointJson>({ token, json: body }),
    deleteWebhookEndpoint: (id: string) =>
      send("DELETE /admin/webhook-endpoints/{id}", { params: { id } }).as<null>(withToken),
    webhookDeliveries: (query: URLSearchParams) =>
      send("GET /admin/webhook-deliveries", { query }).as<Paged<WebhookDeliverySummaryJson>>(withToken),
    webhookDelivery: (id: string) =>
      send("GET /admin/webhook-deliveries/{id}", { params: { id } }).as<WebhookDeliveryJson>(withToken),
    /** Queues a failed delivery again. */
    retryWebhookDelivery: (id: string) =>
      send("POST /admin/webhook-deliveries/{id}/retry", { params: { id } }).as<WebhookDeliveryJson>(withToken),
  };
}

export type AdminApi = ReturnType<typeof adminApi>;
