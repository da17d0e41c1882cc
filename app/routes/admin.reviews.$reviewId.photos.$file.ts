import { failedLoad } from "~/lib/admin/catalogue.server";
import { requireAdmin } from "~/lib/admin/require-admin.server";
import { PERSONAL_CACHE } from "~/lib/platform/http-cache";
import type { Route } from "./+types/admin.reviews.$reviewId.photos.$file";

/**
 * A review's photo for the moderation queue (/admin/reviews), whatever the review's status: the
 * admin API's answer passed on as it streams. /media serves a photo only while its review is
 * published, so a held review's photos reach an admin only this way; never kept by a cache.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { api } = await requireAdmin(request, context);
  const answer = await api.reviewPhoto(params.reviewId, params.file);
  if (!answer.ok) return failedLoad(request, answer, "Photo not found");
  const headers = new Headers({
    "Content-Type": "image/webp",
    "Cache-Control": PERSONAL_CACHE,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'",
  });
  const length = answer.response.headers.get("content-length");
  if (length !== null) headers.set("Content-Length", length);
  return new Response(answer.response.body, { headers });
}
