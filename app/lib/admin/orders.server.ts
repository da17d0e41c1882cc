import { data } from "react-router";
import { ID_PATTERN } from "../../../api/contract";
import { NO_BACK_OFFICE_ACCESS } from "./sections";
import { currentPath, signOutHeaders } from "../session/session.server";
import { loginHref } from "../page/root-data";
import { SESSION_ENDED } from "../session/require-shopper.server";
import { redirectWithError } from "../forms/toast.server";
import type { Refused } from "../userapp/transport.server";

/** An order as `GET /userapp/admin/orders` lists it: with its shopper and the changes an admin can make now. */
export type { AdminOrderDetail, AdminOrderJson, AuditEntry } from "../../../api/contract/types";

/**
 * What a back-office page does when the API refused a call for a reason that is not the page's
 * to show: a token no longer accepted signs the browser out and goes to /login; a user no longer
 * an admin gets the 403 page; an unknown order the 404 page; anything else the failure page.
 */
export async function failedAdminCall(request: Request, result: Refused): Promise<never> {
  if (result.code === "UNAUTHENTICATED") {
    throw await redirectWithError(loginHref(currentPath(request)), SESSION_ENDED, {
      status: 302,
      headers: await signOutHeaders(request),
    });
  }
  if (result.code === "FORBIDDEN") throw data(NO_BACK_OFFICE_ACCESS, { status: 403 });
  if (result.code === "NOT_FOUND") throw data("Order not found", { status: 404 });
  throw data("The back office is unavailable right now.", { status: 503 });
}

/** A 404 ("{what} not found") for anything that cannot be a record id, before asking the API. */
export function requireRecordId(id: string | undefined, what: string): string {
  if (!id || !ID_PATTERN.test(id)) throw data(`${what} not found`, { status: 404 });
  return id;
}

/** A 404 for anything that cannot be an order id, before asking the API. */
export const requireOrderId = (id: string | undefined) => requireRecordId(id, "Order");
