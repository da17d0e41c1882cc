import type { AdminApi } from "../userapp/admin.server";
import { type AppLoadContext, data } from "react-router";
import { NO_BACK_OFFICE_ACCESS } from "./sections";
import { requireShopperProfile } from "../session/require-shopper.server";
import type { UserJson } from "../session/signed-in-user.server";

/**
 * The signed-in admin's token and profile, for every back-office loader and action. A guest goes to
 * `/login?redirectTo=` this page (or `returnTo`), and a revoked token signs the browser out first,
 * as on the account pages (requireShopperProfile); a shopper gets a 403 for the admin layout's error
 * boundary. The API checks again on every call (`/userapp/admin/*` answers 403 to a shopper): this
 * guard only decides which page to show.
 */
export async function requireAdmin(
  request: Request,
  context: AppLoadContext,
  returnTo?: string,
): Promise<{ token: string; user: UserJson; api: AdminApi }> {
  const { token, user } = await requireShopperProfile(request, context, { returnTo });
  if (user.userType !== "admin") throw data(NO_BACK_OFFICE_ACCESS, { status: 403 });
  return { token, user, api: context.api.admin(token) };
}
