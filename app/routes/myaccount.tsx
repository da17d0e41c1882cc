import { Form, NavLink, Outlet, useLocation } from "react-router";
import type { AccountData } from "~/lib/account/account-user";
import { requireShopperProfile } from "~/lib/session/require-shopper.server";
import { displayName } from "~/lib/session/signed-in-user.server";
import type { Route } from "./+types/myaccount";

// Children read the loader's data with useAccount() (components/account/account-user.ts), or with
// useRouteLoaderData("routes/myaccount") typed as AccountData. They import it from there, never from
// this module: a route module that imports another one pulls its server code into the browser build.
export type { AccountData };

// Every account page needs a signed-in shopper: guests go to /login and come back here after.
export async function loader({ request, context }: Route.LoaderArgs): Promise<AccountData> {
  const { user } = await requireShopperProfile(request, context);
  return { user, name: displayName(user) };
}

const SECTIONS = [
  { to: "/myaccount/profile", label: "Profile" },
  { to: "/myaccount/orders", label: "Orders" },
  { to: "/myaccount/addresses", label: "Addresses" },
  { to: "/myaccount/settings", label: "Settings" },
];

const itemClass = "block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap";

/** The account area: the 'Account Details' sidebar beside the section's page. */
export default function AccountLayout() {
  const location = useLocation();
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-6 md:grid-cols-[14rem_1fr] md:py-10">
      <aside aria-labelledby="account-details" className="md:border-r md:border-gray-200 md:pr-4">
        <h2 id="account-details" className="mb-3 text-lg font-bold text-gray-900">
          Account Details
        </h2>
        <nav aria-label="Account">
          <ul className="flex flex-wrap gap-1 md:flex-col">
            {SECTIONS.map((section) => (
              <li key={section.to}>
                <NavLink
                  to={section.to}
                  className={({ isActive }) =>
                    `${itemClass} ${isActive ? "bg-brand/10 text-brand-dark" : "text-gray-700 hover:bg-gray-100 hover:text-brand"}`
                  }
                >
                  {section.label}
                </NavLink>
              </li>
            ))}
            <li>
              <Form method="post" action="/logout">
                <input type="hidden" name="redirectTo" value={location.pathname} />
                <button
                  type="submit"
                  className={`${itemClass} w-full text-left text-gray-700 hover:bg-gray-100 hover:text-brand`}
                >
                  Logout
                </button>
              </Form>
            </li>
          </ul>
        </nav>
      </aside>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
