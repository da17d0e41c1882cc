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
 * One label for screen readers instead of five meaningless shapes. Each star is an empty element
 * drawn by CSS (`.stars` in app.css: one star shape as a mask), so a card carries 5 short tags
 * instead of 5 inline SVG polygons (docs/decisions/009-render-profile.md).
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
        data-rating={value}
        style={size === 18 ? undefined : { fontSize: size }}
      >
        {starFills(value).map((fill, i) => (
          <i key={i} data-star={fill} />
        ))}
      </span>
      {count !== undefined && (
        <span className="text-xs text-gray-500" aria-hidden="true">
          {`(${count})`}
        </span>
      )}
    </span>
  );
}
