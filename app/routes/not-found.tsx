import { data } from "react-router";
import { NotFoundContent } from "~/components/layout/error-page";
import { seo } from "~/lib/page/seo";
import type { Route } from "./+types/not-found";

// Any URL no other route claims: the 404 page inside the main layout, with a real 404 status.
export function loader() {
  return data({ notFound: true }, { status: 404 });
}

export const meta: Route.MetaFunction = (args) => [
  ...seo(args, {
    title: "Page not found",
    description: "We could not find that page. Browse electronics, fashion, home decor and televisions instead.",
    path: args.location.pathname,
  }),
  { name: "robots", content: "noindex" },
];

export function headers() {
  // A mistyped address is not worth keeping in a shared cache, and may exist tomorrow.
  return { "Cache-Control": "no-cache" };
}

export default function NotFound() {
  return <NotFoundContent />;
}
