import { z } from "@hono/zod-openapi";
import { ORDER_QUEUES } from "../orders/order-queues";
import { PERIODS } from "./dashboard-period";

// What GET /userapp/admin/dashboard answers (docs/back-office.md defines every figure).

const int = () => z.number().int();
const day = () => z.string().openapi({ example: "2026-11-23" });

const figuresSchema = z.object({
  sales: int().openapi({ description: "Placed, less cancelled, refused at the door and refunded, in the period" }),
  placedAmount: int(),
  cancelledAmount: int(),
  refusedAmount: int(),
  refundedAmount: int(),
  orders: int(),
  units: int(),
  charged: int(),
  discounts: int(),
  ordersWithPromotion: int(),
  newShoppers: int(),
  averageOrderValue: int(),
  invoiced: z.object({ invoices: int(), creditNotes: int(), taxablePaise: int(), gstPaise: int() }),
  reviews: int(),
  published: int(),
  averageRating: z.number().nullable(),
});

const sellerSchema = z.object({ id: z.string(), title: z.string(), category: z.string(), sales: int(), units: int() });
const reasonSchema = z.object({ code: z.string(), orders: int(), amount: int() });

export const dashboardSchema = z
  .object({
    period: z.object({
      name: z.enum(PERIODS),
      from: day(),
      to: day(),
      days: int(),
      previous: z.object({ from: day(), to: day() }),
    }),
    current: figuresSchema,
    previous: figuresSchema,
    salesByDay: z.array(
      z.object({
        day: day(),
        sales: int(),
        orders: int(),
        placed: int(),
        cancelled: int(),
        refused: int(),
        refunded: int(),
      }),
    ),
    paymentMix: z.array(z.object({ method: z.enum(["cod", "Upi"]), orders: int(), sales: int() })),
    outcomes: z.object({
      cod: z.object({
        confirmed: int(),
        awaiting: int(),
        notConfirmedInTime: int(),
        refusedAtDoor: int(),
        delivered: int(),
      }),
      upi: z.object({ paid: int(), awaitingPayment: int(), expired: int(), paidLate: int() }),
    }),
    reasons: z.object({ cancellations: z.array(reasonSchema), returns: z.array(reasonSchema) }),
    top: z.object({
      bySales: z.array(sellerSchema),
      byUnits: z.array(sellerSchema),
      categories: z.array(z.object({ category: z.string(), sales: int(), units: int() })),
    }),
    needsNow: z.object({
      ...(Object.fromEntries(ORDER_QUEUES.map((queue) => [queue, int()])) as Record<
        (typeof ORDER_QUEUES)[number],
        ReturnType<typeof int>
      >),
      reviewsToModerate: int(),
      lowStock: int(),
      failedMessages: int(),
      failedWebhooks: int(),
    }),
  })
  .openapi("Dashboard");
