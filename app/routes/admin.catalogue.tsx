import { adminMeta } from "~/components/admin/catalogue-parts";
import { CatalogueTransfer } from "~/components/admin/catalogue-transfer";
import { requireAdmin } from "~/lib/admin/require-admin.server";
import type { Route } from "./+types/admin.catalogue";

export const meta: Route.MetaFunction = () => adminMeta("Import and export");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

export default function Catalogue() {
  return <CatalogueTransfer outcome={null} />;
}
