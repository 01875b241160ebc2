import { BrowserRouter, useRoutes } from 'react-router-dom';
import { RouteErrorBoundary } from './route-error';
import { routes } from './router';

/**
 * The browser router in declarative mode: the app loads its data with TanStack Query, not route
 * loaders, so React Router's data router (about a third of its code) is not needed; each layout puts
 * an error boundary around its pages (web/app/route-error.tsx).
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      {/* The last resort, for an error outside a page (a layout, the navbar). */}
      <RouteErrorBoundary>
        <AppRoutes />
      </RouteErrorBoundary>
    </BrowserRouter>
  );
}

function AppRoutes() {
  return useRoutes(routes);
}
