import type { ReactNode } from "react";

/** A page of the shop's policies (/terms, /privacy): one column of headed sections, as /review-rules is. */
export function LegalPage({ title, updated, children }: { title: string; updated: string; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl space-y-4 px-4 pb-16 pt-6 text-gray-800 sm:px-6 lg:px-8 [&_a]:text-brand [&_a]:underline">
      <h1 className="text-2xl font-bold text-gray-900">{title}</h1>
      <p className="text-sm text-gray-600">Last updated {updated}.</p>
      {children}
    </article>
  );
}

export function LegalHeading({ children }: { children: ReactNode }) {
  return <h2 className="pt-2 text-lg font-bold text-gray-900">{children}</h2>;
}
