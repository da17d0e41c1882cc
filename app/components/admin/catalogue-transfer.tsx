import { Form } from "react-router";
import {
  cellClass,
  headCellClass,
  linkClass,
  Notice,
  PageHeading,
  tableClass,
} from "~/components/admin/catalogue-parts";
import { primaryButton } from "~/components/form-field";
import { useIsPending } from "~/components/use-is-pending";

export const CATALOGUE_PATH = "/admin/catalogue";
/** The import posts here, a path of its own: only it (and photo uploads) may send bodies up to the upload limit (server/body-limit.ts). */
export const IMPORT_PATH = "/admin/catalogue/import";
export const EXPORT_PATH = "/admin/catalogue/export";

/** A row of the CSV the API refused (422 `data: [{line, field, message}]`): nothing was imported. */
export type ImportProblem = { line: number | null; field: string | null; message: string };

/** `rows`: the first problems (the API lists 100); `errorCount`: how many the file has in all. */
export type ImportOutcome = { problem: string | null; rows: ImportProblem[]; errorCount?: number };

/**
 * The Import/Export page: the CSV download (every product, the file an import takes back) and
 * the import form; after a refused import, what was wrong, row by row (the first 100, and how
 * many more).
 */
export function CatalogueTransfer({ outcome }: { outcome: ImportOutcome | null }) {
  const importing = useIsPending({ formAction: IMPORT_PATH });
  return (
    <section aria-labelledby="catalogue-title" className="max-w-4xl">
      <PageHeading id="catalogue-title" title="Import and export" />
      <section aria-labelledby="export-title" className="mb-8">
        <h2 id="export-title" className="mb-2 text-lg font-semibold text-gray-900">
          Export
        </h2>
        <p className="mb-3 text-sm text-gray-700">
          Every product, one row a size, hidden products too. Change it in a spreadsheet and import it back.
        </p>
        {/* A file, not a page: the browser downloads it, with or without JavaScript. */}
        <a href={EXPORT_PATH} download className={primaryButton}>
          Export CSV
        </a>
      </section>
      <section aria-labelledby="import-title">
        <h2 id="import-title" className="mb-2 text-lg font-semibold text-gray-900">
          Import
        </h2>
        <p className="mb-3 text-sm text-gray-700">
          A CSV laid out as the export: rows with a product id update that product, rows without one create products.
          Nothing is changed unless every row is right.
        </p>
        {outcome?.problem ? <Notice>{outcome.problem}</Notice> : null}
        <Form
          method="post"
          action={IMPORT_PATH}
          encType="multipart/form-data"
          className="flex flex-wrap items-end gap-3"
        >
          <div className="flex flex-col gap-1">
            <label htmlFor="import-file" className="text-sm font-medium text-gray-800">
              CSV file
            </label>
            <input
              id="import-file"
              name="file"
              type="file"
              required
              accept=".csv,text/csv"
              aria-describedby="import-hint"
              className="text-sm"
            />
            <p id="import-hint" className="text-xs text-gray-600">
              At most 5 MB.
            </p>
          </div>
          <button type="submit" className={primaryButton} disabled={importing}>
            {importing ? "Importing…" : "Import"}
          </button>
        </Form>
        {outcome && outcome.rows.length > 0 ? (
          <BadRows rows={outcome.rows} count={Math.max(outcome.errorCount ?? 0, outcome.rows.length)} />
        ) : null}
      </section>
    </section>
  );
}

const counted = (n: number) => n.toLocaleString("en-IN");

function BadRows({ rows, count }: { rows: ImportProblem[]; count: number }) {
  const more = count - rows.length;
  return (
    <div className="mt-6">
      <div role="alert">
        <h3 id="bad-rows-title" className="mb-2 font-semibold text-red-800">
          {`Nothing was imported: ${count === 1 ? "1 problem" : `${counted(count)} problems`} to fix in the file`}
        </h3>
        {more > 0 ? (
          <p className="mb-2 text-sm text-gray-700">{`The first ${counted(rows.length)} are listed below.`}</p>
        ) : null}
      </div>
      <div className="relative overflow-x-auto">
        <table className={tableClass} aria-labelledby="bad-rows-title">
          <thead>
            <tr>
              <th scope="col" className={headCellClass}>
                Line
              </th>
              <th scope="col" className={headCellClass}>
                Column
              </th>
              <th scope="col" className={headCellClass}>
                Problem
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={`${row.line}-${row.field}-${index}`}>
                <td className={cellClass}>{row.line ?? "–"}</td>
                <td className={cellClass}>{row.field ?? "–"}</td>
                <td className={cellClass}>{row.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {more > 0 ? (
        <p className="mt-2 text-sm text-gray-800">{`and ${counted(more)} more ${more === 1 ? "error" : "errors"}`}</p>
      ) : null}
      <p className="mt-3 text-sm">
        <a href={EXPORT_PATH} download className={linkClass}>
          Export the catalogue as it is now
        </a>
      </p>
    </div>
  );
}
