import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while a page is prerendered at build time and while React hydrates that HTML in the browser;
 * true in every other render (React renders again at once after hydrating when this changes, without
 * a mismatch). A prerendered page (shared/prerendered-pages.ts) shows what only the browser knows (the
 * deployment's configuration, a query's data) only when this is true, so its first render in the
 * browser is the markup it was prerendered with.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/** A query as the prerendered page showed it: no data yet, no error. */
export const LOADING = { isPending: true, isError: false, data: undefined, error: null } as const;

/**
 * `query` once hydrated; {@link LOADING} before (in the prerender and while hydrating), even if the
 * data came in before the scripts did: the prerendered HTML shows the loading state.
 */
export function useLoadingUntilHydrated<Query extends object>(query: Query): Query | typeof LOADING {
  return useHydrated() ? query : LOADING;
}
