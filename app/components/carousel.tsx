import { Children, type ComponentType, useEffect, useRef, useState, type ReactNode } from "react";
import type { CarouselControlsProps } from "./carousel-controls";

/**
 * Slide widths per carousel kind, by the carousel's own width (container queries), so a carousel
 * beside a banner shows fewer slides than one across the page. The CSS alone lays the slides out:
 * without JavaScript the track scrolls natively with scroll-snap; keen-slider then takes over the
 * same markup with `perView: "auto"`, reading the same widths, so nothing moves on hydration.
 */
const SLIDE_WIDTHS = {
  // One slide at a time.
  hero: "basis-full",
  // 2.5 tiles on phones, then 3, then all 4.
  categories: "basis-2/5 @lg:basis-1/3 @3xl:basis-1/4",
  // 1.5 products per view on phones (the half card shows there is more) up to 6 on wide screens.
  products: "basis-2/3 @md:basis-2/5 @xl:basis-1/3 @3xl:basis-1/4 @5xl:basis-1/5 @6xl:basis-1/6",
} as const;

export type CarouselKind = keyof typeof SLIDE_WIDTHS;

type CarouselProps = {
  /** Names the region for screen readers (usually the section's heading). */
  label: string;
  kind: CarouselKind;
  /** Milliseconds between slides; autoplay pauses on hover, on focus and for reduced motion. */
  autoplayMs?: number;
  /** Wrap around at the ends (the hero does). */
  loop?: boolean;
  /** Shown instead of the track when there are no slides. */
  emptyText?: string;
  children: ReactNode;
};

/**
 * A carousel: a list that scrolls natively (CSS scroll-snap) without JavaScript, which keen-slider
 * upgrades after hydration, once the carousel is near the screen, one carousel a task. keen-slider
 * and everything that drives it (carousel-controls.tsx: the previous/next buttons, the hero's dots
 * and autoplay) are one lazy chunk, so they weigh nothing on the first load; the buttons only
 * appear once it runs.
 */
export function Carousel({ label, kind, autoplayMs, loop = false, emptyText, children }: CarouselProps) {
  const slides = Children.toArray(children);
  const groupRef = useRef<HTMLDivElement>(null);
  const trackRef = useRef<HTMLUListElement>(null);
  const [Controls, setControls] = useState<ComponentType<CarouselControlsProps> | null>(null);

  useEffect(() => {
    const track = trackRef.current;
    if (!track || slides.length < 2) return;
    let cancelled = false;
    // keen-slider measures every slide and moves them all: a carousel off the screen waits until it
    // comes near (issue 41: no long tasks while hydrating).
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        import("./carousel-controls")
          .then((module) => {
            if (!cancelled) setControls(() => module.CarouselControls);
          })
          .catch(() => {
            // Offline or a stale deployment: the native scrolling list stays, which is fine.
          });
      },
      { rootMargin: "0px 0px 50% 0px" },
    );
    observer.observe(track);
    return () => {
      cancelled = true;
      observer.disconnect();
      setControls(null);
    };
    // The slides are server data: a new list is a new carousel (keyed by the caller).
  }, [slides.length]);

  if (slides.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-gray-300 p-6 text-center text-sm text-gray-500">
        {emptyText ?? "No products found."}
      </p>
    );
  }

  return (
    <div
      ref={groupRef}
      className="relative @container"
      // A group, not a region: the section around a carousel is already the landmark.
      role="group"
      aria-roledescription="carousel"
      aria-label={label}
    >
      <ul
        ref={trackRef}
        className="-mx-2 flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain pb-2 [scrollbar-width:thin] data-[enhanced]:touch-pan-y data-[enhanced]:snap-none data-[enhanced]:overflow-hidden data-[enhanced]:select-none"
      >
        {slides.map((slide, index) => (
          <li
            key={index}
            className={`relative min-h-full shrink-0 grow-0 snap-start px-2 @container ${SLIDE_WIDTHS[kind]}`}
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${slides.length}`}
          >
            {slide}
          </li>
        ))}
      </ul>
      {Controls && groupRef.current && trackRef.current && (
        <Controls
          group={groupRef.current}
          track={trackRef.current}
          label={label}
          hero={kind === "hero"}
          count={slides.length}
          autoplayMs={autoplayMs}
          loop={loop}
        />
      )}
    </div>
  );
}
