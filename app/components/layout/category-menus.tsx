import { AppLink } from "~/components/app-link";
import { ChevronDownIcon } from "./icons";
import type { CategoryMenu } from "./navigation";

// The header's category menus, for wide screens and phones: prerendered parts (parts.tsx), so no
// page's JavaScript holds them.

/** One category's hover menu (inside its `<li className="menu static">`): the link and its panel. */
export function CategoryHoverMenu({ menu }: { menu: CategoryMenu }) {
  return (
    <>
      <AppLink
        to={menu.href}
        className="menu-trigger inline-flex items-center gap-1 px-3 py-3 text-gray-800 hover:text-brand"
      >
        {menu.label}
        <ChevronDownIcon className="menu-chevron size-4 transition-transform" />
      </AppLink>
      <div className="menu-panel absolute inset-x-0 top-full z-50 border-t border-gray-200 bg-white shadow-xl">
        <div className="mx-auto flex max-w-7xl flex-wrap gap-x-12 gap-y-6 px-6 py-6">
          {menu.groups.map((group, index) => (
            <div key={group.title?.label ?? index}>
              {group.title && (
                <AppLink
                  to={group.title.href}
                  className="mb-3 block text-base font-bold text-gray-900 hover:text-brand"
                >
                  {group.title.label}
                </AppLink>
              )}
              <div className="flex gap-10">
                {group.columns.map((column) => (
                  <div key={column.heading.label} className="min-w-36">
                    <AppLink to={column.heading.href} className="font-semibold text-brand-dark hover:text-brand">
                      {column.heading.label}
                    </AppLink>
                    <ul className="mt-2 space-y-1.5 font-normal text-gray-600">
                      {column.links.map((entry) => (
                        <li key={entry.href}>
                          <AppLink to={entry.href} className="hover:text-brand hover:underline">
                            {entry.label}
                          </AppLink>
                        </li>
                      ))}
                    </ul>
                  </div>
                ))}
              </div>
            </div>
          ))}
          <AppLink
            to={menu.href}
            className="self-start rounded-full border border-brand px-4 py-1.5 font-semibold text-brand hover:bg-brand hover:text-white md:ml-auto"
          >
            All {menu.label}
          </AppLink>
        </div>
      </div>
    </>
  );
}

/** One category in the phone menu (inside its `<li>`): a `<details>` with its groups and columns. */
export function MobileCategoryMenu({ menu }: { menu: CategoryMenu }) {
  return (
    <details className="disclosure">
      <summary className="flex items-center justify-between py-3 font-medium">
        {menu.label}
        <ChevronDownIcon className="disclosure-chevron size-4 transition-transform" />
      </summary>
      <div className="pb-3 pl-3">
        <AppLink to={menu.href} className="block py-1.5 font-semibold text-brand">
          All {menu.label}
        </AppLink>
        {menu.groups.map((group, index) =>
          group.title ? (
            <details key={group.title.label} className="disclosure">
              <summary className="flex items-center justify-between py-1.5 font-medium">
                {group.title.label}
                <ChevronDownIcon className="disclosure-chevron size-4 transition-transform" />
              </summary>
              <div className="pl-3">
                <MobileColumns columns={group.columns} />
              </div>
            </details>
          ) : (
            <MobileColumns key={index} columns={group.columns} />
          ),
        )}
      </div>
    </details>
  );
}

function MobileColumns({ columns }: { columns: CategoryMenu["groups"][number]["columns"] }) {
  return (
    <>
      {columns.map((column) => (
        <div key={column.heading.label} className="py-1">
          <AppLink to={column.heading.href} className="block py-1.5 font-medium text-brand-dark">
            {column.heading.label}
          </AppLink>
          <ul className="pl-3 text-gray-600">
            {column.links.map((entry) => (
              <li key={entry.href}>
                <AppLink to={entry.href} className="block py-1">
                  {entry.label}
                </AppLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </>
  );
}
