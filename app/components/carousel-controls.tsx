import { useEffect, useRef, useState } from "react";
import KeenSlider, { type KeenSliderInstance } from "keen-slider";

/**
 * What a carousel (carousel.tsx) gains with JavaScript, in a chunk loaded once the carousel is
 * near the screen, with keen-slider itself: keen-slider over the native list, the previous/next
 * buttons, the hero's dots and its autoplay. Until then (and without JavaScript) the list scrolls
 * natively; no page downloads this code before it is needed.
 */
export type CarouselControlsProps = {
  /** The carousel's element (its group) and its list of slides. */
  group: HTMLElement;
  track: HTMLUListElement;
  label: string;
  hero: boolean;
  count: number;
  autoplayMs?: number;
  loop: boolean;
};

const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

export function CarouselControls({ group, track, label, hero, count, autoplayMs, loop }: CarouselControlsProps) {
  const [slider, setSlider] = useState<KeenSliderInstance | null>(null);
  const [edges, setEdges] = useState({ atStart: true, atEnd: false });
  const [active, setActive] = useState(0);
  const paused = useRef({ hover: false, focus: false });

  useEffect(() => {
    let instance: KeenSliderInstance | null = null;
    // A task of its own for each carousel (issue 41: no long tasks while hydrating).
    const timer = window.setTimeout(() => {
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
    });
    return () => {
      window.clearTimeout(timer);
      instance?.destroy();
      delete track.dataset.enhanced;
      setSlider(null);
    };
  }, [track, loop]);

  // Autoplay pauses on hover and on focus; tabbing onto a slide keen-slider has moved away brings
  // that slide into view instead of letting the browser scroll the (now overflow-hidden) track.
  useEffect(() => {
    if (!slider) return;
    // The pointer or the focus may be in the carousel already (before keen-slider came).
    paused.current = { hover: group.matches(":hover"), focus: group.contains(document.activeElement) };
    const onPointerEnter = () => (paused.current.hover = true);
    const onPointerLeave = () => (paused.current.hover = false);
    const onFocusIn = (event: FocusEvent) => {
      paused.current.focus = true;
      track.scrollLeft = 0;
      const index = slider.slides.findIndex((slide) => slide.contains(event.target as Node));
      if (index < 0) return;
      const slideBox = slider.slides[index].getBoundingClientRect();
      const trackBox = track.getBoundingClientRect();
      if (slideBox.left < trackBox.left - 1 || slideBox.right > trackBox.right + 1) {
        slider.moveToIdx(loop ? index : Math.min(index, slider.track.details.maxIdx));
      }
    };
    const onFocusOut = (event: FocusEvent) => {
      if (!group.contains(event.relatedTarget as Node | null)) paused.current.focus = false;
    };
    group.addEventListener("pointerenter", onPointerEnter);
    group.addEventListener("pointerleave", onPointerLeave);
    group.addEventListener("focusin", onFocusIn);
    group.addEventListener("focusout", onFocusOut);
    return () => {
      group.removeEventListener("pointerenter", onPointerEnter);
      group.removeEventListener("pointerleave", onPointerLeave);
      group.removeEventListener("focusin", onFocusIn);
      group.removeEventListener("focusout", onFocusOut);
    };
  }, [slider, group, track, loop]);

  useEffect(() => {
    if (!slider || !autoplayMs || reducedMotion()) return;
    const timer = window.setInterval(() => {
      const { hover, focus } = paused.current;
      if (!hover && !focus && document.visibilityState === "visible") slider.next();
    }, autoplayMs);
    return () => window.clearInterval(timer);
  }, [slider, autoplayMs]);

  if (!slider) return null;

  // Moving by a whole view (not one slide) feels right for product rows.
  const step = () => {
    const slideWidth = slider.slides[0]?.getBoundingClientRect().width || slider.size;
    return Math.max(1, Math.floor(slider.size / slideWidth + 0.01));
  };
  const move = (direction: 1 | -1) => {
    if (loop) return direction === 1 ? slider.next() : slider.prev();
    const { abs, minIdx, maxIdx } = slider.track.details;
    slider.moveToIdx(Math.min(maxIdx, Math.max(minIdx, abs + direction * step())));
  };

  return (
    <>
      <CarouselButton
        direction={-1}
        inset={hero}
        disabled={!loop && edges.atStart}
        onClick={() => move(-1)}
        label={`Previous: ${label}`}
      />
      <CarouselButton
        direction={1}
        inset={hero}
        disabled={!loop && edges.atEnd}
        onClick={() => move(1)}
        label={`Next: ${label}`}
      />
      {autoplayMs !== undefined && (
        <div className="absolute inset-x-0 bottom-2 flex justify-center gap-0.5">
          {/* A 24 px target around each small dot (WCAG 2.5.8, target size). */}
          {Array.from({ length: count }, (_, index) => (
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
