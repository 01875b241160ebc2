import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type http from 'node:http';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_CACHE_SECONDS, securityHeaderLines } from '../../infra/edge';
import { startLocalEdge } from '../../infra/local/edge-server';
import { freePort } from '../../infra/local/processes';
import { PRERENDERED_PAGES } from '../../shared/prerendered-pages';
import { createUser, localHome } from './support/home';

/**
 * The local edge in front of the real local gateway: one origin for a built app and `/api`, the
 * CloudFront Functions of infra/edge.ts run on every request, the production headers on every answer.
 */
let edge: http.Server;
let site: string;
let webDir: string;
const origins = { uploads: localHome.urls.s3 };

beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), 'edge-web-'));
  mkdirSync(join(webDir, 'assets'));
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>app</title>');
  for (const page of PRERENDERED_PAGES)
    writeFileSync(join(webDir, page.file), `<!doctype html><title>prerendered ${page.path}</title>`);
  writeFileSync(join(webDir, 'assets', 'index-1a2b.js'), 'console.log(1)');
  writeFileSync(
    join(webDir, 'assets', 'large-3c4d.js'),
    `${'console.log("a line of the app");\n'.repeat(200)}`,
  );
  const port = await freePort();
  edge = await startLocalEdge({
    port,
    gatewayUrl: localHome.urls.gateway,
    origins,
    web: { kind: 'static', dir: webDir },
  });
  site = `http://localhost:${port}`;
});

afterAll(async () => {
  edge?.closeAllConnections();
  await new Promise((resolve) => edge?.close(resolve));
  rmSync(webDir, { recursive: true, force: true });
});

const expectEdgeHeaders = (response: Response) => {
  for (const [name, value] of Object.entries(securityHeaderLines(origins)))
    expect(response.headers.get(name), name).toBe(value);
};

describe('local edge (infra/edge.ts in front of the local gateway)', () => {
  it('serves app routes as index.html and files as themselves, with the production headers', async () => {
    const route = await fetch(`${site}/projects/42/insights?tab=mrr`);
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('<title>app</title>');
    expect(route.headers.get('cache-control')).toBe('no-cache');
    expectEdgeHeaders(route);

    const asset = await fetch(`${site}/assets/index-1a2b.js`);
    expect(await asset.text()).toBe('console.log(1)');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expectEdgeHeaders(asset);
  });

  it('serves a prerendered page at its path from its own file, revalidated, with the production headers', async () => {
    for (const page of PRERENDERED_PAGES) {
      const answer = await fetch(`${site}${page.path}?from=nav`);
      expect(answer.status, page.path).toBe(200);
      expect(await answer.text()).toBe(`<!doctype html><title>prerendered ${page.path}</title>`);
      expect(answer.headers.get('cache-control')).toBe('no-cache');
      expectEdgeHeaders(answer);
    }
    // Under it, or beside it, is any other app route.
    expect(await (await fetch(`${site}/home/`)).text()).toContain('<title>app</title>');
    expect(await (await fetch(`${site}/homepage`)).text()).toContain('<title>app</title>');
  });

  it("gzips what it sends to a browser that accepts it, as CloudFront's compress does, and not otherwise", async () => {
    // Chromium offers Brotli and zstd too: it gets gzip, what the page-load benchmark measures.
    const large = await fetch(`${site}/assets/large-3c4d.js`, {
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(large.headers.get('content-encoding')).toBe('gzip');
    expect(await large.text()).toBe('console.log("a line of the app");\n'.repeat(200));
    expectEdgeHeaders(large);

    const plain = await new Promise<http.IncomingMessage>((resolve, reject) =>
      httpGet(`${site}/assets/large-3c4d.js`, resolve).on('error', reject),
    );
    plain.resume();
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('answers a file the site does not hold as CloudFront does for a private bucket (403)', async () => {
    const missing = await fetch(`${site}/assets/gone-0000.js`);
    expect(missing.status).toBe(403);
    expectEdgeHeaders(missing);
  });

  it('sends www. to the apex with the path and every query value, as a permanent redirect', async () => {
    const { port } = new URL(site);
    // fetch() keeps its own Host header; a plain request sends the one a browser on www. would.
    const response = await new Promise<http.IncomingMessage>((resolve, reject) =>
      httpGet(
        `${site}/investors/search?stageFocus=seed&stageFocus=series%20a&flag`,
        { headers: { host: `www.localhost:${port}` } },
        resolve,
      ).on('error', reject),
    );
    response.resume();

    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(
      `//localhost:${port}/investors/search?stageFocus=seed&stageFocus=series%20a&flag`,
    );
    expect(response.headers['content-security-policy']).toBe(
      securityHeaderLines(origins)['content-security-policy'],
    );
  });

  it('passes /api/* to the gateway without the prefix, query, body and Authorization included', async () => {
    const metadata = await fetch(`${site}/api/directory/metadata`);
    expect(metadata.status).toBe(200);
    expect(await metadata.json()).toHaveProperty('data');
    expectEdgeHeaders(metadata);

    const search = await fetch(`${site}/api/investors?stageFocus=seed&limit=1`);
    expect(search.status).toBe(200);

    const refused = await fetch(`${site}/api/me`);
    expect(refused.status).toBe(401);
    const user = await createUser();
    const me = await fetch(`${site}/api/me`, { headers: { authorization: `Bearer ${user.token}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { data: { email: string } }).data.email).toBe(user.email);

    const saved = await fetch(`${site}/api/carts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ investorIds: [] }),
    });
    // The handler read the body: an empty cart is refused by validation, not lost on the way.
    expect(saved.status).toBe(400);
    expect(((await saved.json()) as { error: { message: string } }).error.message).toMatch(/columnOrder/i);
  });

  it('lets browsers and CloudFront keep the public directory answers a minute, and nothing else', async () => {
    for (const path of [
      '/api/directory/metadata',
      '/api/directory/role-counts',
      '/api/directory/facets',
      '/api/directory/suggestions?q=ad',
    ]) {
      const answer = await fetch(`${site}${path}`);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get('cache-control'), path).toBe(`public, max-age=${PUBLIC_CACHE_SECONDS}`);
    }
    // Search follows every query, an error is never kept, and whatever needs a caller is private.
    const search = await fetch(`${site}/api/investors?stageFocus=seed&limit=1`);
    expect(search.headers.get('cache-control')).toBe('no-store');
    const refused = await fetch(`${site}/api/directory/facets?checkMin=-1`);
    expect(refused.status).toBe(400);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    const user = await createUser();
    const me = await fetch(`${site}/api/me`, { headers: { authorization: `Bearer ${user.token}` } });
    expect(me.headers.get('cache-control')).toBe('no-store');
  });

  it('has no CORS on the API: a preflight gets no allow-origin', async () => {
    const preflight = await fetch(`${site}/api/investors`, {
      method: 'OPTIONS',
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });
});
