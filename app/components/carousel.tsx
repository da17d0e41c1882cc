import { Children, useEffect, useRef, useState, type ReactNode } from "react";
import type { KeenSliderInstance } from "keen-slider";

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

const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/**
 * A carousel: a list that scrolls natively (CSS scroll-snap) without JavaScript, which keen-slider
 * upgrades after hydration, once the carousel is near the screen, one carousel a task.
 * keen-slider is imported lazily so it weighs nothing on the first load; the previous/next
 * buttons only appear once it runs.
 */
export function Carousel({ label, kind, autoplayMs, loop = false, emptyText, children }: CarouselProps) {
  const slides = Children.toArray(children);
  const trackRef = useRef<HTMLUListElement>(null);
  const [slider, setSlider] = useState<KeenSliderInstance | null>(null);
  const [edges, setEdges] = useState({ atStart: true, atEnd: false });
  const [active, setActive] = useState(0);
  const paused = useRef({ hover: false, focus: false });

  useEffect(() => {
    const track = trackRef.current;
    if (!track || slides.length < 2) return;
    let instance: KeenSliderInstance | null = null;
    let cancelled = false;
    let timer = 0;
    const create = (KeenSlider: typeof import("keen-slider").default) => {
      if (cancelled) return;
      // Every slide already in view: nothing to enhance (the native list stays, buttons would only clutter).
      if (track.scrollWidth <= track.clientWidth + 1) return;
      // A native scroll made before now would offset keen-slider's transforms.
      track.scrollLeft = 0;
      track.dataset.enhanced = "";
      instance = new KeenSlider(track, {
        loop,
        selector: ":scope > li",
        slides: { perView: "auto" },
        defaultAnimation: { duration: reducedMotion() ? 0 : 500 },
        detailsChanged(s) {
          // Null until keen-slider has measured the slides.
          const details = s.track.details as typeof s.track.details | null;
          if (!details) return;
          // NaN progress (nothing to move) reads as both ends.
          setEdges({ atStart: !(details.progress > 0.001), atEnd: !(details.progress < 0.999) });
          setActive(details.rel);
        },
      });
      setSlider(instance);
    };
    // keen-slider measures every slide and moves them all: a carousel off the screen waits until it
    // comes near, and each one starts in a task of its own, not all of them in one task after the
    // lazy import (issue 41: no long tasks while hydrating).
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        import("keen-slider")
          .then(({ default: KeenSlider }) => {
            // A task of its own for each carousel (a microtask would run them all in one).
            if (!cancelled) timer = window.setTimeout(() => create(KeenSlider));
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
      window.clearTimeout(timer);
      instance?.destroy();
      delete track.dataset.enhanced;
      setSlider(null);
    };
    // The slides are server data: a new list is a new carousel (keyed by the caller).
  }, [loop, slides.length]);

  useEffect(() => {
    if (!slider || !autoplayMs || reducedMotion()) return;
    const timer = window.setInterval(() => {
      const { hover, focus } = paused.current;
      if (!hover && !focus && document.visibilityState === "visible") slider.next();
    }, autoplayMs);
    return () => window.clearInterval(timer);
  }, [slider, autoplayMs]);

  if (slides.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-gray-300 p-6 text-center text-sm text-gray-500">
        {emptyText ?? "No products found."}
      </p>
    );
  }

  // Moving by a whole view (not one slide) feels right for product rows.
  const step = () => {
    if (!slider) return 1;
    const slideWidth = slider.slides[0]?.getBoundingClientRect().width || slider.size;
    return Math.max(1, Math.floor(slider.size / slideWidth + 0.01));
  };
  const move = (direction: 1 | -1) => {
    if (!slider) return;
    if (loop) return direction === 1 ? slider.next() : slider.prev();
    const { abs, minIdx, maxIdx } = slider.track.details;
    slider.moveToIdx(Math.min(maxIdx, Math.max(minIdx, abs + direction * step())));
  };

  return (
    <div
      className="relative @container"
      // A group, not a region: the section around a carousel is already the landmark.
      role="group"
      aria-roledescription="carousel"
      aria-label={label}
      onPointerEnter={() => (paused.current.hover = true)}
      onPointerLeave={() => (paused.current.hover = false)}
      onFocus={(event) => {
        paused.current.focus = true;
        // Tabbing onto a slide keen-slider has moved away: bring that slide into view instead of
        // letting the browser scroll the (now overflow-hidden) track under keen-slider's feet.
        const track = trackRef.current;
        if (!slider || !track) return;
        track.scrollLeft = 0;
        const index = slider.slides.findIndex((slide) => slide.contains(event.target as Node));
        if (index < 0) return;
        const slideBox = slider.slides[index].getBoundingClientRect();
        const trackBox = track.getBoundingClientRect();
        if (slideBox.left < trackBox.left - 1 || slideBox.right > trackBox.right + 1) {
          slider.moveToIdx(loop ? index : Math.min(index, slider.track.details.maxIdx));
        }
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) paused.current.focus = false;
      }}
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
      {slider && (
        <>
          <CarouselButton
            direction={-1}
            inset={kind === "hero"}
            disabled={!loop && edges.atStart}
            onClick={() => move(-1)}
            label={`Previous: ${label}`}
          />
          <CarouselButton
            direction={1}
            inset={kind === "hero"}
            disabled={!loop && edges.atEnd}
            onClick={() => move(1)}
            label={`Next: ${label}`}
          />
          {autoplayMs !== undefined && (
            <div className="absolute inset-x-0 bottom-2 flex justify-center gap-0.5">
              {/* A 24 px target around each small dot (WCAG 2.5.8, target size). */}
              {slides.map((_, index) => (
                <button
                  key={index}
                  type="button"
                  aria-label={`Go to slide ${index + 1}`}
                  aria-current={index === active ? "true" : undefined}
                  onClick={() => slider.moveToIdx(index)}
                  className="group/dot flex h-6 min-w-6 items-center justify-center"
                >
                  <span
                    className={`h-2.5 rounded-full transition-all ${index === active ? "w-6 bg-white" : "w-2.5 bg-white/60 group-hover/dot:bg-white/90"}`}
                  />
                </button>
              ))}
            </div>
          )}
        </>
      )}
    </div>
  );
}

type CarouselButtonProps = { direction: 1 | -1; inset: boolean; disabled: boolean; onClick: () => void; label: string };

function CarouselButton({ direction, inset, disabled, onClick, label }: CarouselButtonProps) {
  // The hero's arrows sit in its bottom corners on phones, beside the dots, clear of its heading.
  const hero = "max-sm:top-auto max-sm:bottom-3 max-sm:translate-y-0";
  const side =
    direction === 1
      ? inset
        ? `right-3 ${hero}`
        : "right-1 sm:-right-3"
      : inset
        ? `left-3 ${hero}`
        : "left-1 sm:-left-3";
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      title={direction === 1 ? "Next" : "Previous"}
      data-carousel-button={direction === 1 ? "next" : "previous"}
      className={`absolute top-1/2 z-10 flex h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/95 text-gray-800 shadow-md ring-1 ring-gray-200 transition hover:bg-brand hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:pointer-events-none disabled:opacity-0 ${side}`}
    >
      <svg
        width="20"
        height="20"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d={direction === 1 ? "M9 18l6-6-6-6" : "M15 18l-6-6 6-6"} />
      </svg>
    </button>
  );
}
