import type { ReactNode } from "react";

/** The narrow card that the login and register pages share. */
export function AuthCard({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <div className="mx-auto my-10 w-full max-w-md rounded-lg border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
      <h1 className="text-2xl font-bold text-gray-900">{title}</h1>
      <p className="mt-1 mb-6 text-sm text-gray-600">{intro}</p>
      {children}
    </div>
  );
}
