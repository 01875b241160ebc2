import type { ReactNode } from 'react';

/**
 * An empty state: what is missing (the spec's words), and the next step (a link or a button). The
 * `warning` tone is for the ones the spec shows as a warning (an empty contact library).
 */
export function EmptyState({
  message,
  children,
  tone = 'neutral',
}: {
  message: string;
  children?: ReactNode;
  tone?: 'neutral' | 'warning';
}) {
  return (
    <div className={`empty-state${tone === 'warning' ? ' empty-state-warning' : ''}`} role="status">
      <svg className="empty-state-icon" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
        <circle cx="20" cy="20" r="18" fill="none" stroke="currentColor" strokeWidth="2" opacity="0.35" />
        <circle cx="17.5" cy="17.5" r="7" fill="none" stroke="currentColor" strokeWidth="2.5" />
        <path d="m22.5 22.5 6 6" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      <div>
        <p className="fw-semibold mb-1">{message}</p>
        {children ? <div className="d-flex flex-wrap align-items-center gap-2 mt-2">{children}</div> : null}
      </div>
    </div>
  );
}
