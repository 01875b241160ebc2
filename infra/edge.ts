import {
  PUBLIC_CACHE_MAX_SECONDS,
  PUBLIC_CACHE_SECONDS,
  PUBLICLY_CACHED_PATH_PREFIXES,
} from '../shared/api/public-cache';
import { PRERENDERED_PAGES } from '../shared/prerendered-pages';

/**
 * The edge of the site, defined once: what CloudFront does in front of the web app and the API on
 * AWS (infra/constructs/site.ts), and what the local edge server does in the local home
 * (infra/local/edge-server.ts). Both read this module, so the browser sees the same origin, the
 * same security headers (CSP included), the same SPA rewrite and the same `www.` redirect in both
 * homes; the local server even runs the CloudFront Functions' own code.
 */

/** The viewer's address header the edge sets for the API, over any value a client sent. */
export { VIEWER_ADDRESS_HEADER } from '../shared/api/viewer-address';

/** The path prefix of the API on the site's origin. CloudFront sends it to the HTTP API. */
export const API_PREFIX = '/api';
export const API_PATH_PATTERN = `${API_PREFIX}/*`;

/** Each prerendered page's path and the object key of its HTML: `{ '/home': '/home.html' }`. */
export const PRERENDERED_URIS: Readonly<Record<string, string>> = Object.fromEntries(
  PRERENDERED_PAGES.map((page) => [page.path, `/${page.file}`]),
);

/**
 * The CloudFront Function (viewer request) of the web app's behaviour.
 * - `www.<apex>` answers 301 to the apex, same path and query (a scheme-relative location, so the
 *   local home's `http://www.localhost:port` goes to `http://localhost:port`);
 * - a prerendered page's path (`/home`, shared/prerendered-pages.ts) gets its own file (`/home.html`):
 *   its HTML already holds the page's shell;
 * - any other path whose last segment has no file extension (`/search`, `/projects/42`) is an app
 *   route and gets `/index.html`; files (`/assets/app-1a2b.js`, `/runtime-config.json`) pass through.
 * Written in the JavaScript that CloudFront Functions (runtime 2.0) accept.
 */
export const VIEWER_REQUEST_CODE = `function handler(event) {
  var prerendered = ${JSON.stringify(PRERENDERED_URIS)};
  var request = event.request;
  var host = request.headers.host ? request.headers.host.value.toLowerCase() : '';
  if (host.indexOf('www.') === 0) {
    var query = [];
    for (var name in request.querystring) {
      var entry = request.querystring[name];
      var values = entry.multiValue ? entry.multiValue : [entry];
      for (var i = 0; i < values.length; i++) {
        query.push(values[i].value === '' ? name : name + '=' + values[i].value);
      }
    }
    return {
      statusCode: 301,
      statusDescription: 'Moved Permanently',
      headers: {
        location: { value: '//' + host.substring(4) + request.uri + (query.length ? '?' + query.join('&') : '') },
        'cache-control': { value: 'max-age=3600' },
      },
    };
  }
  var lastSegment = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (Object.prototype.hasOwnProperty.call(prerendered, request.uri)) {
    request.uri = prerendered[request.uri];
  } else if (lastSegment.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;

/**
 * The CloudFront Function (viewer request) of the `/api/*` behaviours: the HTTP API's routes have no
 * prefix (`GET /investors`), so `/api/investors` reaches it as `/investors`.
 */
export const API_REQUEST_CODE = `function handler(event) {
  var request = event.request;
  request.uri = request.uri.substring(${API_PREFIX.length}) || '/';
  return request;
}`;

/** The cache behaviours of the publicly cached API paths (shared/api/public-cache.ts says which and why). */
export const CACHED_API_PATH_PATTERNS = PUBLICLY_CACHED_PATH_PREFIXES.map(
  (prefix) => `${API_PREFIX}${prefix}*`,
);
export { PUBLIC_CACHE_MAX_SECONDS, PUBLIC_CACHE_SECONDS };

/** The origins the page may connect to besides itself. */
export interface EdgeOrigins {
  /** Cognito's user pool API (`https://cognito-idp.{region}.amazonaws.com`); none when same-origin. */
  readonly cognito?: string;
  /** The uploads bucket, which the admin's browser PUTs import files to (presigned URL). */
  readonly uploads: string;
}

/**
 * The Content-Security-Policy of the site: scripts only from the site itself; the page connects to
 * itself (the web app and `/api`), Cognito and the uploads bucket, nothing else.
 *
 * `development` is for the Vite dev server of `npm run dev` only (hot reload injects an inline
 * script and talks over a WebSocket); the e2e tests serve the production build under the
 * production policy.
 */
export function contentSecurityPolicy(origins: EdgeOrigins, development = false): string {
  const connect = ["'self'", origins.cognito, origins.uploads].filter(Boolean);
  return [
    "default-src 'self'",
    development ? "script-src 'self' 'unsafe-inline'" : "script-src 'self'",
    // React and react-bootstrap set style attributes; no script may be inlined.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    `connect-src ${[...connect, ...(development ? ['ws:'] : [])].join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    // Browsers leave loopback addresses alone, so the local home's http://127.0.0.1 s3rver still works.
    'upgrade-insecure-requests',
  ].join('; ');
}

/** The security headers every response of the site carries (web app and `/api` alike). */
export const SECURITY_HEADERS = {
  strictTransportSecurity: { maxAgeSeconds: 730 * 24 * 60 * 60, includeSubdomains: true, preload: true },
  contentTypeOptions: 'nosniff',
  frameOptions: 'DENY',
  referrerPolicy: 'strict-origin-when-cross-origin',
} as const;

/** The security headers as HTTP header lines (what the local edge server sends; CloudFront sends the same). */
export function securityHeaderLines(origins: EdgeOrigins, development = false): Record<string, string> {
  const hsts = SECURITY_HEADERS.strictTransportSecurity;
  return {
    'strict-transport-security': `max-age=${hsts.maxAgeSeconds}${hsts.includeSubdomains ? '; includeSubDomains' : ''}${hsts.preload ? '; preload' : ''}`,
    'x-content-type-options': SECURITY_HEADERS.contentTypeOptions,
    'x-frame-options': SECURITY_HEADERS.frameOptions,
    'referrer-policy': SECURITY_HEADERS.referrerPolicy,
    'content-security-policy': contentSecurityPolicy(origins, development),
  };
}
