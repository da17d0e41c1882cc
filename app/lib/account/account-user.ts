import { useRouteLoaderData } from "react-router";
import type { UserJson } from "~/lib/session/signed-in-user.server";

/** What the account layout's loader (routes/myaccount.tsx) answers: the profile and the name to greet it by. */
export type AccountData = { user: UserJson; name: string };

/** The address book's page, where its forms come back to. */
export const ADDRESSES_PATH = "/myaccount/addresses";

/** The account layout's route id, for `useRouteLoaderData` in its child routes (orders too). */
export const ACCOUNT_ROUTE_ID = "routes/myaccount";

/** The signed-in shopper's profile, from the account layout: only for pages under /myaccount. */
export function useAccount(): AccountData {
  const account = useRouteLoaderData(ACCOUNT_ROUTE_ID) as AccountData | undefined;
  if (!account) throw new Error("useAccount() is only for pages under /myaccount");
  return account;
}
