import { Fragment } from "react";
import { AppLink } from "~/components/app-link";

/** One step of the trail: a link, or (the last one) the page itself. */
export type Crumb = { label: string; to?: string };

/**
 * The trail from Home to this page, as links separated by slashes that screen readers skip; the
 * last step is the current page (`aria-current="page"`), shown on one line at most. A kept part
 * (breadcrumbs.tsx): its links are `AppLink`s.
 */
export function BreadcrumbTrail({ items }: { items: Crumb[] }) {
  return (
    <ol className="flex flex-wrap items-center gap-1.5">
      {items.map((item, index) => {
        const last = index === items.length - 1;
        return (
          <Fragment key={`${index}-${item.label}`}>
            {index > 0 && <li aria-hidden="true">/</li>}
            {last || item.to === undefined ? (
              <li aria-current={last ? "page" : undefined} className="line-clamp-1 font-medium text-gray-800">
                {item.label}
              </li>
            ) : (
              <li>
                <AppLink to={item.to} className="hover:text-brand hover:underline">
                  {item.label}
                </AppLink>
              </li>
            )}
          </Fragment>
        );
      })}
    </ol>
  );
}
