import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import compression from 'compression';
import sirv from 'sirv';
import type { ViteDevServer } from 'vite';
import { CLIENT_LIMIT_BODY, ClientLimiter, cognitoOperation, type LimitedRequest } from '../client-limits';
import {
  API_PREFIX,
  API_REQUEST_CODE,
  type EdgeOrigins,
  securityHeaderLines,
  VIEWER_ADDRESS_HEADER,
  VIEWER_REQUEST_CODE,
} from '../edge';

/**
 * The local home's CloudFront: one origin for the web app and `/api`, as on AWS. It runs the
 * CloudFront Functions' own code from infra/edge.ts (the `www.` redirect, the SPA rewrite, the
 * `/api` prefix), sends the same security headers (the production CSP for a built app) and routes
 * `/api/*` to the local gateway as CloudFront routes it to the HTTP API.
 *
 * Two ways to serve the web app:
 * - `static`: the production build (`web/dist`), as the site bucket holds it: what the e2e tests
 *   run, under the production headers;
 * - `vite`: the Vite dev server in middleware mode, with hot reload (`npm run dev`); its CSP allows
 *   the inline script and WebSocket hot reload needs (infra/edge.ts, `development`).
 *
 * Responses are gzipped for browsers that accept it, as CloudFront's `compress: true` does
 * (infra/constructs/site.ts).
 *
 * Local-only paths beside the product: `/cognito` (cognito-local), `/local/*` (the local home's
 * stand-ins and switches) and `/runtime-config.json` (written to the site bucket on AWS).
 */
export interface LocalEdgeOptions {
  port: number;
  /** The local gateway, e.g. http://127.0.0.1:3001 (the HTTP API and the local-only routes). */
  gatewayUrl: string;
  origins: EdgeOrigins;
  web:
    | { kind: 'static'; dir: string }
    /** Creates the Vite dev server (middleware mode) on this HTTP server, for hot reload. */
    | { kind: 'vite'; createVite: (server: http.Server) => Promise<ViteDevServer> };
  /**
   * The per-client limits of infra/client-limits.ts, counted by the client's address as AWS WAF
   * counts them (tests give a limiter with their own clock). @default a limiter on the real clock
   */
  clientLimiter?: ClientLimiter;
}

/** What a CloudFront Function (viewer request) receives: the parts our functions read. */
export interface ViewerRequestEvent {
  version: '1.0';
  context: { eventType: 'viewer-request' };
  viewer: { ip: string };
  request: {
    method: string;
    uri: string;
    querystring: Record<string, { value: string; multiValue?: { value: string }[] }>;
    headers: Record<string, { value: string }>;
    cookies: Record<string, { value: string }>;
  };
}
export type ViewerRequest = ViewerRequestEvent['request'];
export interface ViewerResponse {
  statusCode: number;
  statusDescription?: string;
  headers?: Record<string, { value: string }>;
}

/** A CloudFront Function's source, made callable here exactly as written. */
export function cloudFrontFunction(
  code: string,
): (event: ViewerRequestEvent) => ViewerRequest | ViewerResponse {
  return new Function(`${code}\nreturn handler;`)();
}

/** The viewer-request event CloudFront would build for this request (query values as received). */
export function viewerRequestEvent(req: IncomingMessage): ViewerRequestEvent {
  const raw = req.url ?? '/';
  const queryAt = raw.indexOf('?');
  const uri = queryAt === -1 ? raw : raw.slice(0, queryAt);
  const querystring: ViewerRequest['querystring'] = {};
  if (queryAt !== -1) {
    for (const pair of raw.slice(queryAt + 1).split('&')) {
      if (pair === '') continue;
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      const value = equals === -1 ? '' : pair.slice(equals + 1);
      const existing = querystring[name];
      if (!existing) querystring[name] = { value };
      else existing.multiValue = [...(existing.multiValue ?? [{ value: existing.value }]), { value }];
    }
  }
  const headers: ViewerRequest['headers'] = {};
  for (const [name, value] of Object.entries(req.headers))
    if (value !== undefined) headers[name] = { value: Array.isArray(value) ? value.join(',') : value };
  return {
    version: '1.0',
    context: { eventType: 'viewer-request' },
    viewer: { ip: req.socket.remoteAddress ?? '127.0.0.1' },
    request: { method: req.method ?? 'GET', uri, querystring, headers, cookies: {} },
  };
}

/** The request line of a (possibly rewritten) viewer request. */
function requestTarget(request: ViewerRequest): string {
  const pairs: string[] = [];
  for (const [name, entry] of Object.entries(request.querystring))
    for (const { value } of entry.multiValue ?? [entry]) pairs.push(value === '' ? name : `${name}=${value}`);
  return `${request.uri}${pairs.length ? `?${pairs.join('&')}` : ''}`;
}

const isResponse = (value: ViewerRequest | ViewerResponse): value is ViewerResponse => 'statusCode' in value;

const viewerRequest = cloudFrontFunction(VIEWER_REQUEST_CODE);
const apiRequest = cloudFrontFunction(API_REQUEST_CODE);

/** Hop-by-hop headers not passed through a proxy. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);

/** Passes a request to the local gateway at `target` and its answer back, with the edge's headers. */
function proxy(
  gatewayUrl: string,
  target: string,
  req: IncomingMessage,
  res: ServerResponse,
  edgeHeaders: Record<string, string>,
): void {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(req.headers))
    if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
  // The viewer's address as CloudFront gives it (infra/edge.ts): from the socket, over any sent value.
  headers[VIEWER_ADDRESS_HEADER] = `${req.socket.remoteAddress ?? '127.0.0.1'}:${req.socket.remotePort ?? 0}`;
  const upstream = http.request(`${gatewayUrl}${target}`, { method: req.method, headers }, (answer) => {
    const out: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(answer.headers))
      if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
    res.writeHead(answer.statusCode ?? 502, { ...out, ...edgeHeaders });
    answer.pipe(res);
  });
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain', ...edgeHeaders });
    res.end('The local gateway did not answer.');
  });
  req.pipe(upstream);
}

/** Entry files are revalidated; hashed assets are immutable (as the site bucket's deployment sets them). */
function cacheControlFor(pathname: string): string {
  return pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
}

const LOCAL_ONLY = /^\/(cognito|local)(\/|$)/;

/** What the per-client limits look at: Cognito's operation on `/cognito` (its API on AWS), else the path. */
function limitedRequest(req: IncomingMessage, uri: string): LimitedRequest {
  if (/^\/cognito(\/|$)/.test(uri)) {
    const target = req.headers['x-amz-target'];
    return { home: 'userPool', operation: cognitoOperation(Array.isArray(target) ? target[0] : target) };
  }
  return { home: 'site', method: req.method ?? 'GET', path: uri };
}

/** Starts the local edge on `port` (127.0.0.1: browsers resolve `localhost` and `*.localhost` there). */
export async function startLocalEdge(options: LocalEdgeOptions): Promise<http.Server> {
  const development = options.web.kind === 'vite';
  const limiter = options.clientLimiter ?? new ClientLimiter();
  const edgeHeaders = securityHeaderLines(options.origins, development);
  const files =
    options.web.kind === 'static'
      ? sirv(options.web.dir, {
          etag: true,
          dotfiles: false,
          setHeaders: (res, pathname) => res.setHeader('cache-control', cacheControlFor(pathname)),
        })
      : undefined;
  let vite: ViteDevServer | undefined;
  // compression() is typed for Express; it only uses what Node's own request and response have.
  const compress = compression() as unknown as (
    req: IncomingMessage,
    res: ServerResponse,
    next: () => void,
  ) => void;

  const server = http.createServer((req, res) => {
    // Gzip, as docs/performance.md measures the first page: the library's on-the-fly Brotli (quality 4)
    // is larger than gzip, and CloudFront's own Brotli is not something this machine can reproduce.
    const accepted = req.headers['accept-encoding'];
    if (typeof accepted === 'string')
      req.headers['accept-encoding'] = accepted.replace(/\b(br|zstd)\b/g, 'identity');
    compress(req, res, () => handle(req, res));
  });
  function handle(req: IncomingMessage, res: ServerResponse) {
    const event = viewerRequestEvent(req);
    const { uri } = event.request;
    const apiPath = uri === API_PREFIX || uri.startsWith(`${API_PREFIX}/`);
    if (limiter.exceeded(event.viewer.ip, limitedRequest(req, uri))) {
      res.writeHead(429, {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
        ...edgeHeaders,
      });
      return res.end(CLIENT_LIMIT_BODY);
    }

    // Vite serves the web app's own modules from web/api/ as /api/<file>.ts in development.
    if (vite && apiPath && /\.tsx?$/.test(uri)) return vite.middlewares(req, res);

    if (apiPath) {
      const request = apiRequest(event);
      if (isResponse(request)) return sendViewerResponse(res, request, edgeHeaders);
      return proxy(options.gatewayUrl, requestTarget(request), req, res, edgeHeaders);
    }
    if (LOCAL_ONLY.test(uri)) return proxy(options.gatewayUrl, req.url ?? '/', req, res, edgeHeaders);

    const result = viewerRequest(event);
    if (isResponse(result)) return sendViewerResponse(res, result, edgeHeaders);
    if (result.uri === '/runtime-config.json')
      return proxy(options.gatewayUrl, '/local/runtime-config.json', req, res, edgeHeaders);

    for (const [name, value] of Object.entries(edgeHeaders)) res.setHeader(name, value);
    // Vite does its own SPA fallback and serves its client modules (/@vite/client) by their paths.
    if (vite) return vite.middlewares(req, res);
    req.url = requestTarget(result);
    files?.(req, res, () => {
      // What CloudFront answers for a key the private bucket does not hold (Origin Access Control).
      res.writeHead(403, { 'content-type': 'application/xml' });
      res.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code></Error>');
    });
  }

  if (options.web.kind === 'vite') vite = await options.web.createVite(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  return server;
}

function sendViewerResponse(
  res: ServerResponse,
  response: ViewerResponse,
  edgeHeaders: Record<string, string>,
) {
  const headers: Record<string, string> = { ...edgeHeaders };
  for (const [name, { value }] of Object.entries(response.headers ?? {})) headers[name] = value;
  res.writeHead(response.statusCode, response.statusDescription ?? '', headers);
  res.end();
}
