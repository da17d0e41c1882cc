import { Link } from "react-router";
import { adminMeta, linkClass, PageHeading } from "~/components/admin/catalogue-parts";
import { PromotionForm } from "~/components/admin/promotion-form";
import { failedAdminCall } from "~/lib/admin/orders.server";
import { ADMIN_PROMOTIONS_PATH, adminPromotionPath, NEW_PROMOTION_PATH } from "~/lib/admin/promotions";
import { submitPromotionForm } from "~/lib/admin/promotions.server";
import { requireAdmin } from "~/lib/admin/require-admin.server";
import { redirectWithSuccess } from "~/lib/forms/toast.server";
import type { Route } from "./+types/admin.promotions.new";

const kindOf = (request: Request) => (new URL(request.url).searchParams.get("kind") === "offer" ? "offer" : "code");

export const meta: Route.MetaFunction = ({ data }) => adminMeta(data?.kind === "offer" ? "New offer" : "New code");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { kind: kindOf(request) } as const;
}

/** Creates the code or offer and opens it (a bulk campaign: to generate its codes); a refused form comes back with its errors. */
export async function action({ request, context }: Route.ActionArgs) {
  const { api } = await requireAdmin(request, context);
  const outcome = await submitPromotionForm(await request.formData(), (body) => api.createPromotion(body));
  if ("refused" in outcome) return outcome.refused;
  if ("failed" in outcome) return failedAdminCall(request, outcome.failed);
  const promotion = outcome.saved;
  return redirectWithSuccess(adminPromotionPath(promotion.id), `${promotion.name} is created.`);
}

export default function NewPromotion({ loaderData, actionData }: Route.ComponentProps) {
  const { kind } = loaderData;
  return (
    <section aria-labelledby="new-promotion-title" className="max-w-3xl">
      <p className="mb-2 text-sm">
        <Link to={ADMIN_PROMOTIONS_PATH} className={linkClass}>
          ← Promotions
        </Link>
      </p>
      <PageHeading id="new-promotion-title" title={kind === "offer" ? "New automatic offer" : "New code"} />
      <PromotionForm
        action={`${NEW_PROMOTION_PATH}?kind=${kind}`}
        kind={kind}
        editing={null}
        defaults={{
          kind,
          discountType: "percent",
          minCartValue: "0",
          combinesWithOffers: true,
          paymentMethod: kind === "offer" ? "Upi" : "",
        }}
        lastResult={actionData?.result}
      />
    </section>
  );
}
