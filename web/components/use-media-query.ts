import { useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches, kept up to date as the window changes (false where the browser
 * has no `matchMedia`, and while prerendering). For markup that differs by width beyond what CSS
 * can rearrange (a table at desktop width, cards on a phone), so one of them is in the page at a time.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : false),
    () => false,
  );
}

/** Bootstrap's `md` breakpoint and below: a phone held upright, or a small tablet. */
export const PHONE_WIDTH = '(max-width: 767.98px)';
