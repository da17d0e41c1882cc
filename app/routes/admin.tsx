import type { ReactNode } from "react";
import { Form, isRouteErrorResponse, Link, NavLink, Outlet, useRouteLoaderData } from "react-router";
import { ADMIN_SECTIONS, BACK_OFFICE_NAME, NO_BACK_OFFICE_ACCESS } from "~/lib/admin/sections";
import { requireAdmin } from "~/lib/admin/require-admin.server";
import { PERSONAL_CACHE } from "~/lib/platform/http-cache";
import { displayName } from "~/lib/session/signed-in-user.server";
import type { Route } from "./+types/admin";

// The back office (docs/back-office.md): outside the storefront's layout, admins only. Every page
// under it needs an admin: requireAdmin sends a guest to /login and answers a shopper 403.

// Children set their own title with adminMeta; this one is for the error page.
export const meta: Route.MetaFunction = () => [{ title: BACK_OFFICE_NAME }, { name: "robots", content: "noindex" }];

/**
 * Admin pages hold every shopper's data: never stored by any cache, nor by the guests' page
 * micro-cache (which keeps public answers only, docs/decisions/006). A child without `headers`
 * of its own inherits these. X-Robots-Tag keeps them out of search engines whatever a child's meta says.
 */
export function headers() {
  return { "Cache-Control": PERSONAL_CACHE, "X-Robots-Tag": "noindex" };
}

export type AdminLayoutData = { name: string; email: string };

export async function loader({ request, context }: Route.LoaderArgs): Promise<AdminLayoutData> {
  const { user } = await requireAdmin(request, context);
  return { name: displayName(user), email: user.email };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminChrome admin={loaderData}>
      <Outlet />
    </AdminChrome>
  );
}

/** A 403 for a shopper, a 404 for an unknown order or page, anything else as a failure: never a blank page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // Set when a child page failed; undefined when this layout's own loader refused the visitor.
  const admin = useRouteLoaderData<AdminLayoutData>("routes/admin");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const [title, text] =
    status === 403
      ? ["No access", NO_BACK_OFFICE_ACCESS]
      : status === 404
        ? ["Not found", "There is nothing at this address. It may have been mistyped, or the order may not exist."]
        : ["Something went wrong", "The back office could not load this page. Please try again in a moment."];
  return (
    <AdminChrome admin={admin ?? null}>
      <section aria-labelledby="admin-error-title" className="py-10 text-center">
        <p className="text-5xl font-extrabold text-brand/30">{status}</p>
        <h1 id="admin-error-title" className="mt-3 text-2xl font-bold text-gray-900">
          {title}
        </h1>
        <p className="mt-2 text-gray-700">{text}</p>
        <p className="mt-6">
          <Link to={admin ? "/admin" : "/"} className="font-semibold text-brand hover:underline">
            {admin ? "Back to the dashboard" : "Back to the shop"}
          </Link>
        </p>
      </section>
    </AdminChrome>
  );
}

const navItem = "block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap";

/** The slim header (name, the way back to the shop, Sign out) and the sections' nav; only the header for a visitor who is not an admin. */
function AdminChrome({ admin, children }: { admin: AdminLayoutData | null; children: ReactNode }) {
  return (
    <div className="min-h-screen bg-gray-50">
      <header className="border-b border-gray-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-3">
          <Link to={admin ? "/admin" : "/"} className="text-lg font-extrabold tracking-tight text-gray-900">
            {BACK_OFFICE_NAME}
          </Link>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
            {admin ? (
              <p className="text-gray-700">
                Signed in as <span className="font-semibold text-gray-900">{admin.name}</span>
              </p>
            ) : null}
            <Link to="/" className="font-medium text-brand hover:underline">
              Back to the shop
            </Link>
            {admin ? (
              <Form method="post" action="/logout">
                <button type="submit" className="font-medium text-gray-700 hover:text-brand">
                  Sign out
                </button>
              </Form>
            ) : null}
          </div>
        </div>
        {admin ? (
          <nav aria-label="Back office" className="mx-auto max-w-7xl px-4 pb-2">
            <ul className="flex flex-wrap gap-1">
              {ADMIN_SECTIONS.map((section) => (
                <li key={section.to}>
                  <NavLink
                    to={section.to}
                    end={section.to === "/admin"}
                    className={({ isActive }) =>
                      `${navItem} ${isActive ? "bg-brand/10 text-brand-dark" : "text-gray-700 hover:bg-gray-100 hover:text-brand"}`
                    }
                  >
                    {section.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </header>
      <main id="main" className="mx-auto w-full max-w-7xl px-4 py-6">
        {children}
      </main>
    </div>
  );
}
