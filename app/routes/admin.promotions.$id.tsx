import { data, Link } from "react-router";
import { adminMeta, linkClass, PageHeading } from "~/components/admin/catalogue-parts";
import { StateBadge } from "~/components/admin/order-parts";
import { BulkCodesForm, StatusButtons } from "~/components/admin/promotion-parts";
import { PromotionForm } from "~/components/admin/promotion-form";
import { failedLoad } from "~/lib/admin/catalogue.server";
import { failedAdminCall, requireRecordId } from "~/lib/admin/orders.server";
import {
  ADMIN_PROMOTIONS_PATH,
  adminPromotionPath,
  conditionWords,
  discountWords,
  PROMOTION_KIND_LABELS,
  PROMOTION_STATUS_LABELS,
  PROMOTION_VALIDITY_LABELS,
  promotionDefaults,
  promotionReportPath,
  usesWords,
  validityWords,
} from "~/lib/admin/promotions";
import { submitBulkCodesForm, submitPromotionForm } from "~/lib/admin/promotions.server";
import { requireAdmin } from "~/lib/admin/require-admin.server";
import { redirectWithError, redirectWithSuccess } from "~/lib/forms/toast.server";
import type { PromotionStatusChange } from "~/lib/userapp/admin.server";
import type { Route } from "./+types/admin.promotions.$id";

const NOT_FOUND = "Promotion not found";
const STATUS_DONE: Record<PromotionStatusChange, string> = { pause: "paused", resume: "running again", end: "ended" };

export const meta: Route.MetaFunction = ({ loaderData }) => adminMeta(loaderData?.promotion.name ?? "Promotion");

/** One code or offer: its conditions to edit, its status to change, a bulk campaign's codes to generate. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { api } = await requireAdmin(request, context);
  const result = await api.promotion(requireRecordId(params.id, "Promotion"));
  if (!result.ok) return failedLoad(request, result, NOT_FOUND);
  return { promotion: result.data };
}

/** `intent` save (the form), pause, resume, end, or codes (generate a bulk campaign's codes). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { api } = await requireAdmin(request, context);
  const id = requireRecordId(params.id, "Promotion");
  const path = adminPromotionPath(id);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "pause" || intent === "resume" || intent === "end") {
    const result = await api.changePromotionStatus(id, intent);
    if (result.ok) return redirectWithSuccess(path, `${result.data.name} is ${STATUS_DONE[intent]}.`);
    if (result.code === "PROMO_STATE") return redirectWithError(path, result.message);
    if (result.code === "NOT_FOUND") throw data(NOT_FOUND, { status: 404 });
    return failedAdminCall(request, result);
  }
  if (intent === "codes") {
    const outcome = await submitBulkCodesForm(formData, (body) => api.generatePromotionCodes(id, body));
    if ("refused" in outcome) return outcome.refused;
    if ("failed" in outcome) return failedAdminCall(request, outcome.failed);
    return redirectWithSuccess(path, `${outcome.saved.generated} codes are generated: download them below.`);
  }
  const outcome = await submitPromotionForm(formData, (body) => api.updatePromotion(id, body));
  if ("refused" in outcome) return outcome.refused;
  if ("failed" in outcome) return failedAdminCall(request, outcome.failed);
  return redirectWithSuccess(path, `${outcome.saved.name} is saved.`);
}

export default function AdminPromotion({ loaderData, actionData }: Route.ComponentProps) {
  const { promotion } = loaderData;
  const action = adminPromotionPath(promotion.id);
  const ended = promotion.status === "ended";
  return (
    <section aria-labelledby="promotion-title" className="max-w-3xl space-y-6">
      <div>
        <p className="mb-2 text-sm">
          <Link to={ADMIN_PROMOTIONS_PATH} className={linkClass}>
            ← Promotions
          </Link>
        </p>
        <PageHeading id="promotion-title" title={promotion.name} />
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-gray-600">{PROMOTION_KIND_LABELS[promotion.kind]}</dt>
          <dd>
            {promotion.code ? (
              <code className="font-mono font-semibold">{promotion.code}</code>
            ) : promotion.bulk ? (
              `${promotion.bulkCodes} single-use codes`
            ) : (
              "Applies by itself"
            )}
          </dd>
          <dt className="text-gray-600">Status</dt>
          <dd>
            <StateBadge>
              {ended
                ? PROMOTION_STATUS_LABELS.ended
                : `${PROMOTION_STATUS_LABELS[promotion.status]}, ${PROMOTION_VALIDITY_LABELS[promotion.validity].toLowerCase()}`}
            </StateBadge>
          </dd>
          <dt className="text-gray-600">Discount</dt>
          <dd>{discountWords(promotion)}</dd>
          <dt className="text-gray-600">Valid</dt>
          <dd>{validityWords(promotion)}</dd>
          <dt className="text-gray-600">Uses</dt>
          <dd>{usesWords(promotion)}</dd>
          <dt className="text-gray-600">Conditions</dt>
          <dd>{conditionWords(promotion).join(" · ") || "None"}</dd>
        </dl>
        <p className="mt-3 text-sm">
          <Link to={promotionReportPath(promotion.id)} className={linkClass}>
            Its report
          </Link>
          {" · "}
          <Link to={`/admin/audit?entity=promotion&entityId=${promotion.id}`} className={linkClass}>
            Its changes
          </Link>
        </p>
      </div>
      <StatusButtons action={action} status={promotion.status} />
      {promotion.bulk ? (
        <BulkCodesForm
          action={action}
          promotionId={promotion.id}
          bulkCodes={promotion.bulkCodes}
          ended={ended}
          lastResult={actionData && "codesResult" in actionData ? actionData.codesResult : undefined}
        />
      ) : null}
      {ended ? (
        <p className="text-sm text-gray-700">An ended promotion cannot change: create a new one.</p>
      ) : (
        <div>
          <h2 className="mb-3 text-lg font-semibold">Edit</h2>
          <PromotionForm
            action={action}
            kind={promotion.kind}
            editing={{ bulk: promotion.bulk }}
            defaults={promotionDefaults(promotion)}
            lastResult={actionData && "result" in actionData ? actionData.result : undefined}
          />
        </div>
      )}
    </section>
  );
}
