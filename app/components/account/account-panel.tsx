import type { ReactNode } from "react";

/** A titled card of the account area; `action` sits beside the title (Edit Profile, Add New Address). */
export function AccountPanel({
  id,
  title,
  level = 1,
  action,
  children,
}: {
  id: string;
  title: string;
  level?: 1 | 2;
  action?: ReactNode;
  children: ReactNode;
}) {
  const Heading = level === 1 ? "h1" : "h2";
  return (
    <section aria-labelledby={id} className="rounded-lg border border-gray-200 bg-white p-5 sm:p-6">
      <div className="mb-5 flex flex-wrap items-center justify-between gap-4">
        <Heading id={id} className={`${level === 1 ? "text-2xl" : "text-lg"} font-bold text-gray-900`}>
          {title}
        </Heading>
        {action}
      </div>
      {children}
    </section>
  );
}
