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
} from "../../../api/contract/types";
import type { Transport } from "./transport.server";

/** A page of a back-office list. */
export type Paged<T> = { data: T[]; paginator: Paginator };

/** What an admin may change of an order, each its own endpoint (`admin/orders/{id}/…`). */
export type OrderChange = "status" | "payment" | "reinstate" | "refund";

const at = (id: string) => encodeURIComponent(id);

/** The back office's calls to /userapp/admin/*, as the signed-in admin `token` (docs/api.md). */
export function adminApi({ send, raw }: Transport, token: string) {
  const withToken = { token };
  return {
    orders: (query: URLSearchParams) => send<Paged<AdminOrderJson>>("GET", `admin/orders?${query}`, withToken),
    order: (id: string) => send<AdminOrderDetail>("GET", `admin/orders/${at(id)}`, withToken),
    orderInvoices: (id: string) => send<OrderInvoicesJson>("GET", `admin/orders/${at(id)}/invoices`, withToken),
    changeOrder: (id: string, change: OrderChange, body: object) =>
      send<AdminOrderJson>("PUT", `admin/orders/${at(id)}/${change}`, { token, json: body }),

    products: (query: URLSearchParams) =>
      send<Paged<AdminListProductJson>>("GET", `admin/products?${query}`, withToken),
    product: (id: string) => send<AdminProductJson>("GET", `admin/products/${at(id)}`, withToken),
    createProduct: (body: object) => send<AdminProductJson>("POST", "admin/products", { token, json: body }),
    updateProduct: (id: string, body: object) =>
      send<AdminProductJson>("PUT", `admin/products/${at(id)}`, { token, json: body }),
    /** Hides the product from shoppers, or shows it again. */
    setVisibility: (id: string, intent: "hide" | "unhide") =>
      send<AdminProductJson>("PUT", `admin/products/${at(id)}/${intent}`, withToken),
    /** Adds the photo of a multipart form (`image`). */
    addImage: (id: string, form: FormData) =>
      send<AdminProductJson>("POST", `admin/products/${at(id)}/images`, { token, body: form }),
    removeImage: (id: string, index: string) =>
      send<AdminProductJson>("DELETE", `admin/products/${at(id)}/images/${index}`, withToken),
    merchants: () => send<MerchantJson[]>("GET", "admin/merchants", withToken),
    merchant: (id: string) => send<MerchantDetailsJson>("GET", `admin/merchants/${at(id)}`, withToken),
    saveMerchant: (id: string, body: object) =>
      send<MerchantDetailsJson>("PUT", `admin/merchants/${at(id)}`, { token, json: body }),
    catalogueOptions: () => send<CatalogueOptions>("GET", "admin/catalogue/options", withToken),

    /** Imports the CSV file of a multipart form (`file`). */
    importCatalogue: (form: FormData) => send<ImportResult>("POST", "admin/catalogue/import", { token, body: form }),
    /** The catalogue as CSV, the answer as it came, for the resource route to pass on. */
    exportCatalogue: () => raw("admin/catalogue/export", token),
    lowStock: (query: URLSearchParams) => send<Paged<LowStockJson>>("GET", `admin/stock/low?${query}`, withToken),
    audit: (query: URLSearchParams) => send<Paged<AuditRowJson>>("GET", `admin/audit?${query}`, withToken),

    messages: (query: URLSearchParams) => send<Paged<MessageSummaryJson>>("GET", `admin/messages?${query}`, withToken),
    message: (id: string) => send<MessageJson>("GET", `admin/messages/${at(id)}`, withToken),
    /** Queues a failed (or kept) message again. */
    retryMessage: (id: string) => send<MessageJson>("POST", `admin/messages/${at(id)}/retry`, withToken),

    /** The moderation queue: held reviews and reported ones, oldest first. */
    reviewQueue: (query: URLSearchParams) => send<Paged<QueuedReviewJson>>("GET", `admin/reviews?${query}`, withToken),
    publishReview: (id: string) => send<ReviewJson>("PUT", `admin/reviews/${at(id)}/publish`, withToken),
    removeReview: (id: string, reason: string) =>
      send<ReviewJson>("PUT", `admin/reviews/${at(id)}/remove`, { token, json: { reason } }),
    /** A review's photo file whatever its status, the answer as it came, for the resource route to pass on. */
    reviewPhoto: (id: string, file: string) => raw(`admin/reviews/${at(id)}/photos/${at(file)}`, token),

    webhookEndpoints: () => send<WebhookEndpointJson[]>("GET", "admin/webhook-endpoints", withToken),
    webhookEndpoint: (id: string) => send<WebhookEndpointJson>("GET", `admin/webhook-endpoints/${at(id)}`, withToken),
    /** Registers an endpoint; the answer holds its secret, the one time it is shown. */
    createWebhookEndpoint: (body: object) =>
      send<CreatedWebhookEndpointJson>("POST", "admin/webhook-endpoints", { token, json: body }),
    updateWebhookEndpoint: (id: string, body: object) =>
      send<WebhookEndpointJson>("PUT", `admin/webhook-endpoints/${at(id)}`, { token, json: body }),
    deleteWebhookEndpoint: (id: string) => send<null>("DELETE", `admin/webhook-endpoints/${at(id)}`, withToken),
    webhookDeliveries: (query: URLSearchParams) =>
      send<Paged<WebhookDeliverySummaryJson>>("GET", `admin/webhook-deliveries?${query}`, withToken),
    webhookDelivery: (id: string) => send<WebhookDeliveryJson>("GET", `admin/webhook-deliveries/${at(id)}`, withToken),
    /** Queues a failed delivery again. */
    retryWebhookDelivery: (id: string) =>
      send<WebhookDeliveryJson>("POST", `admin/webhook-deliveries/${at(id)}/retry`, withToken),
  };
}

export type AdminApi = ReturnType<typeof adminApi>;
