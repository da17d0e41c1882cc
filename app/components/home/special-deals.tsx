import { AppLink } from "~/components/app-link";

/** Where the banner leads: the shop, largest discounts first. */
const DEALS_HREF = "/shop?sort=discount";

/**
 * The Special Deals banner beside Newly Added Products: drawn with CSS and inline SVG, no image
 * request. The content of its `<aside>` (home.tsx): a prerendered part (home-parts.tsx).
 */
export function SpecialDealsContent() {
  return (
    <>
      <svg
        className="pointer-events-none absolute -bottom-6 -right-6 h-40 w-40 text-white/30"
        viewBox="0 0 100 100"
        aria-hidden="true"
      >
        <path
          fill="currentColor"
          d="M50 0l9 14 16-5 1 17 16 5-7 15 11 13-15 8 2 17-17-1-7 16-13-10-13 10-7-16-17 1 2-17-15-8 11-13-7-15 16-5 1-17 16 5z"
        />
      </svg>
      <div className="relative">
        <p className="text-xs font-bold uppercase tracking-[0.2em] text-gray-900/70">Limited time</p>
        <h2 id="special-deals-heading" className="mt-1 text-2xl font-extrabold leading-tight">
          Special Deals
        </h2>
        <p className="mt-2 text-sm font-medium">Up to 70% off on headphones, fashion and décor. New deals every day.</p>
      </div>
      <AppLink
        to={DEALS_HREF}
        className="relative mt-6 inline-flex w-fit items-center gap-2 rounded-full bg-gray-900 px-5 py-2.5 text-sm font-semibold text-white transition hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gray-900"
      >
        Shop the deals
        <svg
          width="16"
          height="16"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          aria-hidden="true"
        >
          <path d="M5 12h14M13 6l6 6-6 6" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </AppLink>
    </>
  );
}
