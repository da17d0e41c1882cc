import type { ComponentProps, ReactNode } from "react";
import { data, Form, Link } from "react-router";
import type { AdminEvent, CourierJson } from "../../api/contract/types";
import { adminMeta, cellClass, headCellClass, tableClass } from "~/components/admin/catalogue-parts";
import { codConfirmationText, formatDateTime, StateBadge } from "~/components/admin/order-parts";
import { orderStatusLabel, paymentStatusText } from "~/lib/admin/order-labels";
import { secondaryButton } from "~/components/account/form-actions";
import { FormError, primaryButton } from "~/components/form-field";
import { timelineOf } from "~/lib/orders/order-format";
import { AddressText, OrderLines, OrderTotals } from "~/components/orders/order-lines";
import { usePending } from "~/components/use-is-pending";
import { OrderReasons, StatusTimeline } from "~/components/orders/status-timeline";
import { Field, type FieldProps } from "~/components/admin/admin-field";
import { REASON_LISTS } from "../../api/contract/order-reasons";
import { REASON_CHANGES } from "~/components/admin/reason-changes";
import { ReasonPicker } from "~/components/orders/reason-picker";
import { type ReasonInput, readReasonForm } from "~/lib/orders/reason-form";
import { ShipForm } from "~/components/admin/ship-form";
import { ADMIN_ORDERS_PATH, adminOrderPath } from "~/lib/admin/sections";
import { requireAdmin } from "~/lib/admin/require-admin.server";
import { auditDiff } from "~/lib/admin/audit-diff";
import { type AdminOrderDetail, type AuditEntry, failedAdminCall, requireOrderId } from "~/lib/admin/orders.server";
import type { OrderChange } from "~/lib/userapp/admin.server";
import { paymentLabel } from "~/lib/payment/methods";
import { redirectWithSuccess } from "~/lib/forms/toast.server";
import type { Route } from "./+types/admin.orders.$id";

export const meta: Route.MetaFunction = ({ params }) => adminMeta(`Order ${params.id}`);

/** The order with its shopper, the changes an admin can make now (`allowedEvents`) and its audit rows. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { api } = await requireAdmin(request, context);
  const id = requireOrderId(params.id);
  const [result, couriers] = await Promise.all([api.order(id), api.couriers()]);
  if (!result.ok) return failedAdminCall(request, result);
  // The ship form's list; without it the form says so rather than the page failing.
  return { order: result.data, couriers: couriers.ok ? couriers.data : [] };
}

type Field = "utr" | "reference" | "reasonCode" | "reason" | "courierId" | "trackingNumber";
const FIELDS: readonly string[] = [
  "utr",
  "reference",
  "reasonCode",
  "reason",
  "courierId",
  "trackingNumber",
] satisfies Field[];

/** What the action answers when the API (or the form) refused a change: shown on this page. */
export type AdminOrderActionData = {
  intent: AdminEvent;
  formError: string | null;
  fieldErrors: Partial<Record<Field, string>>;
  /** The reason a refused cancel or return to origin sent, shown again. */
  sent?: ReasonInput;
};

/** Each intent's API call, and the toast once it is done. */
const CHANGES: Record<AdminEvent, { path: OrderChange; body: (form: FormData) => object; done: string }> = {
  ship: {
    path: "status",
    body: (form) => ({
      status: "shipped",
      courierId: text(form, "courierId"),
      trackingNumber: text(form, "trackingNumber"),
    }),
    done: "The order is marked as shipped.",
  },
  outForDelivery: {
    path: "status",
    body: () => ({ status: "outForDelivery" }),
    done: "The order is marked as out for delivery.",
  },
  deliver: { path: "status", body: () => ({ status: "delivered" }), done: "The order is marked as delivered." },
  cancel: {
    path: "status",
    body: (form) => ({ status: "cancelled", reasonCode: text(form, "reasonCode"), reason: text(form, "reason") }),
    done: "The order is cancelled.",
  },
  returnToOrigin: {
    path: "status",
    body: (form) => ({
      status: "returnedToOrigin",
      reasonCode: text(form, "reasonCode"),
      reason: text(form, "reason"),
    }),
    done: "The order is marked as returned to origin.",
  },
  pay: { path: "payment", body: (form) => ({ utr: text(form, "utr") }), done: "The order is marked as paid." },
  reinstate: { path: "reinstate", body: () => ({}), done: "The order is reinstated." },
  refund: { path: "refund", body: (form) => ({ reference: text(form, "reference") }), done: "The refund is recorded." },
};

const text = (form: FormData, name: string) => String(form.get(name) ?? "").trim();
const isIntent = (value: unknown): value is AdminEvent => typeof value === "string" && Object.hasOwn(CHANGES, value);

/**
 * One change per post (`intent`: ship, outForDelivery, deliver, cancel, returnToOrigin, pay,
 * reinstate, refund), made by the
 * API, which decides whether the order allows it now: done, back here with a toast (303); refused,
 * this page again with the API's reason (409) or the field it refused (422, a UTR that is not 12 digits).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { api } = await requireAdmin(request, context);
  const id = requireOrderId(params.id);
  const form = await request.formData();
  const intent = form.get("intent");
  if (!isIntent(intent)) throw data("Unknown change", { status: 400 });
  const reasonList = intent === "cancel" ? "adminCancel" : intent === "returnToOrigin" ? "returnToOrigin" : null;
  const reason = reasonList ? readReasonForm(form, reasonList) : null;
  const refused = (status: number, formError: string | null, fieldErrors: AdminOrderActionData["fieldErrors"] = {}) =>
    data<AdminOrderActionData>({ intent, formError, fieldErrors, sent: reason?.input }, { status });
  // An admin's cancel or return to origin says why, from its list: the shopper reads it on their order page.
  if (reason?.errors)
    return refused(400, null, {
      ...(reason.errors.reasonCode ? { reasonCode: reason.errors.reasonCode } : {}),
      ...(reason.errors.reason ? { reason: reason.errors.reason } : {}),
    });
  // The back office records the courier and tracking number of every parcel it ships.
  if (intent === "ship" && !text(form, "courierId")) return refused(400, null, { courierId: "Choose the courier" });
  if (intent === "ship" && !text(form, "trackingNumber"))
    return refused(400, null, { trackingNumber: "Enter the parcel's tracking number" });

  const change = CHANGES[intent];
  const result = await api.changeOrder(id, change.path, change.body(form));
  // A payment recorded on a cancelled order: the API says what is due now.
  if (result.ok)
    return redirectWithSuccess(
      adminOrderPath(id),
      intent === "pay" && result.data.status === "cancelled" ? result.message : change.done,
    );
  if (result.code === "ORDER_STATE" || result.code === "UTR_TAKEN" || result.code === "NOT_ENOUGH_STOCK")
    return refused(409, result.message);
  if (result.code === "COURIER_UNKNOWN") return refused(400, null, { courierId: result.message });
  if (result.code === "REASON_UNKNOWN") return refused(400, null, { reasonCode: result.message });
  if (result.code === "VALIDATION") {
    const fieldErrors: AdminOrderActionData["fieldErrors"] = {};
    for (const item of result.data) {
      if (FIELDS.includes(item.path) && item.message) fieldErrors[item.path as Field] ??= item.message;
    }
    return Object.keys(fieldErrors).length > 0 ? refused(422, null, fieldErrors) : refused(422, result.message);
  }
  return failedAdminCall(request, result);
}

export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order, couriers } = loaderData;
  const refusal = actionData as AdminOrderActionData | undefined;
  return (
    <section aria-labelledby="order-title" className="space-y-6">
      <div>
        <Link to={ADMIN_ORDERS_PATH} className="text-sm font-semibold text-brand hover:underline">
          ← All orders
        </Link>
        <h1 id="order-title" className="mt-2 text-2xl font-bold break-all text-gray-900">
          Order <span className="font-mono">{order.orderNumber}</span>
        </h1>
        <p className="text-xs text-gray-600">
          Reference <span className="font-mono break-all">{order._id}</span>
        </p>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-gray-700">
          Placed {formatDateTime(order.createdAt)}
          <StateBadge>{orderStatusLabel(order.status)}</StateBadge>
          <StateBadge>{paymentStatusText(order.paymentStatus)}</StateBadge>
        </p>
      </div>

      <FormError id="admin-order-error" errors={refusal?.formError ? [refusal.formError] : undefined} />

      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="min-w-0 space-y-6">
          <Panel id="items-title" title="Items">
            <OrderLines lines={order.products} />
            <OrderTotals
              itemsAmount={order.itemsAmount}
              platformFee={order.platformFee}
              totalAmount={order.totalAmount}
            />
            <p className="mt-3 text-sm">
              <Link to={`${adminOrderPath(order._id)}/invoice`} className="font-semibold text-brand hover:underline">
                Tax invoice
              </Link>{" "}
              <span className="text-gray-600">(printable, one per seller)</span>
            </p>
          </Panel>
          <Panel id="shopper-title" title="Shopper and delivery">
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-gray-600">Shopper</dt>
              <dd className="break-all">
                {order.user.name ? `${order.user.name}, ` : ""}
                {order.user.email}
              </dd>
              <dt className="text-gray-600">Address</dt>
              <dd>
                <AddressText address={order.address} wholeMobile />
              </dd>
            </dl>
          </Panel>
          <Panel id="payment-title" title="Payment">
            <PaymentDetails order={order} />
          </Panel>
          <Panel id="audit-title" title="Audit">
            <AuditTable entries={order.audit} />
          </Panel>
        </div>
        <div className="min-w-0 space-y-6">
          <Panel id="actions-title" title="Actions">
            <OrderChanges order={order} couriers={couriers} refusal={refusal ?? null} />
          </Panel>
          <Panel id="timeline-title" title="Timeline">
            <StatusTimeline steps={timelineOf(order)} />
            <OrderReasons order={order} />
          </Panel>
        </div>
      </div>
    </section>
  );
}

function PaymentDetails({ order }: { order: AdminOrderDetail }) {
  const rows: [string, ReactNode][] = [
    ["Method", paymentLabel(order.paymentMethod)],
    ["Status", paymentStatusText(order.paymentStatus)],
  ];
  if (order.paymentDueAt) rows.push(["Due by", formatDateTime(order.paymentDueAt)]);
  const confirmation = codConfirmationText(order);
  if (confirmation) rows.push(["Confirmation", confirmation]);
  if (order.paymentReference) rows.push(["UTR", <span className="font-mono">{order.paymentReference}</span>]);
  if (order.paidAt) rows.push(["Paid", formatDateTime(order.paidAt)]);
  if (order.refundReference)
    rows.push(["Refund reference", <span className="font-mono break-all">{order.refundReference}</span>]);
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-gray-600">{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What an audit row changed: each field whose value differs, before → after (as the Audit page reads it). */
function changesOf(entry: AuditEntry): string {
  const lines = auditDiff(entry.before, entry.after);
  return lines.map((line) => `${line.label}: ${line.before} → ${line.after}`).join("; ") || "no change";
}

function AuditTable({ entries }: { entries: AuditEntry[] }) {
  if (entries.length === 0) return <p className="text-sm text-gray-700">No admin has changed this order yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className={tableClass}>
        <thead>
          <tr>
            <th scope="col" className={headCellClass}>
              When
            </th>
            <th scope="col" className={headCellClass}>
              Who
            </th>
            <th scope="col" className={headCellClass}>
              Action
            </th>
            <th scope="col" className={headCellClass}>
              Change
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry, index) => (
            <tr key={`${entry.at}-${index}`}>
              <td className={`${cellClass} whitespace-nowrap`}>{formatDateTime(entry.at)}</td>
              <td className={`${cellClass} break-all`}>{entry.actorEmail ?? entry.actorId}</td>
              <td className={`${cellClass} font-mono`}>{entry.action}</td>
              <td className={`${cellClass} break-words`}>{changesOf(entry)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const dangerButton =
  "inline-flex items-center justify-center rounded-md bg-red-700 px-5 py-2.5 font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-60";

/** A form for each change the order allows now (the API's `allowedEvents`), and only those. */
function OrderChanges({
  order,
  couriers,
  refusal,
}: {
  order: AdminOrderDetail;
  couriers: CourierJson[];
  refusal: AdminOrderActionData | null;
}) {
  const action = adminOrderPath(order._id);
  const pending = usePending({ formAction: action });
  const pendingIntent = pending ? String(pending.formData?.get("intent") ?? "") : null;
  const allowed = new Set(order.allowedEvents);
  const errorOf = (intent: AdminEvent, field: Field) =>
    refusal?.intent === intent ? (refusal.fieldErrors[field] ?? null) : null;
  // Why no ship button: a Cash on Delivery order ships once its shopper confirms it (the API refuses it before).
  const awaiting =
    order.codConfirmation === "awaiting" && order.status === "confirmed" ? (
      <p role="note" className="text-sm text-gray-700">
        Awaiting COD confirmation: the shopper confirms the order with the link emailed to them. It can ship once
        confirmed
        {order.codConfirmDueAt ? `, and is cancelled if not confirmed by ${formatDateTime(order.codConfirmDueAt)}` : ""}
        .
      </p>
    ) : null;
  if (allowed.size === 0) return <p className="text-sm text-gray-700">Nothing more can be done with this order.</p>;

  // The intent rides a hidden field, so pressing Enter in a field sends it as well as the button does.
  const button = (intent: AdminEvent, label: string, busy: string, className = primaryButton) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className={className} disabled={pendingIntent !== null}>
        {pendingIntent === intent ? busy : label}
      </button>
    </>
  );
  const steps: [AdminEvent, string, string][] = [
    ["ship", "Mark as shipped", "Marking as shipped…"],
    ["outForDelivery", "Mark as out for delivery", "Marking as out for delivery…"],
    ["deliver", "Mark as delivered", "Marking as delivered…"],
  ];
  return (
    <div className="space-y-5">
      {awaiting}
      {steps
        .filter(([intent]) => allowed.has(intent))
        .map(([intent, label, busy]) =>
          intent === "ship" ? (
            <ShipForm
              key={intent}
              action={action}
              couriers={couriers}
              errors={{ courierId: errorOf("ship", "courierId"), trackingNumber: errorOf("ship", "trackingNumber") }}
            >
              {button(intent, label, busy)}
            </ShipForm>
          ) : (
            <Form key={intent} method="post" action={action}>
              {button(intent, label, busy)}
            </Form>
          ),
        )}
      {allowed.has("pay") ? (
        <Form method="post" action={action} className="flex flex-col gap-2">
          <TextField
            id="utr"
            label="UPI transaction reference (UTR)"
            hint={
              order.status === "cancelled"
                ? "The 12 digits from the shop's bank statement. The order is cancelled: the payment is recorded as paid after cancellation, to refund or to reinstate the order on."
                : "The 12 digits from the shop's bank statement."
            }
            error={errorOf("pay", "utr")}
            inputProps={{
              name: "utr",
              inputMode: "numeric",
              pattern: "\\d{12}",
              minLength: 12,
              maxLength: 12,
              required: true,
              autoComplete: "off",
            }}
          />
          <div>{button("pay", "Mark as paid", "Marking as paid…")}</div>
        </Form>
      ) : null}
      {allowed.has("reinstate") ? (
        <Form method="post" action={action} className="flex flex-col gap-2">
          <p className="text-sm text-gray-700">
            Paid after it was cancelled. Reinstating takes its products from stock again, and works only while every
            line is in stock; otherwise refund the payment.
          </p>
          <div>{button("reinstate", "Reinstate the order", "Reinstating…")}</div>
        </Form>
      ) : null}
      {allowed.has("refund") ? (
        <Form method="post" action={action} className="flex flex-col gap-2">
          <TextField
            id="refund-reference"
            label="Refund reference"
            hint="The reference of the money sent back (a UTR or the bank's)."
            error={errorOf("refund", "reference")}
            inputProps={{ name: "reference", maxLength: 100, required: true, autoComplete: "off" }}
          />
          <div>{button("refund", "Record refund", "Recording refund…", secondaryButton)}</div>
        </Form>
      ) : null}
      {REASON_CHANGES.filter((change) => allowed.has(change.intent)).map((change) => (
        <Form
          key={change.intent}
          method="post"
          action={action}
          className="flex flex-col gap-2 border-t border-gray-200 pt-4"
        >
          <ReasonPicker
            id={change.id}
            legend={change.label}
            options={REASON_LISTS[change.list]}
            textLabel="Other reason, or a note"
            errors={{ reasonCode: errorOf(change.intent, "reasonCode"), reason: errorOf(change.intent, "reason") }}
            sent={refusal?.intent === change.intent ? (refusal.sent ?? null) : null}
          />
          <p className="text-xs text-gray-600">{change.hint}</p>
          <div>{button(change.intent, change.button, change.busy, dangerButton)}</div>
        </Form>
      ))}
    </div>
  );
}

function TextField({
  inputProps,
  ...field
}: Omit<FieldProps, "control"> & { inputProps: Omit<ComponentProps<"input">, "id" | "className"> }) {
  return <Field {...field} control={(props) => <input {...inputProps} {...props} />} />;
}

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="h-fit min-w-0 rounded-lg border border-gray-200 bg-white p-4">
      <h2 id={id} className="mb-2 font-bold text-gray-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
