import type { ReactNode } from "react";
import { Link } from "react-router";
import { Carousel } from "~/components/carousel";
import { useSaveData } from "~/lib/platform/save-data";

/** The hero moves on every 3000 ms. */
export const HERO_AUTOPLAY_MS = 3000;

type HeroSlide = {
  eyebrow: string;
  headline: string;
  text: string;
  href: string;
  /** Tailwind background of the slide. */
  background: string;
  art: ReactNode;
};

const SLIDES: HeroSlide[] = [
  {
    eyebrow: "Electronics store",
    headline: "The electronics store for every room",
    text: "Headphones, speakers, smartwatches and smart TVs from Sony, Samsung, Boat and more.",
    href: "/shop?category=Electronics",
    background: "bg-gradient-to-br from-emerald-900 via-brand-dark to-brand",
    art: <ElectronicsArt />,
  },
  {
    eyebrow: "Phone accessories",
    headline: "Phone accessories that keep up with you",
    text: "Fast chargers, power banks and earbuds to keep your phone going all day.",
    href: "/shop?subCategory=Mobile+Accessories",
    background: "bg-gradient-to-br from-indigo-900 via-indigo-800 to-sky-700",
    art: <AccessoriesArt />,
  },
  {
    eyebrow: "Fashion",
    headline: "Fresh fashion for every day",
    text: "Casual and formal wear, shoes and bags for men and women.",
    href: "/shop?category=Fashion",
    background: "bg-gradient-to-br from-rose-900 via-rose-700 to-orange-500",
    art: <FashionArt />,
  },
];

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
            <div className="hidden shrink-0 sm:block sm:w-64 lg:w-80" aria-hidden="true">
              {(index === 0 || !saveData) && slide.art}
            </div>
          </article>
        ))}
      </Carousel>
    </section>
  );
}

function ElectronicsArt() {
  return (
    <svg viewBox="0 0 320 240" width="320" height="240" className="h-auto w-full">
      <circle cx="170" cy="120" r="110" fill="#fff" opacity=".08" />
      <rect x="40" y="40" width="240" height="140" rx="10" fill="#1f2937" stroke="#e5e7eb" strokeWidth="6" />
      <rect x="52" y="52" width="216" height="116" rx="4" fill="#0ea5e9" />
      <path d="M52 140 L110 96 L150 128 L196 84 L268 146 V168 H52Z" fill="#34d399" />
      <circle cx="220" cy="84" r="14" fill="#fde047" />
      <rect x="140" y="182" width="40" height="14" fill="#9ca3af" />
      <rect x="110" y="196" width="100" height="8" rx="4" fill="#d1d5db" />
      <path d="M18 150 a36 36 0 0 1 72 0" fill="none" stroke="#fde047" strokeWidth="9" strokeLinecap="round" />
      <rect x="10" y="146" width="20" height="34" rx="8" fill="#f59e0b" />
      <rect x="78" y="146" width="20" height="34" rx="8" fill="#f59e0b" />
    </svg>
  );
}

function AccessoriesArt() {
  return (
    <svg viewBox="0 0 320 240" width="320" height="240" className="h-auto w-full">
      <circle cx="160" cy="120" r="110" fill="#fff" opacity=".08" />
      <rect x="118" y="20" width="96" height="196" rx="16" fill="#111827" stroke="#e5e7eb" strokeWidth="5" />
      <rect x="127" y="36" width="78" height="160" rx="6" fill="#38bdf8" />
      <rect x="146" y="60" width="40" height="40" rx="10" fill="#fff" opacity=".85" />
      <rect x="140" y="112" width="52" height="8" rx="4" fill="#fff" opacity=".7" />
      <rect x="148" y="126" width="36" height="8" rx="4" fill="#fff" opacity=".5" />
      <rect x="236" y="120" width="56" height="86" rx="12" fill="#f8fafc" />
      <path d="M266 140 l-10 22 h12 l-8 22 l20 -30 h-12 l8 -14z" fill="#22c55e" />
      <path d="M264 120 V92 q0 -20 -20 -20 h-30" fill="none" stroke="#f8fafc" strokeWidth="5" />
      <circle cx="62" cy="150" r="26" fill="#f8fafc" />
      <circle cx="62" cy="150" r="12" fill="#6366f1" />
      <rect x="54" y="176" width="16" height="30" rx="8" fill="#f8fafc" />
    </svg>
  );
}

function FashionArt() {
  return (
    <svg viewBox="0 0 320 240" width="320" height="240" className="h-auto w-full">
      <circle cx="160" cy="120" r="110" fill="#fff" opacity=".1" />
      <path
        d="M96 40 L128 28 Q150 42 172 28 L204 40 L246 74 L226 110 L206 100 L206 210 Q150 218 94 210 L94 100 L74 110 L54 74 Z"
        fill="#fef3c7"
        stroke="#7c2d12"
        strokeWidth="4"
        strokeLinejoin="round"
      />
      <path d="M128 28 Q150 56 172 28" fill="none" stroke="#7c2d12" strokeWidth="4" />
      <rect x="112" y="120" width="76" height="12" rx="6" fill="#f97316" />
      <path d="M206 186 q8 -26 34 -28 q20 -2 28 10 l36 12 q10 4 8 16 l-2 8 h-104z" fill="#1f2937" />
      <path d="M206 204 h104" stroke="#f8fafc" strokeWidth="6" />
      <path d="M242 170 l10 10 M254 166 l10 10" stroke="#f8fafc" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
