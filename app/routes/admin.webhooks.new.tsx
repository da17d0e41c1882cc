import { Link } from "react-router";
import { adminMeta, linkClass, PageHeading } from "~/components/admin/catalogue-parts";
import { WebhookForm } from "~/components/admin/webhook-form";
import { failedAdminCall } from "~/lib/admin/orders.server";
import { requireAdmin } from "~/lib/admin/require-admin.server";
import { ADMIN_WEBHOOKS_PATH, adminWebhookPath, NEW_WEBHOOK_PATH, WEBHOOK_EVENT_TYPES } from "~/lib/admin/webhooks";
import { submitWebhookForm } from "~/lib/admin/webhooks.server";
import type { Route } from "./+types/admin.webhooks.new";

export const meta: Route.MetaFunction = () => adminMeta("Add endpoint");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

/**
 * Registers the endpoint and answers its secret on this page, the one time it is shown (not in a
 * redirect: the secret would have to pass through a cookie); a refused form comes back with its errors.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { api } = await requireAdmin(request, context);
  const outcome = await submitWebhookForm(await request.formData(), (body) => api.createWebhookEndpoint(body));
  if ("refused" in outcome) return outcome.refused;
  if ("failed" in outcome) return failedAdminCall(request, outcome.failed);
  const { id, url, secret } = outcome.saved;
  return { created: { id, url, secret } };
}

export default function NewWebhook({ actionData }: Route.ComponentProps) {
  const created = actionData && "created" in actionData ? actionData.created : null;
  return (
    <section aria-labelledby="new-webhook-title" className="max-w-3xl">
      <p className="mb-2 text-sm">
        <Link to={ADMIN_WEBHOOKS_PATH} className={linkClass}>
          ← Webhooks
        </Link>
      </p>
      <PageHeading id="new-webhook-title" title={created ? "Endpoint added" : "Add endpoint"} />
      {created ? (
        <div role="status" className="space-y-3 rounded-md border border-green-300 bg-green-50 p-4 text-sm">
          <p>
            <span className="break-all">{created.url}</span> is registered. Its signing secret is below:{" "}
            <strong>copy it now, it is not shown again</strong>. The receiver checks each request&apos;s{" "}
            <code>Storefront-Signature</code> header with it.
          </p>
          <p>
            <label htmlFor="webhook-secret" className="block font-medium text-gray-800">
              Signing secret
            </label>
            <input
              id="webhook-secret"
              readOnly
              value={created.secret}
              className="mt-1 w-full rounded-md border border-gray-300 bg-white px-3 py-2 font-mono text-sm"
            />
          </p>
          <p>
            <Link to={adminWebhookPath(created.id)} className={linkClass}>
              Open the endpoint
            </Link>
          </p>
        </div>
      ) : (
        <WebhookForm
          action={NEW_WEBHOOK_PATH}
          defaults={{ url: "", description: "", events: WEBHOOK_EVENT_TYPES, enabled: true }}
          lastResult={actionData && "result" in actionData ? actionData.result : undefined}
          editing={false}
        />
      )}
    </section>
  );
}
