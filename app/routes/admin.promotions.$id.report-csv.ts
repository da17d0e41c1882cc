import { failedLoad } from "~/lib/admin/catalogue.server";
import { requireRecordId } from "~/lib/admin/orders.server";
import { adminPromotionPath } from "~/lib/admin/promotions";
import { requireAdmin } from "~/lib/admin/require-admin.server";
import { PERSONAL_CACHE } from "~/lib/platform/http-cache";
import type { Route } from "./+types/admin.promotions.$id.report-csv";

/** India's date today ("2026-11-23"), for the file's name. */
const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());

/** A promotion's report as a CSV download (the API's answer passed on), named for the promotion and the day. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = requireRecordId(params.id, "Promotion");
  const { api } = await requireAdmin(request, context, adminPromotionPath(id));
  const answer = await api.promotionReportCsv(id);
  if (!answer.ok) return failedLoad(request, answer, "Promotion not found");
  return new Response(answer.response.body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="mart-promotion-report-${id}-${today()}.csv"`,
      "Cache-Control": PERSONAL_CACHE,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
