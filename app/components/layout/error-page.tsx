import type { ReactNode } from "react";
import { AppLink } from "~/components/app-link";

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
      {status === 503
        ? "The shop cannot reach its data for a moment. Please try again shortly."
        : "Internal server error. Please try again in a moment; if it keeps happening, write to our support team."}
    </ErrorPanel>
  );
}

/**
 * The page for any status a loader or action throws: 404 is "Page not found", another 4xx says
 * that the request was refused, and 5xx is a server error with its own code, so a 503 never
 * claims to be a 500. The thrown text is never shown: React Router's own (a 405's) is meant for
 * developers.
 */
export function ErrorContent({ status }: { status: number }) {
  if (status === 404) return <NotFoundContent />;
  if (status >= 400 && status < 500) {
    return status === 403 ? (
      <ErrorPanel code="403" title="Access denied">
        You do not have access to this page.
      </ErrorPanel>
    ) : (
      <ErrorPanel code={String(status)} title="This request was refused">
        The shop could not do what was asked. Please go back and try again.
      </ErrorPanel>
    );
  }
  return <ServerErrorContent status={status >= 500 && status < 600 ? status : 500} />;
}

function ErrorPanel({ code, title, children }: { code: string; title: string; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center" aria-labelledby="error-title">
      <p className="text-6xl font-extrabold text-brand">{code}</p>
      <h1 id="error-title" className="mt-4 text-3xl font-bold text-gray-900">
        {title}
      </h1>
      <p className="mt-3 text-gray-600">{children}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <AppLink to="/shop" className="rounded-full bg-brand px-6 py-2.5 font-semibold text-white hover:bg-brand-dark">
          Continue shopping
        </AppLink>
        <AppLink
          to="/"
          className="rounded-full border border-gray-300 px-6 py-2.5 font-semibold text-gray-800 hover:border-brand hover:text-brand"
        >
          Go to the home page
        </AppLink>
      </div>
    </section>
  );
}
