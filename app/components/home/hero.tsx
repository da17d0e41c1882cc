import { Carousel } from "~/components/carousel";
import { useSaveData } from "~/lib/platform/save-data";
import { HomePart } from "./home-part";

/** The hero moves on every 3000 ms. */
export const HERO_AUTOPLAY_MS = 3000;

/**
 * Each slide's Tailwind background, in the slides' order. The slide's words and link are a
 * prerendered part (`hero-text:N`, hero-slides.tsx), so the page's JavaScript holds none of them.
 */
const SLIDE_BACKGROUNDS = [
  "bg-gradient-to-br from-emerald-900 via-brand-dark to-brand",
  "bg-gradient-to-br from-indigo-900 via-indigo-800 to-sky-700",
  "bg-gradient-to-br from-rose-900 via-rose-700 to-orange-500",
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
        {SLIDE_BACKGROUNDS.map((background, index) => (
          <article
            key={background}
            className={`relative flex h-full min-h-[19rem] flex-col-reverse items-center gap-4 overflow-hidden rounded-2xl px-6 pb-12 pt-6 text-white sm:min-h-[22rem] sm:flex-row sm:px-12 sm:py-10 ${background}`}
            data-hero-slide={index}
          >
            <HomePart as="div" part={`hero-text:${index}`} className="relative z-10 max-w-xl sm:flex-1" />
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
