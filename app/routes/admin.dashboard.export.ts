import { data } from "react-router";
import { failedLoad } from "~/lib/admin/catalogue.server";
import { requireAdmin } from "~/lib/admin/require-admin.server";
import { PERSONAL_CACHE } from "~/lib/platform/http-cache";
import type { Route } from "./+types/admin.dashboard.export";

/**
 * One of the dashboard's tables as a CSV download for the period in the URL (`period`, `from`,
 * `to`, `table`): the API's answer (its formula-safe CSV writer) passed on as it came.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = await requireAdmin(request, context);
  const url = new URL(request.url);
  const query = new URLSearchParams();
  for (const name of ["period", "from", "to", "table"]) {
    const value = url.searchParams.get(name);
    if (value) query.set(name, value);
  }
  const answer = await api.exportDashboard(query);
  // A period or table the API refused (a hand-made URL): the dashboard's own form says why.
  if (!answer.ok && answer.code === "VALIDATION")
    throw data("This period or table cannot be exported.", { status: 400 });
  if (!answer.ok) return failedLoad(request, answer);
  return new Response(answer.response.body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition":
        answer.response.headers.get("Content-Disposition") ?? 'attachment; filename="dashboard.csv"',
      "Cache-Control": PERSONAL_CACHE,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
