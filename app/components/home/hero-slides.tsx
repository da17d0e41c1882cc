import { AppLink } from "~/components/app-link";

// The hero slides' words and links: prerendered parts (home-parts.tsx, `hero-text:N`), which the
// server renders once and no page's JavaScript holds (docs/decisions/049-javascript-budget.md).

type HeroSlide = {
  eyebrow: string;
  headline: string;
  text: string;
  href: string;
};

export const HERO_SLIDES: HeroSlide[] = [
  {
    eyebrow: "Electronics store",
    headline: "The electronics store for every room",
    text: "Headphones, speakers, smartwatches and smart TVs from Sony, Samsung, Boat and more.",
    href: "/shop?category=Electronics",
  },
  {
    eyebrow: "Phone accessories",
    headline: "Phone accessories that keep up with you",
    text: "Fast chargers, power banks and earbuds to keep your phone going all day.",
    href: "/shop?subCategory=Mobile+Accessories",
  },
  {
    eyebrow: "Fashion",
    headline: "Fresh fashion for every day",
    text: "Casual and formal wear, shoes and bags for men and women.",
    href: "/shop?category=Fashion",
  },
];

/** One slide's words and link: the content of its `<div>` in hero.tsx. */
export function HeroText({ slide }: { slide: HeroSlide }) {
  return (
    <>
      <p className="text-xs font-semibold uppercase tracking-[0.2em] text-white/80">{slide.eyebrow}</p>
      {/* The first headline is the page's LCP element: plain text painted with the HTML. */}
      <h2 className="mt-2 text-2xl font-bold leading-tight sm:text-4xl">{slide.headline}</h2>
      <p className="mt-3 max-w-md text-sm text-white/90 sm:text-base">{slide.text}</p>
      <AppLink
        to={slide.href}
        className="mt-5 inline-flex items-center gap-2 rounded-full bg-white px-6 py-2.5 text-sm font-semibold text-gray-900 shadow transition hover:bg-yellow-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        aria-label={`Shop Now: ${slide.eyebrow}`}
      >
        Shop Now
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
