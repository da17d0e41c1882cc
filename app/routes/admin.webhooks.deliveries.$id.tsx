import type { ReactNode } from "react";
import { data, Form, Link } from "react-router";
import { adminMeta, linkClass } from "~/components/admin/catalogue-parts";
import { formatDateTime, StateBadge } from "~/components/admin/order-parts";
import { FormError, primaryButton } from "~/components/form-field";
import { usePending } from "~/components/use-is-pending";
import { ID_PATTERN } from "../../api/contract";
import { adminOrderPath } from "~/lib/admin/sections";
import {
  adminWebhookPath,
  DELIVERY_STATE_LABELS,
  WEBHOOK_DELIVERIES_PATH,
  WEBHOOK_EVENT_LABELS,
  webhookDeliveryPath,
} from "~/lib/admin/webhooks";
import { failedLoad } from "~/lib/admin/catalogue.server";
import { failedAdminCall } from "~/lib/admin/orders.server";
import { requireAdmin } from "~/lib/admin/require-admin.server";
import { redirectWithSuccess } from "~/lib/forms/toast.server";
import type { Route } from "./+types/admin.webhooks.deliveries.$id";

const NOT_FOUND = "Delivery not found";

function requireDeliveryId(id: string | undefined): string {
  if (!id || !ID_PATTERN.test(id)) throw data(NOT_FOUND, { status: 404 });
  return id;
}

export const meta: Route.MetaFunction = () => adminMeta("Webhook delivery");

/** One delivery: its event, endpoint, state, attempts and last error, and the JSON it POSTs. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { api } = await requireAdmin(request, context);
  const result = await api.webhookDelivery(requireDeliveryId(params.id));
  if (!result.ok) return failedLoad(request, result, NOT_FOUND);
  return { delivery: result.data };
}

/** The one change: queue a failed delivery again. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { api } = await requireAdmin(request, context);
  const id = requireDeliveryId(params.id);
  const result = await api.retryWebhookDelivery(id);
  if (result.ok) return redirectWithSuccess(webhookDeliveryPath(id), "The delivery is queued again.");
  if (result.code === "RETRY_STATE" || result.code === "ENDPOINT_DISABLED")
    return data({ formError: result.message }, { status: 409 });
  if (result.code === "NOT_FOUND") throw data(NOT_FOUND, { status: 404 });
  return failedAdminCall(request, result);
}

/** The payload as sent, indented for reading (what is sent is the compact text). */
const readable = (payload: string) => {
  try {
    return JSON.stringify(JSON.parse(payload), null, 2);
  } catch {
    return payload;
  }
};

const termClass = "font-medium text-gray-700";

function Term({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className={termClass}>{term}</dt>
      <dd className="break-words">{children}</dd>
    </>
  );
}

export default function WebhookDelivery({ loaderData, actionData }: Route.ComponentProps) {
  const { delivery } = loaderData;
  const action = webhookDeliveryPath(delivery.id);
  const pending = usePending({ formAction: action });
  return (
    <section aria-labelledby="delivery-title" className="space-y-6">
      <div>
        <Link to={WEBHOOK_DELIVERIES_PATH} className="text-sm font-semibold text-brand hover:underline">
          ← All deliveries
        </Link>
        <h1 id="delivery-title" className="mt-2 text-2xl font-bold text-gray-900">
          {WEBHOOK_EVENT_LABELS[delivery.eventType]}
        </h1>
      </div>
      <dl className="grid max-w-3xl grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <Term term="Endpoint">
          <Link to={adminWebhookPath(delivery.endpointId)} className={`${linkClass} break-all`}>
            {delivery.endpointUrl}
          </Link>
        </Term>
        <Term term="State">
          <StateBadge>{DELIVERY_STATE_LABELS[delivery.state]}</StateBadge>
        </Term>
        <Term term="Attempts">{delivery.attempts}</Term>
        {delivery.lastStatus !== null ? <Term term="Last HTTP status">{delivery.lastStatus}</Term> : null}
        {delivery.lastError ? (
          <Term term="Last error">
            <span className="text-red-800">{delivery.lastError}</span>
          </Term>
        ) : null}
        <Term term="Created">
          <time dateTime={delivery.createdAt}>{formatDateTime(delivery.createdAt)}</time>
        </Term>
        {delivery.lastAttemptAt ? (
          <Term term="Last attempt">
            <time dateTime={delivery.lastAttemptAt}>{formatDateTime(delivery.lastAttemptAt)}</time>
          </Term>
        ) : null}
        {delivery.deliveredAt ? (
          <Term term="Delivered">
            <time dateTime={delivery.deliveredAt}>{formatDateTime(delivery.deliveredAt)}</time>
          </Term>
        ) : null}
        <Term term="Event">
          <code className="text-xs">{delivery.eventType}</code> <code className="text-xs">{delivery.eventId}</code>
        </Term>
        {delivery.orderId ? (
          <Term term="Order">
            <Link to={adminOrderPath(delivery.orderId)} className={`${linkClass} font-mono text-xs`}>
              {delivery.orderId}
            </Link>
          </Term>
        ) : null}
      </dl>
      <FormError id="delivery-error" errors={actionData?.formError ? [actionData.formError] : undefined} />
      {delivery.state === "failed" ? (
        <Form method="post" action={action}>
          <button type="submit" className={primaryButton} disabled={pending !== null}>
            {pending ? "Queueing…" : "Try again"}
          </button>
        </Form>
      ) : null}
      <div className="space-y-2">
        <h2 className="text-lg font-semibold text-gray-900">Payload</h2>
        <pre className="max-w-3xl overflow-x-auto rounded border border-gray-200 bg-gray-50 p-4 text-xs">
          {readable(delivery.payload)}
        </pre>
      </div>
    </section>
  );
}
