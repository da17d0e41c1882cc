import type { IconName } from "./icon-shapes";

export type { IconName };

type IconProps = { className?: string };

/** One icon of the sprite; its size comes from `className` (or width and height). */
export function Icon({ name, className = "size-6", size }: { name: IconName; className?: string; size?: number }) {
  return (
    <svg className={`icon ${className}`} width={size} height={size} aria-hidden="true">
      <use href={`#i-${name}`} />
    </svg>
  );
}

export const SearchIcon = ({ className }: IconProps) => <Icon name="search" className={className} />;
export const UserIcon = ({ className }: IconProps) => <Icon name="user" className={className} />;
export const CompareIcon = ({ className }: IconProps) => <Icon name="compare" className={className} />;
export const HeartIcon = ({ className }: IconProps) => <Icon name="heart" className={className} />;
export const CartIcon = ({ className }: IconProps) => <Icon name="cart" className={className} />;
export const HeadsetIcon = ({ className }: IconProps) => <Icon name="headset" className={className} />;
export const MenuIcon = ({ className }: IconProps) => <Icon name="menu" className={className} />;
export const ChevronDownIcon = ({ className }: IconProps) => <Icon name="chevron-down" className={className} />;
export const MailIcon = ({ className }: IconProps) => <Icon name="mail" className={className} />;

/** The shop's mark: a shopping bag in the brand colour (drawn inline: the root error page has no sprite). */
export const LogoMark = ({ className = "size-8" }: IconProps) => (
  <svg className={className} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
    <rect x="4" y="9" width="24" height="20" rx="4" fill="currentColor" />
    <path d="M11 12V8a5 5 0 0 1 10 0v4" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
    <path d="M11 17c1 3 3 4.5 5 4.5s4-1.5 5-4.5" fill="none" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
  </svg>
);
