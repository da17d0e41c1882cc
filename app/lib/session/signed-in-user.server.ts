import type { UserJson } from "../../../api/contract/types";
import type { Shopper } from "../page/root-data";

/** A user as the API answers it (`user/me`, login, `user/update`): the API's own type, imported for its shape only. */
export type { AddressJson, UserJson } from "../../../api/contract/types";

/** The name the shop greets a user by: their name, else the part of the email before the @. */
export function displayName(user: Pick<UserJson, "name" | "email">): string {
  return user.name?.trim() || user.email.split("@")[0];
}

export function toShopper(user: UserJson): Shopper {
  return { id: user.id, name: displayName(user), email: user.email };
}
