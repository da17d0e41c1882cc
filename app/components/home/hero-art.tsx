// The hero's art, inline SVG so that the first slide paints with the HTML (hero.tsx): prerendered
// parts (home-parts.tsx), which the server renders and no page's JavaScript holds.

export function ElectronicsArt() {
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

export function AccessoriesArt() {
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

export function FashionArt() {
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
