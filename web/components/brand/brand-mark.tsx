/**
 * The logo's mark: a V drawn as two lines meeting at a point, each end a node: founders and investors
 * connected.
 * Decorative: the brand name beside it is the text.
 */
export function BrandMark({ className = 'brand-mark' }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#6366f1" />
      <path
        d="M9 10.5 16 22.5 23 10.5"
        fill="none"
        stroke="#fff"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="9" cy="10.5" r="2.75" fill="#fff" />
      <circle cx="23" cy="10.5" r="2.75" fill="#fff" />
      <circle cx="16" cy="22.5" r="2.75" fill="#5eead4" />
    </svg>
  );
}
