import { AppLink } from "~/components/app-link";

/** A footer column's title and links: the content of its `<nav aria-label="Footer: {title}">`. */
export function FooterLinksContent({ title, links }: { title: string; links: { label: string; href: string }[] }) {
  return (
    <>
      <h2 className="text-base font-semibold text-white">{title}</h2>
      <ul className="mt-4 space-y-2">
        {links.map((entry) => (
          <li key={entry.label}>
            <AppLink to={entry.href} className="hover:text-white hover:underline">
              {entry.label}
            </AppLink>
          </li>
        ))}
      </ul>
    </>
  );
}
