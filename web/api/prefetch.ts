import type { QueryClient } from '@tanstack/react-query';
import { directoryMetadataQuery } from './get-directory-metadata';
import { roleCountsQuery } from './get-role-counts';

/** The directory home's two calls, started before the page renders (web/app/router.tsx). */
export function prefetchDirectoryHome(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(directoryMetadataQuery);
  void queryClient.prefetchQuery(roleCountsQuery);
}
