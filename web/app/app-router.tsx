import { BrowserRouter, useRoutes } from 'react-router-dom';
import { RouteErrorBoundary } from './route-error';
import { routes } from './router';

/**
 * The browser router in declarative mode: the app loads its data with TanStack Query, not route
 * loaders, so React Router's data router (about a third of its code) is not needed; each layout puts
 * an error boundary around its pages (web/app/route-error.tsx).
 *
 * Location changes render at once, not in a transition: the search page keeps its filters in the
 * URL, and a click that lands while a transition is still pending would build the next URL from the
 * previous render's filters and drop the one just chosen (a filter clicked right after another
 * vanished). Pages are preloaded before navigation (router.tsx), so nothing waits on a chunk.
 */
export function AppRouter() {
  return (
    <BrowserRouter useTransitions={false}>
      <AppRoutes />
    </BrowserRouter>
  );
}

/** The routes, inside any router: the browser's, or the prerender's static one (web/prerender). */
export function AppRoutes() {
  return (
    // The last resort, for an error outside a page (a layout, the navbar).
    <RouteErrorBoundary>
      <MatchedRoute />
    </RouteErrorBoundary>
  );
}

function MatchedRoute() {
  return useRoutes(routes);
}
