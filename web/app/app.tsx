import type { QueryClient } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { CartSync } from '../stores/cart-sync';
import { AppProviders } from './providers';

/**
 * The app around its router: the browser renders it with `AppRouter` (web/main.tsx), the prerender
 * with a static router at a page's path (web/prerender), so that a prerendered page's HTML is what
 * the browser's first render makes of it.
 */
export function App({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        {/* A signed-in founder's cart is their account's (issue 32): kept in step here, for every page. */}
        <CartSync />
        {children}
      </AppProviders>
    </StrictMode>
  );
}
