import { redirect } from "react-router";
import type { Route } from "./+types/myaccount.addressess";

/** The misspelt /myaccount/addressess... keeps working: a permanent redirect, method kept (308). */
function toCanonical(request: Request, splat: string | undefined) {
  const { search } = new URL(request.url);
  // The splat arrives decoded: encoded again, a Location header holds only ASCII ("/😀" would throw).
  const rest = splat ? `/${splat.split("/").map(encodeURIComponent).join("/")}` : "";
  return redirect(`/myaccount/addresses${rest}${search}`, 308);
}

export function loader({ request, params }: Route.LoaderArgs) {
  return toCanonical(request, params["*"]);
}

export function action({ request, params }: Route.ActionArgs) {
  return toCanonical(request, params["*"]);
}
