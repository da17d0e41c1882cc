import { z } from "@hono/zod-openapi";
import { ADDRESS_LABELS } from "../../db/schema";
import { shipmentSchema } from "../orders/couriers";
import { ADMIN_EVENTS } from "../orders/order-lifecycle";
import { COD_CONFIRMATIONS, ORDER_STATES, PAYMENT_STATUSES } from "../orders/order-states";
import {
  ADMIN_CANCEL_REASONS,
  AUTOMATIC_CANCEL_REASONS,
  RETURN_TO_ORIGIN_REASONS,
  SHOPPER_CANCEL_REASONS,
  SHOPPER_RETURN_REASONS,
} from "../orders/order-reasons";

/** The codes of some reason lists, each once. */
const codesOf = <C extends string>(...lists: (readonly { code: C }[])[]): C[] => [
  ...new Set(lists.flat().map((reason) => reason.code)),
];
const cancelCodes = codesOf(SHOPPER_CANCEL_REASONS, ADMIN_CANCEL_REASONS, AUTOMATIC_CANCEL_REASONS);
const returnCodes = codesOf(SHOPPER_RETURN_REASONS, RETURN_TO_ORIGIN_REASONS);

// The shapes the /userapp API answers, as zod schemas: the OpenAPI document's components
// (api/lib/http/openapi.ts) and what the API tests check every answer against. Each mirrors a JSON
// type of api/lib/ (named beside it); a field added there belongs here too.

const id = z.string().openapi({ example: "8b927a8cb7d862e1def9c3d5" });
const isoDate = z.string().openapi({ format: "date-time", example: "2026-11-23T10:15:00.000Z" });
const rupees = z.number().int().openapi({ description: "Whole rupees" });

/** `Paginator` (api/lib/http/paging.ts): mongoose-paginate-v2's labels. */
export const paginatorSchema = z
  .object({
    itemCount: z.number().int().openapi({ description: "How many items the whole list holds (the total)" }),
    perPage: z.number().int(),
    pageCount: z.number().int().openapi({ description: "How many pages there are (at least 1)" }),
    currentPage: z.number().int(),
    slNo: z.number().int().openapi({ description: "The 1-based number of the page's first item" }),
    hasPrevPage: z.boolean(),
    hasNextPage: z.boolean(),
    prev: z.number().int().nullable(),
    next: z.number().int().nullable(),
  })
  .openapi("Paginator");

/** A page of a list: `{data, paginator}`. */
export const listPage = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), paginator: paginatorSchema });

/** `{totalRecords}`: what a list answers to `isCountOnly: true`. */
export const totalRecordsSchema = z.object({ totalRecords: z.number().int() }).openapi("TotalRecords");

const productImageSchema = z
  .object({
    path: z.string().openapi({ example: "/media/art/blue-shirt.svg" }),
    srcset: z.string().optional(),
    widths: z.array(z.number().int()).optional(),
  })
  .openapi("ProductImage");

const titleSchema = z.object({ shortTitle: z.string(), longTitle: z.string() });

/** `ProductJson` (api/lib/catalogue/catalogue.ts). */
export const productSchema = z
  .object({
    _id: id,
    id,
    title: titleSchema,
    tagLine: z.string(),
    description: z.string(),
    brand: z.string(),
    category: z.string(),
    subCategory: z.string(),
    productType: z.string(),
    productSubType: z.string(),
    gender: z.string(),
    image: z.string(),
    productImages: z.array(productImageSchema),
    variants: z.array(
      z.object({
        size: z.string(),
        quantity: z.number().int().openapi({ description: "Units in stock" }),
        price: z.object({
          mrp: rupees,
          cost: rupees,
          discount: z.number().openapi({ description: "Percent off the MRP" }),
        }),
      }),
    ),
    merchant: z.object({ _id: id, id, company_name: z.string(), name: z.string() }),
    ratingValue: z.number().nullable(),
    ratingCount: z.number().int().nullable(),
    createdAt: isoDate,
  })
  .openapi("Product");

/** A page of `product/list`, and `correction` when a misspelt search was answered for what it meant. */
export const productPageSchema = listPage(productSchema).extend({
  correction: z
    .object({ search: z.string(), original: z.string() })
    .optional()
    .openapi({ description: 'The search answered instead of the one sent ("Showing results for …")' }),
});

/** The fields of an address (an order's delivery address has these only). */
const addressFields = {
  locality: z.string().openapi({ example: "12 MG Road, Indiranagar" }),
  city: z.string().openapi({ example: "Bengaluru" }),
  state: z.string().openapi({ example: "Karnataka" }),
  zipcode: z.string().openapi({
    example: "560038",
    description: "A 6-digit PIN code in India; a 3 to 10 character postal code elsewhere",
  }),
  country: z.string().openapi({ example: "India" }),
};

/** The courier's fields of an address (DESIGN deviation 18; docs/api.md, "Addresses"). */
export const recipientJsonFields = {
  name: z.string().nullable().openapi({ description: "The recipient; null on a saved address: the account's name" }),
  mobile: z.string().nullable().openapi({
    description: "The recipient's mobile number in E.164; null on a saved address: the account's phone",
    example: "+919876543210",
  }),
  landmark: z.string().nullable().openapi({ example: "Opposite the metro station" }),
  label: z.enum(ADDRESS_LABELS).nullable(),
};

/** `AddressJson` (api/lib/accounts/users.ts): a saved address. */
export const savedAddressSchema = z
  .object({
    _id: id,
    ...addressFields,
    ...recipientJsonFields,
    isActive: z.boolean().openapi({ description: "True on the primary address" }),
  })
  .openapi("Address");

/**
 * `OrderAddress` (api/db/schema.ts): where an order goes, copied from the request or the primary
 * address, with its recipient and mobile number as the order was placed (absent on orders placed
 * before they were kept).
 */
export const orderAddressSchema = z
  .object({
    ...addressFields,
    name: recipientJsonFields.name.optional(),
    mobile: recipientJsonFields.mobile.optional(),
    landmark: recipientJsonFields.landmark.optional(),
    label: recipientJsonFields.label.optional(),
  })
  .openapi("OrderAddress");

/** `UserJson` (api/lib/accounts/users.ts). */
export const userSchema = z
  .object({
    _id: id,
    id,
    name: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string(),
    avatar: z.string().nullable(),
    phone: z.string().nullable().openapi({ description: "Digits only" }),
    country_code: z.string().openapi({ example: "91", description: "A dialling prefix, digits only" }),
    address: z.array(savedAddressSchema),
    userType: z.string().nullable().openapi({ description: '"admin" for the back office, else null' }),
  })
  .openapi("User");

/** What sign-in answers: the user and a bearer token. */
export const signedInUserSchema = userSchema.extend({ token: z.string() }).openapi("SignedInUser");

/** `CartLineJson` (api/lib/orders/cart.ts). */
const cartLineSchema = z
  .object({
    _id: z.string().openapi({ description: "`<productId>:<size>`" }),
    productId: productSchema,
    size: z.string(),
    qty: z.number().int(),
    amount: rupees.openapi({ description: "The size's cost × qty; 0 when the size no longer exists" }),
    unavailable: z.string().nullable().openapi({
      description:
        "Why the line cannot be ordered now (the product no longer available, the size gone, too few left), or null",
    }),
  })
  .openapi("CartLine");

/** `CartJson` (api/lib/orders/cart.ts). */
export const cartSchema = z
  .object({ products: z.array(cartLineSchema), totalQuantity: z.number().int(), totalAmount: rupees })
  .openapi("Cart");

/** `ChangedLineJson` (api/lib/orders/cart.ts). */
const changedLineSchema = z
  .object({
    productId: id,
    size: z.string(),
    qty: z.number().int().openapi({ description: "The line's quantity now; 0 when it left the cart" }),
    shortTitle: z.string().openapi({ description: "The product's short title, for the shopper's message" }),
  })
  .openapi("ChangedCartLine");

/** `CartChangeJson` (api/lib/orders/cart.ts): what every change of a line answers. */
export const cartChangeSchema = cartSchema
  .extend({ changed: z.array(changedLineSchema).openapi({ description: "The lines this change touched" }) })
  .openapi("CartChange");

export const cartCountSchema = z
  .object({
    count: z.number().int().openapi({ description: "Lines (product and size pairs)" }),
    totalQuantity: z.number().int(),
  })
  .openapi("CartCount");

/** `ProductListEntryJson` (api/lib/catalogue/product-lists.ts): a wishlist or compare entry. */
export const listEntrySchema = z
  .object({ _id: id, productId: productSchema, createdAt: isoDate })
  .openapi("ProductListEntry");

export const productIdsSchema = z.object({ productIds: z.array(id) }).openapi("ProductIds");

/** `PromotionLineJson` (api/lib/promotions/cart-promotions.ts): a code or an automatic offer on a price. */
const promotionLineSchema = z
  .object({
    kind: z.enum(["code", "offer"]),
    code: z.string().nullable().openapi({ description: "The code, upper-case; null for an automatic offer" }),
    name: z.string().openapi({ example: "10% off up to ₹100 when you pay online" }),
    discount: rupees,
  })
  .openapi("PromotionLine");

const promoRefusalSchema = z.object({
  code: z.string().openapi({ example: "PROMO_PAYMENT_METHOD" }),
  message: z.string().openapi({ example: "This code is for Online Payment" }),
});

const methodPriceSchema = z.object({
  itemsAmount: rupees,
  promotionDiscount: rupees,
  platformFee: rupees,
  totalAmount: rupees.openapi({ description: "Payable: itemsAmount − promotionDiscount + platformFee" }),
  promotions: z.array(promotionLineSchema),
  codeRefusal: promoRefusalSchema
    .nullable()
    .openapi({ description: "Why the cart's code does not apply paid this way (null: it does, or there is none)" }),
});

/** `CartPromotionsJson` (api/lib/promotions/cart-promotions.ts). */
export const cartPromotionsSchema = z
  .object({
    code: z.string().nullable().openapi({ description: "The code applied to the cart, upper-case" }),
    dropped: z
      .object({ code: z.string(), message: z.string() })
      .nullable()
      .openapi({ description: "A code that left the cart as it was read, because it no longer applies, and why" }),
    byPaymentMethod: z.object({ cod: methodPriceSchema, Upi: methodPriceSchema }),
  })
  .openapi("CartPromotions");

/** The cart as `cart/get` answers it: with its promotions by payment method. */
export const cartWithPromotionsSchema = cartSchema
  .extend({ promotions: cartPromotionsSchema })
  .openapi("CartWithPromotions");

const orderStepSchema = z.object({ isConfirmed: z.boolean(), date: isoDate.nullable() });

/** `OrderJson` (api/lib/orders/order-json.ts). */
export const orderSchema = z
  .object({
    _id: id,
    id,
    orderNumber: z.string().openapi({
      example: "MRT-26-000042",
      description:
        "The number people read the order by: the shop's prefix, the year it was placed (India), and its place in one growing sequence (at least 6 digits; gaps allowed)",
    }),
    products: z.array(
      z.object({
        productId: id,
        title: z.string(),
        image: z.string(),
        size: z.string(),
        qty: z.number().int(),
        mrp: rupees,
        cost: rupees,
        amount: rupees,
        totalAmount: rupees.openapi({ description: "The same as amount" }),
        merchantId: id,
        merchantName: z.string(),
        discount: rupees.openapi({
          description: "The line's share of the order's promotions; the shopper paid amount − discount for it",
        }),
      }),
    ),
    itemsAmount: rupees,
    platformFee: rupees,
    totalAmount: rupees.openapi({ description: "What is payable: itemsAmount − promotionDiscount + platformFee" }),
    promotionDiscount: rupees.openapi({ description: "What the order's promotions took off, over its lines" }),
    promotions: z.array(promotionLineSchema).openapi({ description: "The code and the automatic offer the order got" }),
    paymentMethod: z.enum(["cod", "Upi"]),
    status: z.enum(ORDER_STATES),
    paymentStatus: z.enum(PAYMENT_STATUSES),
    paymentDueAt: isoDate.nullable(),
    codConfirmation: z.enum(COD_CONFIRMATIONS).nullable().openapi({
      description:
        "Cash on Delivery: the shopper's confirmation from the emailed link (awaiting, confirmed, expired); it ships once confirmed. Null for Online Payment.",
    }),
    codConfirmDueAt: isoDate
      .nullable()
      .openapi({ description: "Until when an order awaiting its confirmation waits for it; then it is cancelled" }),
    paymentReference: z.string().nullable(),
    paidAt: isoDate.nullable(),
    cancelReason: z.string().nullable().openapi({
      description: "Why it was cancelled, in words: the reason's label (and the note), or the text of Other",
    }),
    returnReason: z
      .string()
      .nullable()
      .openapi({ description: "Why it was returned or came back undelivered, in words, as cancelReason" }),
    cancelReasonCode: z
      .enum(cancelCodes)
      .nullable()
      .openapi({ description: "Why it was cancelled, as a code of the reason lists; null unless cancelled" }),
    returnReasonCode: z
      .enum(returnCodes)
      .nullable()
      .openapi({ description: "Why it was returned, as a code of the reason lists; null unless returned" }),
    refundReference: z.string().nullable(),
    canCancel: z.boolean(),
    canReturn: z.boolean(),
    returnableUntil: isoDate.nullable(),
    address: orderAddressSchema,
    orderStatus: z.object({
      orderConfirmed: orderStepSchema,
      shipped: orderStepSchema,
      outForDelivery: orderStepSchema,
      delivered: orderStepSchema,
      cancel: orderStepSchema,
      returned: orderStepSchema,
      refunded: orderStepSchema,
    }),
    notes: z
      .array(
        z.object({
          kind: z.enum(["paidAfterCancellation", "reinstated", "returnedToOrigin"]),
          at: isoDate,
          detail: z.string().nullable().openapi({ description: "The UTR paid late, or why the parcel came back" }),
        }),
      )
      .openapi({
        description:
          "The order's steps beyond orderStatus, oldest first: a UPI payment recorded after it was cancelled, its reinstatement, a parcel returned to the seller undelivered",
      }),
    shipment: shipmentSchema.nullable().openapi({
      description: "The courier and tracking number it shipped with; null before it ships, or shipped without",
    }),
    source: z.enum(["cart", "buyNow"]),
    createdAt: isoDate,
  })
  .openapi("Order");

/** What order/create answers: the order, and `success: true` (clients read it). */
export const placedOrderSchema = orderSchema
  .extend({
    success: z.literal(true),
    promotionNote: z
      .object({
        code: z.string().openapi({ example: "PREPAID100" }),
        refusal: z.string().openapi({ example: "PROMO_PAYMENT_METHOD" }),
        message: z.string().openapi({ example: "This code is for Online Payment" }),
      })
      .optional()
      .openapi({
        description:
          "A code the order was placed without, with why (its PROMO_* refusal and words): sent with `expectedTotal`, the amount shown without it. Absent: none (and on a replay).",
      }),
  })
  .openapi("PlacedOrder");

/** `AdminOrderJson` (api/routes/admin-orders.ts). */
export const adminOrderSchema = orderSchema
  .extend({
    user: z.object({ id, email: z.string(), name: z.string().nullable() }),
    allowedEvents: z.array(z.enum(ADMIN_EVENTS)),
  })
  .openapi("AdminOrder");

const auditValue = z
  .unknown()
  .openapi({ description: "The record before or after the change (null when created or removed)" });

export const adminOrderDetailSchema = adminOrderSchema
  .extend({
    audit: z.array(
      z.object({
        actorId: z.string().nullable(),
        actorEmail: z.string().nullable(),
        action: z.string(),
        before: auditValue,
        after: auditValue,
        at: isoDate,
      }),
    ),
  })
  .openapi("AdminOrderDetail");

/** `AdminListProductJson` (api/lib/catalogue/admin-catalogue.ts). */
export const adminListProductSchema = productSchema.extend({ hidden: z.boolean() }).openapi("AdminListProduct");

/** `AdminProductJson` (api/lib/catalogue/admin-catalogue.ts): the flat variants the product form sends back. */
export const adminProductSchema = productSchema
  .omit({ variants: true })
  .extend({
    merchantId: id,
    hsn: z
      .string()
      .nullable()
      .openapi({ description: "Its own HSN code; null when it takes its classification's", example: "610910" }),
    hidden: z.boolean(),
    images: z.array(productImageSchema),
    variants: z.array(
      z.object({ size: z.string(), mrp: rupees, discount: z.number(), cost: rupees, quantity: z.number().int() }),
    ),
  })
  .openapi("AdminProduct");

export const merchantSchema = z
  .object({
    _id: id,
    name: z.string(),
    companyName: z.string(),
    gstin: z.string().nullable().openapi({ description: "Its GST registration, null when not on file" }),
    state: z.string().nullable(),
  })
  .openapi("Merchant");

/** `MerchantDetailsJson` (api/lib/catalogue/merchant-details.ts). */
export const merchantDetailsSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    companyName: z.string().openapi({ description: "The legal name, printed on its tax invoices" }),
    gstin: z.string().nullable(),
    state: z.string().nullable(),
    address: z.string().nullable(),
  })
  .openapi("MerchantDetails");

export const catalogueOptionsSchema = z
  .object({
    categories: z.array(z.string()),
    subCategories: z.array(z.string()),
    productTypes: z.array(z.string()),
    productSubTypes: z.array(z.string()),
    genders: z.array(z.string()),
    sizes: z.array(z.string()),
    brands: z.array(z.string()),
  })
  .openapi("CatalogueOptions");

export const lowStockSchema = z
  .object({
    productId: id,
    title: titleSchema,
    brand: z.string(),
    hidden: z.boolean(),
    size: z.string(),
    quantity: z.number().int(),
    mrp: rupees,
    discount: z.number(),
    cost: rupees,
  })
  .openapi("LowStock");

export const auditEntrySchema = z
  .object({
    id: z.number().int(),
    actorId: z.string().nullable(),
    actorEmail: z.string().nullable(),
    action: z.string().openapi({ example: "product.update" }),
    entity: z.string().openapi({ example: "product" }),
    entityId: z.string(),
    before: auditValue,
    after: auditValue,
    at: isoDate,
  })
  .openapi("AuditEntry");

const paymentOption = z.object({
  available: z.boolean(),
  reason: z.string().nullable().openapi({ description: "Why not, in words for the shopper (null when available)" }),
});

/** `OrderQuote` (api/lib/orders/order-quote.ts). */
export const orderQuoteSchema = z
  .object({
    itemsAmount: rupees,
    platformFee: rupees,
    totalAmount: rupees,
    paymentMethods: z.object({ cod: paymentOption, Upi: paymentOption }),
    promotions: cartPromotionsSchema.openapi({
      description: "The code and the automatic offer, and the final amount, for each payment method",
    }),
    unavailable: z.array(z.object({ productId: z.string(), size: z.string(), reason: z.string() })),
  })
  .openapi("OrderQuote");

/** `MessageSummaryJson` (api/lib/messages/admin-messages.ts). */
export const messageSummarySchema = z
  .object({
    id,
    kind: z.string().openapi({ example: "order.placed", description: "The event that caused the message" }),
    to: z.string().openapi({ example: "asha@example.in" }),
    subject: z.string(),
    state: z.enum(["queued", "sent", "kept", "failed"]).openapi({
      description:
        "queued: waiting for the queue's worker; sent: the SMTP server accepted it; kept: the shop has no SMTP_URL, so it is kept here, not sent; failed: every attempt failed (lastError says why)",
    }),
    attempts: z.number().int().openapi({ description: "Delivery attempts since it was last queued" }),
    lastError: z.string().nullable(),
    orderId: z.string().nullable(),
    createdAt: isoDate,
    sentAt: isoDate.nullable(),
  })
  .openapi("MessageSummary");

/** `MessageJson` (api/lib/messages/admin-messages.ts). */
export const messageSchema = messageSummarySchema.extend({ html: z.string(), text: z.string() }).openapi("Message");

export const importResultSchema = z
  .object({
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    variants: z.number().int(),
  })
  .openapi("ImportResult");

/** What a Cash on Delivery confirm/cancel link's page shows of its order (api/lib/orders/cod-confirmation.ts). */
export const codLinkOrderSchema = z
  .object({
    id: z.string(),
    createdAt: isoDate,
    totalAmount: z.number().int(),
    products: z.array(z.object({ title: z.string(), size: z.string(), qty: z.number().int(), amount: z.number() })),
    status: z.enum(ORDER_STATES),
    codConfirmation: z.enum(COD_CONFIRMATIONS).nullable(),
    codConfirmDueAt: isoDate.nullable(),
    canConfirm: z.boolean(),
    canCancel: z.boolean(),
  })
  .openapi("CodLinkOrder", { description: "What a confirm/cancel link's page shows of its order (no address)" });
