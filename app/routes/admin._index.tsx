import { redirect } from "react-router";
import { ADMIN_ORDERS_PATH } from "~/lib/admin/sections";

// /admin opens on the orders (docs/back-office.md); the layout's loader guards it first.
export function loader() {
  return redirect(ADMIN_ORDERS_PATH);
}
