import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { formatRupees } from "~/lib/page/money";
import { clampTypedPrice, PRICE_FLOOR, PRICE_STEP } from "~/lib/catalogue/shop-params";

const numberInput =
  "w-full rounded-md border border-gray-300 py-1.5 pl-6 pr-2 text-sm tabular-nums focus:border-brand focus:outline-none focus:ring-1 focus:ring-brand";

/**
 * The price filter: two sliders over one track (₹200 to the catalogue's top, ₹100 steps) and two
 * typed inputs, which are what the form submits. The sliders only mirror the inputs, so they need
 * JavaScript and stay disabled without it; the inputs work either way, and the server applies the
 * same clamping to what they send.
 */
export function PriceRange({
  min,
  max,
  ceiling,
  interactive,
  onChange,
}: {
  min: number | null;
  max: number | null;
  ceiling: number;
  interactive: boolean;
  onChange: (min: number, max: number) => void;
}) {
  const low = min ?? PRICE_FLOOR;
  const high = max ?? ceiling;
  const [minText, setMinText] = useState(String(low));
  const [maxText, setMaxText] = useState(String(high));
  const minInput = useRef<HTMLInputElement>(null);
  const maxInput = useRef<HTMLInputElement>(null);

  // Follow the applied range, but never rewrite what the shopper is typing.
  useEffect(() => {
    if (document.activeElement !== minInput.current) setMinText(String(low));
  }, [low]);
  useEffect(() => {
    if (document.activeElement !== maxInput.current) setMaxText(String(high));
  }, [high]);

  const typeMin = (event: ChangeEvent<HTMLInputElement>) => {
    setMinText(event.target.value);
    onChange(clampTypedPrice("min", event.target.value, high, ceiling), high);
  };
  const typeMax = (event: ChangeEvent<HTMLInputElement>) => {
    setMaxText(event.target.value);
    onChange(low, clampTypedPrice("max", event.target.value, low, ceiling));
  };
  const slideMin = (event: ChangeEvent<HTMLInputElement>) => {
    const value = Math.min(Number(event.target.value), high);
    setMinText(String(value));
    onChange(value, high);
  };
  const slideMax = (event: ChangeEvent<HTMLInputElement>) => {
    const value = Math.max(Number(event.target.value), low);
    setMaxText(String(value));
    onChange(low, value);
  };

  const span = Math.max(1, ceiling - PRICE_FLOOR);
  const startPct = Math.min(100, Math.max(0, ((low - PRICE_FLOOR) / span) * 100));
  const endPct = Math.min(100, Math.max(0, ((high - PRICE_FLOOR) / span) * 100));

  return (
    <div className="space-y-3">
      <div className="relative h-5">
        <div className="absolute inset-x-0 top-2 h-1 rounded-full bg-gray-200" aria-hidden="true" />
        <div
          className="absolute top-2 h-1 rounded-full bg-brand"
          style={{ left: `${startPct}%`, right: `${100 - endPct}%` }}
          aria-hidden="true"
        />
        <input
          type="range"
          aria-label="Minimum price slider"
          min={PRICE_FLOOR}
          max={ceiling}
          step={PRICE_STEP}
          value={Math.max(PRICE_FLOOR, low)}
          onChange={slideMin}
          disabled={!interactive}
          className="price-thumb"
        />
        <input
          type="range"
          aria-label="Maximum price slider"
          min={PRICE_FLOOR}
          max={ceiling}
          step={PRICE_STEP}
          value={high}
          onChange={slideMax}
          disabled={!interactive}
          className="price-thumb"
        />
      </div>
      <div className="flex items-center gap-2">
        <label className="relative flex-1">
          <span className="sr-only">Minimum price</span>
          <span
            className="pointer-events-none absolute left-2 top-1/2 -translate-y-1/2 text-sm text-gray-500"
            aria-hidden="true"
          >
            ₹
          </span>
          <input
            ref={minInput}
            type="number"
            name="minPrice"
            inputMode="numeric"
            min={0}
            max={ceiling}
            value={minText}
            onChange={typeMin}
            onBlur={() => setMinText(String(clampTypedPrice("min", minText, high, ceiling)))}
            className={numberInput}
          />
        </label>
        <span className="text-gray-400" aria-hidden="true">
          –
        </span>
        <label className="relative flex-1">
          <span className="sr-only">Maximum price</span>
          <span
            className="pointer-events-none absolute left-2 top-1/2 -translate-y-1/2 text-sm text-gray-500"
            aria-hidden="true"
          >
            ₹
          </span>
          <input
            ref={maxInput}
            type="number"
            name="maxPrice"
            inputMode="numeric"
            min={0}
            max={ceiling}
            value={maxText}
            onChange={typeMax}
            onBlur={() => setMaxText(String(clampTypedPrice("max", maxText, low, ceiling)))}
            className={numberInput}
          />
        </label>
      </div>
      <p className="text-xs text-gray-500">
        {formatRupees(PRICE_FLOOR)} to {formatRupees(ceiling)}
      </p>
    </div>
  );
}
