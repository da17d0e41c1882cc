import { data, Form, Link } from "react-router";
import { adminMeta, linkClass } from "~/components/admin/catalogue-parts";
import { formatDateTime, StateBadge } from "~/components/admin/order-parts";
import { FormError, primaryButton } from "~/components/form-field";
import { usePending } from "~/components/use-is-pending";
import { ADMIN_MESSAGES_PATH, adminMessagePath, adminOrderPath, MESSAGE_STATE_LABELS } from "~/lib/admin/sections";
import { failedLoad } from "~/lib/admin/catalogue.server";
import { failedAdminCall, requireRecordId } from "~/lib/admin/orders.server";
import { requireAdmin } from "~/lib/admin/require-admin.server";
import { redirectWithSuccess } from "~/lib/forms/toast.server";
import type { Route } from "./+types/admin.messages.$id";

const NOT_FOUND = "Message not found";

const requireMessageId = (id: string | undefined) => requireRecordId(id, "Message");

export const meta: Route.MetaFunction = () => adminMeta("Message");

/** One message: who it went to, its state and attempts, and its HTML and text as sent. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { api } = await requireAdmin(request, context);
  const result = await api.message(requireMessageId(params.id));
  if (!result.ok) return failedLoad(request, result, NOT_FOUND);
  return { message: result.data };
}

/** The one change: queue a failed (or kept) message again. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { api } = await requireAdmin(request, context);
  const id = requireMessageId(params.id);
  const result = await api.retryMessage(id);
  if (result.ok) return redirectWithSuccess(adminMessagePath(id), "The message is queued again.");
  if (result.code === "RETRY_STATE") return data({ formError: result.message }, { status: 409 });
  if (result.code === "NOT_FOUND") throw data(NOT_FOUND, { status: 404 });
  return failedAdminCall(request, result);
}

const termClass = "font-medium text-gray-700";

export default function AdminMessage({ loaderData, actionData }: Route.ComponentProps) {
  const { message } = loaderData;
  const action = adminMessagePath(message.id);
  const pending = usePending({ formAction: action });
  const canRetry = message.state === "failed" || message.state === "kept";
  return (
    <section aria-labelledby="message-title" className="space-y-6">
      <div>
        <Link to={ADMIN_MESSAGES_PATH} className="text-sm font-semibold text-brand hover:underline">
          ← All messages
        </Link>
        <h1 id="message-title" className="mt-2 text-2xl font-bold break-words text-gray-900">
          {message.subject}
        </h1>
      </div>
      <dl className="grid max-w-2xl grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className={termClass}>To</dt>
        <dd className="break-all">{message.to}</dd>
        <dt className={termClass}>State</dt>
        <dd>
          <StateBadge>{MESSAGE_STATE_LABELS[message.state]}</StateBadge>
        </dd>
        <dt className={termClass}>Attempts</dt>
        <dd>{message.attempts}</dd>
        {message.lastError ? (
          <>
            <dt className={termClass}>Last error</dt>
            <dd className="break-words text-red-800">{message.lastError}</dd>
          </>
        ) : null}
        <dt className={termClass}>Created</dt>
        <dd>
          <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
        </dd>
        {message.sentAt ? (
          <>
            <dt className={termClass}>Sent</dt>
            <dd>
              <time dateTime={message.sentAt}>{formatDateTime(message.sentAt)}</time>
            </dd>
          </>
        ) : null}
        <dt className={termClass}>Event</dt>
        <dd className="font-mono text-xs">{message.kind}</dd>
        {message.orderId ? (
          <>
            <dt className={termClass}>Order</dt>
            <dd>
              <Link to={adminOrderPath(message.orderId)} className={`${linkClass} font-mono text-xs`}>
                {message.orderId}
              </Link>
            </dd>
          </>
        ) : null}
      </dl>
      <FormError id="message-error" errors={actionData?.formError ? [actionData.formError] : undefined} />
      {canRetry ? (
        <Form method="post" action={action}>
          <button type="submit" className={primaryButton} disabled={pending !== null}>
            {pending ? "Queueing…" : message.state === "kept" ? "Send it now" : "Try again"}
          </button>
        </Form>
      ) : null}
      <div className="space-y-2">
        <h2 className="text-lg font-semibold text-gray-900">As HTML</h2>
        {/* The message's own HTML, in a sandbox: no scripts, no forms, nothing of this page's. */}
        <iframe
          title="The message as HTML"
          sandbox=""
          srcDoc={message.html}
          className="h-[36rem] w-full max-w-3xl rounded border border-gray-200 bg-white"
        />
      </div>
      <div className="space-y-2">
        <h2 className="text-lg font-semibold text-gray-900">As plain text</h2>
        <pre className="max-w-3xl overflow-x-auto rounded border border-gray-200 bg-gray-50 p-4 text-sm whitespace-pre-wrap">
          {message.text}
        </pre>
      </div>
    </section>
  );
}
