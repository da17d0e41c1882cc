/** The five-point star, and its left half (for half stars), on a 24×24 grid. */
const STAR = "12 2 15.09 8.26 22 9.27 17 14.14 18.18 21.02 12 17.77 5.82 21.02 7 14.14 2 9.27 8.91 8.26";
const LEFT_HALF = "12 2 8.91 8.26 2 9.27 7 14.14 5.82 21.02 12 17.77";

type StarFill = "full" | "half" | "empty";

/** Five stars, a half star when the fraction is 0.5 or more. */
export function starFills(value: number): StarFill[] {
  const rating = Math.min(5, Math.max(0, Number.isFinite(value) ? value : 0));
  const full = Math.floor(rating);
  const half = rating - full >= 0.5;
  return Array.from({ length: 5 }, (_, i) => (i < full ? "full" : i === full && half ? "half" : "empty"));
}

/**
 * The star rating: five 18 px stars filled yellow, with the count in brackets when given.
 * One label for screen readers instead of five meaningless shapes.
 */
export function Stars({ value, count, size = 18, className = "" }: { value: number; count?: number; size?: number; className?: string }) {
  const label = `Rated ${value} out of 5${count === undefined ? "" : `, ${count} ratings`}`;
  return (
    <span className={`inline-flex items-center gap-1 ${className}`}>
      <span role="img" aria-label={label} className="inline-flex" data-rating={value}>
        {starFills(value).map((fill, i) => (
          <svg key={i} width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" data-star={fill}>
            <polygon points={STAR} className={fill === "full" ? "fill-yellow-400" : "fill-gray-300"} />
            {fill === "half" && <polygon points={LEFT_HALF} className="fill-yellow-400" />}
          </svg>
        ))}
      </span>
      {count !== undefined && (
        <span className="text-xs text-gray-500" aria-hidden="true">
          ({count})
        </span>
      )}
    </span>
  );
}
