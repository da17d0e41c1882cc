import { Link } from "react-router";
import { AdminTable, adminMeta, cellClass, linkClass, PageHeading } from "~/components/admin/catalogue-parts";
import { StateBadge } from "~/components/admin/order-parts";
import { secondaryButton } from "~/components/account/form-actions";
import { primaryButton } from "~/components/form-field";
import {
  ADMIN_WEBHOOKS_PATH,
  adminWebhookPath,
  endpointDeliveriesHref,
  NEW_WEBHOOK_PATH,
  WEBHOOK_DELIVERIES_PATH,
  WEBHOOK_EVENT_LABELS,
} from "~/lib/admin/webhooks";
import { failedLoad } from "~/lib/admin/catalogue.server";
import { requireAdmin } from "~/lib/admin/require-admin.server";
import type { Route } from "./+types/admin.webhooks";

export const meta: Route.MetaFunction = () => adminMeta("Webhooks");

/** Every webhook endpoint (there are at most 20), oldest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = await requireAdmin(request, context);
  const result = await api.webhookEndpoints();
  if (!result.ok) return failedLoad(request, result);
  return { endpoints: result.data };
}

export default function Webhooks({ loaderData }: Route.ComponentProps) {
  const { endpoints } = loaderData;
  return (
    <section aria-labelledby="webhooks-title">
      <PageHeading id="webhooks-title" title="Webhooks">
        <div className="flex flex-wrap gap-3">
          <Link to={WEBHOOK_DELIVERIES_PATH} className={secondaryButton}>
            Deliveries
          </Link>
          <Link to={NEW_WEBHOOK_PATH} className={primaryButton}>
            Add endpoint
          </Link>
        </div>
      </PageHeading>
      <p className="mb-4 max-w-prose text-sm text-gray-700">
        Other systems (an SMS or WhatsApp provider, accounting, a warehouse) hear of order events here: each event is
        POSTed as JSON to the endpoints that chose it, signed with the endpoint&apos;s secret (the{" "}
        <code>Storefront-Signature</code> header), and tried again for hours until it is taken.
      </p>
      <AdminTable
        caption="Webhook endpoints"
        columns={["URL", "Events", "State", "Deliveries"]}
        items={endpoints}
        empty="No endpoints yet."
        page={1}
        pageCount={1}
        hrefFor={() => ADMIN_WEBHOOKS_PATH}
        row={(endpoint) => (
          <tr key={endpoint.id}>
            <td className={`${cellClass} break-all`}>
              <Link to={adminWebhookPath(endpoint.id)} className={linkClass}>
                {endpoint.url}
              </Link>
              {endpoint.description ? <p className="text-xs text-gray-600">{endpoint.description}</p> : null}
            </td>
            <td className={cellClass}>{endpoint.events.map((event) => WEBHOOK_EVENT_LABELS[event]).join(", ")}</td>
            <td className={cellClass}>
              <StateBadge>{endpoint.enabled ? "Enabled" : "Disabled"}</StateBadge>
            </td>
            <td className={cellClass}>
              <Link to={endpointDeliveriesHref(endpoint.id)} className={linkClass}>
                Its deliveries
              </Link>
            </td>
          </tr>
        )}
      />
    </section>
  );
}
