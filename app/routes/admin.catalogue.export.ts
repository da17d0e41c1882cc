import { failedLoad } from "~/lib/admin/catalogue.server";
import { requireAdmin } from "~/lib/admin/require-admin.server";
import { PERSONAL_CACHE } from "~/lib/platform/http-cache";
import type { Route } from "./+types/admin.catalogue.export";

/** India's date today ("2026-11-23"), for the file's name. */
const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());

/**
 * The catalogue as a CSV download: the API's answer passed on as it streams, never read whole
 * here, with a file name that says the day.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = await requireAdmin(request, context, "/admin/catalogue");
  const answer = await api.exportCatalogue();
  if (!answer.ok) return failedLoad(request, answer);
  return new Response(answer.response.body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="mart-catalogue-${today()}.csv"`,
      "Cache-Control": PERSONAL_CACHE,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
