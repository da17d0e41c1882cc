import { AppLink } from "~/components/app-link";
import { loginHref } from "~/lib/page/root-data";
import { ACCOUNT_LINKS, CATEGORY_LABELS } from "./menu-names";
import { LayoutPart } from "./part";

/**
 * The header's account menu and the phone's menu, kept parts (app/lib/platform/kept.tsx): they
 * depend on whether the shopper is signed in and on the page's path alone (where a guest comes
 * back to after signing in, a shopper after signing out). Their links are `AppLink`s and the
 * logout form a `data-app-form`, which app-link.tsx routes without React.
 */
export type HeaderMenuProps = {
  signedIn: boolean;
  /** The page's path and query. */
  here: string;
};

const accountHref = (signedIn: boolean, path: string) => (signedIn ? path : loginHref(path));

/** The account dropdown's list: the account's pages, and Login or Logout. */
export function AccountMenuList({ signedIn, here }: HeaderMenuProps) {
  return (
    <ul
      className="w-52 overflow-hidden rounded-lg border border-gray-200 bg-white py-1 text-sm shadow-lg"
      aria-label="Account"
    >
      {ACCOUNT_LINKS.map((entry) => (
        <li key={entry.href}>
          <AppLink to={accountHref(signedIn, entry.href)} className="block px-4 py-2 hover:bg-gray-50 hover:text-brand">
            {entry.label}
          </AppLink>
        </li>
      ))}
      <li className="mt-1 border-t border-gray-100 pt-1">
        <SessionEntry
          signedIn={signedIn}
          here={here}
          className="block w-full px-4 py-2 text-left hover:bg-gray-50 hover:text-brand"
        />
      </li>
    </ul>
  );
}

/** The phone's menu (below md): home, the shop, the category menus, the account's pages, support. */
export function MobileMenuList({ signedIn, here, supportEmail }: HeaderMenuProps & { supportEmail: string }) {
  return (
    <ul className="divide-y divide-gray-100">
      <li>
        <AppLink to="/" className="block py-3 font-medium">
          Home
        </AppLink>
      </li>
      <li>
        <AppLink to="/shop" className="block py-3 font-medium">
          All Products
        </AppLink>
      </li>
      {CATEGORY_LABELS.map((label) => (
        <LayoutPart key={label} as="li" part={`mobile-menu:${label}`} />
      ))}
      <li className="py-2">
        <p className="py-1 text-xs font-semibold uppercase tracking-wide text-gray-500">My Account</p>
        <ul>
          {ACCOUNT_LINKS.map((entry) => (
            <li key={entry.href}>
              <AppLink to={accountHref(signedIn, entry.href)} className="block py-1.5">
                {entry.label}
              </AppLink>
            </li>
          ))}
          <li>
            <SessionEntry signedIn={signedIn} here={here} className="block w-full py-1.5 text-left" />
          </li>
        </ul>
      </li>
      <li className="py-3 text-gray-600">
        <span className="font-semibold text-gray-900">24 Hour Support</span>{" "}
        <a href={`mailto:${supportEmail}`} className="text-brand">
          {supportEmail}
        </a>
      </li>
    </ul>
  );
}

/** Login for guests; for a signed-in shopper a real POST form to /logout. */
function SessionEntry({ signedIn, here, className }: HeaderMenuProps & { className: string }) {
  if (!signedIn) {
    return (
      <AppLink to={loginHref(here)} className={`${className} font-semibold text-brand`}>
        Login
      </AppLink>
    );
  }
  return (
    <form method="post" action="/logout" data-app-form="">
      <input type="hidden" name="redirectTo" value={here} />
      <button type="submit" className={className}>
        Logout
      </button>
    </form>
  );
}
