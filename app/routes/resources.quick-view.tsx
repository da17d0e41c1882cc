import { ID_PATTERN } from "../../api/contract";
import type { QuickViewData } from "~/lib/catalogue/catalogue";
import { CATALOGUE_CACHE } from "~/lib/platform/http-cache";
import type { Route } from "./+types/resources.quick-view";

/**
 * The product for the quick-view dialog, as JSON. An unknown id answers 404 with `product: null`
 * (returned, not thrown: a fetcher's thrown error would replace the whole page with an error).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!ID_PATTERN.test(params.id)) return Response.json({ product: null } satisfies QuickViewData, { status: 404 });
  const result = await context.api.public.product(params.id);
  if (!result.ok) {
    return Response.json({ product: null } satisfies QuickViewData, {
      status: result.code === "NOT_FOUND" ? 404 : 502,
    });
  }
  return Response.json({ product: result.data } satisfies QuickViewData, {
    headers: { "Cache-Control": CATALOGUE_CACHE },
  });
}
