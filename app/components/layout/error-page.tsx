import type { ReactNode } from "react";
import { Link } from "react-router";

/** The 404 page's content: what happened and a way back into the shop. */
export function NotFoundContent() {
  return (
    <ErrorPanel code="404" title="Page not found">
      We could not find the page you were looking for. It may have moved, or the address may be mistyped.
    </ErrorPanel>
  );
}

/** Any other failure: never a blank page. */
export function ServerErrorContent({ status = 500 }: { status?: number }) {
  return (
    <ErrorPanel code={String(status)} title="Something went wrong">
      Internal server error. Please try again in a moment; if it keeps happening, write to our support team.
    </ErrorPanel>
  );
}

function ErrorPanel({ code, title, children }: { code: string; title: string; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center" aria-labelledby="error-title">
      <p className="text-6xl font-extrabold text-brand/30">{code}</p>
      <h1 id="error-title" className="mt-4 text-3xl font-bold text-gray-900">
        {title}
      </h1>
      <p className="mt-3 text-gray-600">{children}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/shop" className="rounded-full bg-brand px-6 py-2.5 font-semibold text-white hover:bg-brand-dark">
          Continue shopping
        </Link>
        <Link to="/" className="rounded-full border border-gray-300 px-6 py-2.5 font-semibold text-gray-800 hover:border-brand hover:text-brand">
          Go to the home page
        </Link>
      </div>
    </section>
  );
}
