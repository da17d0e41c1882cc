import { redirect } from "react-router";

// /myaccount has no page of its own: the profile is its first section.
export function loader() {
  return redirect("/myaccount/profile");
}
