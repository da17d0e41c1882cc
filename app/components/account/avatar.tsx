/** Up to two initials of a name ("Asha Rao" → "AR"); "?" when there is nothing to take them from. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((word) => [...word][0]!.toUpperCase()).join("") || "?";
}

/** The profile picture, or the shopper's initials in a circle when there is none. */
export function Avatar({ name, src }: { name: string; src: string | null }) {
  const size = "h-20 w-20 shrink-0 rounded-full";
  if (src) return <img src={src} alt="" width={80} height={80} className={`${size} object-cover`} />;
  return (
    <span
      aria-hidden="true"
      className={`${size} flex items-center justify-center bg-brand/15 text-2xl font-bold text-brand-dark`}
    >
      {initialsOf(name)}
    </span>
  );
}
