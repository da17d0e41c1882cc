import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Task } from "graphile-worker";
import type { Database, Transaction } from "../../db/client";
import { orderItems, orders } from "../../db/schema";
import { hashToken } from "../accounts/auth";
import { stockChanged } from "../catalogue/catalogue-cache";
import type { ApiDeps, ShopIdentity } from "../context";
import { badRequest } from "../http/http";
import type { MessageAction } from "../messages/order-messages";
import { changeOrder, expireLocked, putBack } from "./order-changes";
import { decide } from "./order-lifecycle";
import { NO_REASON } from "./order-reasons";
import {
  awaitsCodConfirmation,
  type CodConfirmation,
  isCodOverdue,
  type OrderRow,
  type OrderState,
} from "./order-states";

/*
 * A Cash on Delivery order's confirmation by its shopper (docs/decisions/028-cod-confirmation.md):
 * placed "awaiting", with a random token whose hash is kept on the order; the message of the
 * order carries two links with the token, to confirm it or cancel it. Opening a link only shows
 * a page (mail scanners open links): its one button posts. A queue job cancels the order at its
 * deadline if it is still awaiting, and puts its stock back.
 */

/** The queue job that cancels an order not confirmed in time (api/lib/messages/delivery.ts runs it). */
export const COD_CONFIRM_EXPIRE = "cod-confirm-expire";

/** A link's token: 32 random bytes, base64url (43 characters). Anything else is an unknown link. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Why a confirm/cancel link does not work (400, `data.problem`). */
export const COD_LINK_UNKNOWN =
  "This link is not valid. Check that you copied all of it from the email about your order.";

/** A new token for an order's links, and the hash that is stored. */
export function newCodToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashToken(token) };
}

/** The two calls to action of the confirmation message: confirm, and cancel. */
export const codLinks = (shop: ShopIdentity, token: string): MessageAction[] => [
  { label: "Confirm my order", href: `${shop.origin}/cod/confirm?token=${token}` },
  { label: "Cancel", href: `${shop.origin}/cod/cancel?token=${token}` },
];

/** Adds the order's expiry job at its deadline, in `tx`: the transaction that places it. */
export async function scheduleCodConfirmExpiry(
  tx: Transaction | Database,
  order: { id: string; dueAt: Date },
): Promise<void> {
  await tx.execute(sql`select graphile_worker.add_job(${COD_CONFIRM_EXPIRE},
    json_build_object('orderId', ${order.id}::text), run_at => ${order.dueAt.toISOString()}::timestamptz,
    max_attempts => 10, job_key => ${`cod-expire:${order.id}`}::text)`);
}

export type CodJobDeps = { db: Database; shop: ShopIdentity; now: () => Date };

/**
 * Cancels the order at its deadline if it still awaits its confirmation, and puts its stock back.
 * A row another transaction holds is being changed (confirmed, cancelled, or expired on the way by
 * changeOrder): the job looks again later rather than wait. Run early (the database's clock ahead
 * of ours), it fails and is tried again.
 */
export const codConfirmExpireTask =
  (deps: CodJobDeps): Task =>
  async (payload) => {
    const orderId = (payload as { orderId?: unknown } | null)?.orderId;
    if (typeof orderId !== "string") throw new Error("The job names no order");
    const now = deps.now();
    const awaiting = and(
      eq(orders.id, orderId),
      eq(orders.status, "confirmed"),
      eq(orders.codConfirmation, "awaiting"),
    );
    const outcome = await deps.db.transaction(async (tx) => {
      const [row] = await tx.select().from(orders).where(awaiting).for("update", { skipLocked: true });
      if (!row) {
        const [busy] = await tx.select({ id: orders.id }).from(orders).where(awaiting);
        return busy ? "busy" : "done";
      }
      if (!isCodOverdue(row, now)) return "early";
      await putBack(tx, await expireLocked(tx, [row], now, deps.shop));
      return "expired";
    });
    if (outcome === "expired") stockChanged();
    if (outcome === "early") throw new Error(`Order ${orderId}'s confirmation time has not passed yet`);
    if (outcome === "busy") throw new Error(`Order ${orderId} is being changed; its expiry is tried again`);
  };

/** What a confirm/cancel link's page shows of its order: no address, nothing the link does not need. */
export type CodLinkOrder = {
  id: string;
  createdAt: string;
  totalAmount: number;
  products: { title: string; size: string; qty: number; amount: number }[];
  status: OrderState;
  codConfirmation: CodConfirmation | null;
  codConfirmDueAt: string | null;
  /** Whether the link's buttons can work now. */
  canConfirm: boolean;
  canCancel: boolean;
};

/** The order of a link's token, or 400 (`data.problem: "unknown"`). The token's shape is checked before any query. */
async function orderOfToken(db: Database, token: string): Promise<OrderRow> {
  if (!TOKEN_PATTERN.test(token)) throw badRequest(COD_LINK_UNKNOWN, { problem: "unknown" }, "LINK_UNKNOWN");
  const [row] = await db
    .select()
    .from(orders)
    .where(eq(orders.codTokenHash, hashToken(token)))
    .limit(1);
  if (!row) throw badRequest(COD_LINK_UNKNOWN, { problem: "unknown" }, "LINK_UNKNOWN");
  return row;
}

/** The order a confirm/cancel link names, as its page shows it. */
export async function codLinkOrder(deps: Pick<ApiDeps, "db" | "now">, token: string): Promise<CodLinkOrder> {
  return summary(deps, await orderOfToken(deps.db, token));
}

async function summary(deps: Pick<ApiDeps, "db" | "now">, row: OrderRow): Promise<CodLinkOrder> {
  const now = deps.now();
  const items = await deps.db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, row.id))
    .orderBy(orderItems.position);
  const waiting = awaitsCodConfirmation(row) && !isCodOverdue(row, now);
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    totalAmount: row.totalAmount,
    products: items.map((item) => ({ title: item.title, size: item.size, qty: item.qty, amount: item.amount })),
    status: row.status as OrderState,
    codConfirmation: row.codConfirmation as CodConfirmation | null,
    codConfirmDueAt: waiting ? (row.codConfirmDueAt?.toISOString() ?? null) : null,
    canConfirm: decide(row, { type: "confirmCod" }, now).ok,
    canCancel: decide(row, { type: "cancel", reason: NO_REASON }, now).ok && !isCodOverdue(row, now),
  };
}

/** Confirms the link's order (409 saying why when it cannot be: confirmed already, cancelled, too late). */
export async function confirmCodOrder(deps: Pick<ApiDeps, "db" | "now" | "shop">, token: string) {
  const row = await orderOfToken(deps.db, token);
  return summary(deps, await changeOrder(deps, { orderId: row.id, event: { type: "confirmCod" } }));
}

/** Cancels the link's order while it has not shipped (409 saying why otherwise); its stock goes back. */
export async function cancelCodOrder(deps: Pick<ApiDeps, "db" | "now" | "shop">, token: string) {
  const row = await orderOfToken(deps.db, token);
  return summary(deps, await changeOrder(deps, { orderId: row.id, event: { type: "cancel", reason: NO_REASON } }));
}
