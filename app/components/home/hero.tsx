import { Link } from "react-router";
import { Carousel } from "~/components/carousel";
import { useSaveData } from "~/lib/platform/save-data";
import { HomePart } from "./home-part";

/** The hero moves on every 3000 ms. */
export const HERO_AUTOPLAY_MS = 3000;

type HeroSlide = {
  eyebrow: string;
  headline: string;
  text: string;
  href: string;
  /** Tailwind background of the slide. */
  background: string;
};

const SLIDES: HeroSlide[] = [
  {
    eyebrow: "Electronics store",
    headline: "The electronics store for every room",
    text: "Headphones, speakers, smartwatches and smart TVs from Sony, Samsung, Boat and more.",
    href: "/shop?category=Electronics",
    background: "bg-gradient-to-br from-emerald-900 via-brand-dark to-brand",
  },
  {
    eyebrow: "Phone accessories",
    headline: "Phone accessories that keep up with you",
    text: "Fast chargers, power banks and earbuds to keep your phone going all day.",
    href: "/shop?subCategory=Mobile+Accessories",
    background: "bg-gradient-to-br from-indigo-900 via-indigo-800 to-sky-700",
  },
  {
    eyebrow: "Fashion",
    headline: "Fresh fashion for every day",
    text: "Casual and formal wear, shoes and bags for men and women.",
    href: "/shop?category=Fashion",
    background: "bg-gradient-to-br from-rose-900 via-rose-700 to-orange-500",
  },
];

/** Each slide's art: a prerendered part (home-parts.tsx), so the page's JavaScript holds none of it. */
const ART_CLASS = "hidden shrink-0 sm:block sm:w-64 lg:w-80";

/**
 * The hero carousel. The art is inline SVG, so the first slide (the largest thing above the fold)
 * paints with the HTML and needs no image request. On phones the slide is its words alone (under
 * 390 px of a 780 px screen, so the first products show below it); the art shows from `sm` up.
 */
export function Hero() {
  // With Save-Data only the first slide, the one on screen, has its art (app/lib/platform/save-data.ts).
  const saveData = useSaveData();
  return (
    <section aria-label="Featured">
      <Carousel label="Featured" kind="hero" loop autoplayMs={HERO_AUTOPLAY_MS}>
        {SLIDES.map((slide, index) => (
          <article
            key={slide.href}
            className={`relative flex h-full min-h-[19rem] flex-col-reverse items-center gap-4 overflow-hidden rounded-2xl px-6 pb-12 pt-6 text-white sm:min-h-[22rem] sm:flex-row sm:px-12 sm:py-10 ${slide.background}`}
            data-hero-slide={index}
          >
            <div className="relative z-10 max-w-xl sm:flex-1">
              <p className="text-xs font-semibold uppercase tracking-[0.2em] text-white/80">{slide.eyebrow}</p>
              {/* The first headline is the page's LCP element: plain text painted with the HTML. */}
              <h2 className="mt-2 text-2xl font-bold leading-tight sm:text-4xl">{slide.headline}</h2>
              <p className="mt-3 max-w-md text-sm text-white/90 sm:text-base">{slide.text}</p>
              <Link
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
              </Link>
            </div>
            {index === 0 || !saveData ? (
              <HomePart as="div" part={`hero-art:${index}`} className={ART_CLASS} aria-hidden="true" />
            ) : (
              <div className={ART_CLASS} aria-hidden="true" />
            )}
          </article>
        ))}
      </Carousel>
    </section>
  );
}
