import { data, Form, Link } from "react-router";
import { adminMeta, linkClass, PageHeading } from "~/components/admin/catalogue-parts";
import { formatDateTime } from "~/components/admin/order-parts";
import { WebhookForm } from "~/components/admin/webhook-form";
import { usePending } from "~/components/use-is-pending";
import { ID_PATTERN } from "../../api/contract";
import { failedLoad } from "~/lib/admin/catalogue.server";
import { failedAdminCall } from "~/lib/admin/orders.server";
import { requireAdmin } from "~/lib/admin/require-admin.server";
import { ADMIN_WEBHOOKS_PATH, adminWebhookPath, endpointDeliveriesHref } from "~/lib/admin/webhooks";
import { submitWebhookForm } from "~/lib/admin/webhooks.server";
import { redirectWithSuccess } from "~/lib/forms/toast.server";
import type { Route } from "./+types/admin.webhooks.$id";

const NOT_FOUND = "Endpoint not found";

function requireEndpointId(id: string | undefined): string {
  if (!id || !ID_PATTERN.test(id)) throw data(NOT_FOUND, { status: 404 });
  return id;
}

export const meta: Route.MetaFunction = () => adminMeta("Endpoint");

/** One endpoint, to edit (its secret is never shown again), disable or delete. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { api } = await requireAdmin(request, context);
  const result = await api.webhookEndpoint(requireEndpointId(params.id));
  if (!result.ok) return failedLoad(request, result, NOT_FOUND);
  return { endpoint: result.data };
}

/** `intent=save` saves the form; `intent=delete` deletes the endpoint and its deliveries. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { api } = await requireAdmin(request, context);
  const id = requireEndpointId(params.id);
  const formData = await request.formData();
  if (formData.get("intent") === "delete") {
    const result = await api.deleteWebhookEndpoint(id);
    if (result.ok) return redirectWithSuccess(ADMIN_WEBHOOKS_PATH, "The endpoint is deleted.");
    if (result.code === "NOT_FOUND") throw data(NOT_FOUND, { status: 404 });
    return failedAdminCall(request, result);
  }
  const outcome = await submitWebhookForm(formData, (body) => api.updateWebhookEndpoint(id, body));
  if ("refused" in outcome) return outcome.refused;
  if ("failed" in outcome) return failedAdminCall(request, outcome.failed);
  return redirectWithSuccess(adminWebhookPath(id), "The endpoint is saved.");
}

export default function AdminWebhook({ loaderData, actionData }: Route.ComponentProps) {
  const { endpoint } = loaderData;
  const action = adminWebhookPath(endpoint.id);
  const deleting = usePending({ formAction: action, fields: { intent: "delete" } });
  return (
    <section aria-labelledby="webhook-title" className="max-w-3xl space-y-6">
      <div>
        <p className="mb-2 text-sm">
          <Link to={ADMIN_WEBHOOKS_PATH} className={linkClass}>
            ← Webhooks
          </Link>
        </p>
        <PageHeading id="webhook-title" title="Endpoint" />
        <p className="text-sm text-gray-700">
          Added <time dateTime={endpoint.createdAt}>{formatDateTime(endpoint.createdAt)}</time>.{" "}
          <Link to={endpointDeliveriesHref(endpoint.id)} className={linkClass}>
            Its deliveries
          </Link>
        </p>
      </div>
      <WebhookForm
        action={action}
        defaults={{
          url: endpoint.url,
          description: endpoint.description,
          events: endpoint.events,
          enabled: endpoint.enabled,
        }}
        lastResult={actionData?.result}
        editing
      />
      <Form method="post" action={action} className="border-t border-gray-200 pt-4">
        <input type="hidden" name="intent" value="delete" />
        <p className="mb-2 text-sm text-gray-700">
          Deleting the endpoint deletes its deliveries too; those still waiting are not sent.
        </p>
        <button
          type="submit"
          disabled={deleting !== null}
          className="rounded-md border border-red-300 px-5 py-2.5 font-semibold text-red-800 hover:bg-red-50"
        >
          {deleting ? "Deleting…" : "Delete endpoint"}
        </button>
      </Form>
    </section>
  );
}
