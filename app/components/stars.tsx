/** How many half stars of five are filled: whole stars, and a half star when the fraction is 0.5 or more. */
export function filledHalves(value: number): number {
  const rating = Math.min(5, Math.max(0, Number.isFinite(value) ? value : 0));
  const full = Math.floor(rating);
  return full * 2 + (rating - full >= 0.5 ? 1 : 0);
}

/** A product's stars and count, or "No ratings yet" when no published review rates it (`ratingOf`). */
export function RatingSummary({
  rating,
  className = "",
}: {
  rating: { value: number; count: number } | null;
  className?: string;
}) {
  if (!rating) {
    return (
      <span className={`text-xs text-gray-500 ${className}`} data-no-ratings>
        No ratings yet
      </span>
    );
  }
  return <Stars value={rating.value} count={rating.count} className={className} />;
}

/**
 * The star rating: five 18 px stars filled yellow, with the count in brackets when given.
 * One label for screen readers instead of five meaningless shapes. The five stars are one empty
 * element drawn by CSS (`.stars` in app.css: the star shape as a mask repeated five times over a
 * yellow and grey background, `data-fill` half stars yellow), so a card carries one short tag
 * instead of five inline SVG polygons (docs/decisions/009-render-profile.md).
 */
export function Stars({
  value,
  count,
  size = 18,
  className = "",
}: {
  value: number;
  count?: number;
  size?: number;
  className?: string;
}) {
  const label = `Rated ${value} out of 5${count === undefined ? "" : `, ${count} ratings`}`;
  return (
    <span className={`inline-flex items-center gap-1 ${className}`}>
      <span
        role="img"
        aria-label={label}
        className="stars"
        data-fill={filledHalves(value)}
        style={size === 18 ? undefined : { fontSize: size }}
      />
      {count !== undefined && (
        <span className="text-xs text-gray-500" aria-hidden="true">
          {`(${count})`}
        </span>
      )}
    </span>
  );
}
