import { Logo } from "~/components/layout/site-header";

/** Checkout sits outside the main layout: the logo back home and nothing to wander off to. */
export function CheckoutHeader() {
  return (
    <header className="border-b border-gray-200 bg-white">
      <div className="mx-auto flex max-w-5xl items-center justify-between gap-4 px-4 py-3">
        <Logo />
        <p className="inline-flex items-center gap-1.5 text-sm font-semibold text-gray-700">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-4"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <rect x="4" y="11" width="16" height="10" rx="2" />
            <path d="M8 11V7a4 4 0 0 1 8 0v4" />
          </svg>
          Secure checkout
        </p>
      </div>
    </header>
  );
}
