import { data } from "react-router";
import { adminMeta } from "~/components/admin/catalogue-parts";
import { CATALOGUE_PATH, CatalogueTransfer, type ImportProblem } from "~/components/admin/catalogue-transfer";
import { CSV_MAX_BYTES, CSV_SIZE_MESSAGE, importSummary } from "~/lib/admin/catalogue";
import { refusalMessage } from "~/lib/admin/catalogue.server";
import { requireAdmin } from "~/lib/admin/require-admin.server";
import { redirectWithSuccess } from "~/lib/forms/toast.server";
import type { Route } from "./+types/admin.catalogue.import";

// The import's own path, so that only it (and photo uploads) may post bodies up to the upload
// limit (server/body-limit.ts). A GET shows the Import/Export page.

export const meta: Route.MetaFunction = () => adminMeta("Import and export");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

/** `errorCount`: the file's errors in all, of which the API lists the first 100 (`rows`). */
const refused = (problem: string | null, rows: ImportProblem[], status: number, errorCount = rows.length) =>
  data({ problem, rows, errorCount }, { status });

/** Hands the CSV to the API, which applies all of it or none: the counts as a toast, or the first bad rows on the page. */
export async function action({ request, context }: Route.ActionArgs) {
  const { api } = await requireAdmin(request, context, CATALOGUE_PATH);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return refused("The upload could not be read. Choose the file and try again.", [], 400);
  }
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) return refused("Choose a CSV file to import.", [], 400);
  if (file.size > CSV_MAX_BYTES) return refused(CSV_SIZE_MESSAGE, [], 413);
  const body = new FormData();
  body.set("file", file, file.name);
  const result = await api.importCatalogue(body);
  if (result.ok) return redirectWithSuccess(CATALOGUE_PATH, importSummary(result.data));
  switch (result.code) {
    case "FILE_TOO_LARGE":
    case "TOO_LARGE":
      return refused(CSV_SIZE_MESSAGE, [], 413);
    case "IMPORT_ROWS": {
      const rows = result.data.map((row) => ({
        line: "line" in row ? row.line : null,
        field: "field" in row ? row.field : row.path,
        message: row.message || "Not valid",
      }));
      return refused(null, rows, 422, result.errorCount ?? rows.length);
    }
    case "VALIDATION": {
      const rows = result.data.map(({ path, message }) => ({
        line: null,
        field: path,
        message: message || "Not valid",
      }));
      return refused(null, rows, 422, rows.length);
    }
    default:
      return refused(`Nothing was imported: ${refusalMessage(result)}`, [], result.answerStatus);
  }
}

export default function CatalogueImport({ actionData }: Route.ComponentProps) {
  return <CatalogueTransfer outcome={actionData ?? null} />;
}
