// The back office's names and sections (docs/back-office.md). Pure: the browser imports it too.

export const BACK_OFFICE_NAME = "Mart back office";

/** What a signed-in shopper who is not an admin reads at /admin (a 403). */
export const NO_BACK_OFFICE_ACCESS = "You do not have access to the back office.";

/** The back office's sections, in the order its nav shows them. */
export const ADMIN_SECTIONS = [
  { to: "/admin", label: "Dashboard" },
  { to: "/admin/orders", label: "Orders" },
  { to: "/admin/products", label: "Products" },
  { to: "/admin/stock", label: "Low stock" },
  { to: "/admin/catalogue", label: "Import/Export" },
  { to: "/admin/merchants", label: "Sellers" },
  { to: "/admin/couriers", label: "Couriers" },
  { to: "/admin/messages", label: "Messages" },
  { to: "/admin/promotions", label: "Promotions" },
  { to: "/admin/reviews", label: "Reviews" },
  { to: "/admin/webhooks", label: "Webhooks" },
  { to: "/admin/audit", label: "Audit" },
] as const;

/**
 * A back-office list's URL: its non-empty filters and, past the first, its page. The URL is the
 * list's state, so the back button and shared links keep both.
 */
export function adminListHref(path: string, filters: Record<string, string>, page: number): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) query.set(name, value);
  if (page > 1) query.set("page", String(page));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

export const ADMIN_MERCHANTS_PATH = "/admin/merchants";
export const adminMerchantPath = (id: string) => `${ADMIN_MERCHANTS_PATH}/${id}`;

export const ADMIN_MESSAGES_PATH = "/admin/messages";
export const adminMessagePath = (id: string) => `${ADMIN_MESSAGES_PATH}/${id}`;

/** What each state of a message to a shopper means, as the back office says it. */
export const MESSAGE_STATE_LABELS = {
  queued: "Waiting to be sent",
  sent: "Sent",
  kept: "Kept (no mail server set)",
  failed: "Failed",
} as const;

export const ADMIN_ORDERS_PATH = "/admin/orders";
/** The couriers orders ship with (the list the ship form offers). */
export const ADMIN_COURIERS_PATH = "/admin/couriers";
export const adminOrderPath = (id: string) => `${ADMIN_ORDERS_PATH}/${id}`;
