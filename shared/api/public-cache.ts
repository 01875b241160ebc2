/**
 * Public GETs that every visitor asks for and that change rarely (directory metadata, role counts and
 * facets change when an aggregation runs; a portal when an admin edits it). Their successful answers
 * say `public, max-age=60`: CloudFront keeps them that long (infra/edge.ts, a cache behaviour per
 * prefix) and so does the browser, so a burst of visitors costs one Lambda call a minute and an edit
 * shows within a minute. Every other answer, and every error, says `no-store`. Search (`/investors`)
 * is never cached: its results follow every query and filter, and curation must show at once.
 */
export const PUBLICLY_CACHED_PATH_PREFIXES = ['/directory/', '/portals/'] as const;
export const PUBLIC_CACHE_SECONDS = 60;
/** The most CloudFront keeps them even if a response asks for longer. */
export const PUBLIC_CACHE_MAX_SECONDS = 300;

/** The Cache-Control of a successful answer to `method path` on a route of this auth level. */
export function successCacheControl(method: string, path: string, auth: string): string {
  const cached =
    method === 'GET' &&
    auth === 'public' &&
    PUBLICLY_CACHED_PATH_PREFIXES.some((prefix) => path.startsWith(prefix));
  return cached ? `public, max-age=${PUBLIC_CACHE_SECONDS}` : 'no-store';
}
