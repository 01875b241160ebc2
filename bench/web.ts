/**
 * Web: what the first page load downloads. Builds the app with Vite, then reads `web/dist/index.html`
 * for the entry script, the modulepreload links and the stylesheets, and gzips each; and gzips
 * `home.html`, the prerendered /home (its markup and the stylesheet inline, the same scripts).
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';

const run = promisify(execFile);

export const FIRST_PAGE_JS_BUDGET = 150 * 1024;

export interface WebAsset {
  path: string;
  kind: 'js' | 'css';
  bytes: number;
  gzipBytes: number;
}

export interface WebFigure {
  assets: WebAsset[];
  jsGzip: number;
  cssGzip: number;
  jsRaw: number;
  /** `home.html` gzipped: what /home's document weighs, the stylesheet included. */
  homeDocumentGzip: number;
  buildMs: number;
}

/** The scripts, modulepreloads and stylesheets `index.html` makes the browser fetch first. */
export function firstPageAssets(html: string): { path: string; kind: 'js' | 'css' }[] {
  const found = new Map<string, 'js' | 'css'>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const attr = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];
    if (tag.startsWith('<script')) {
      const src = attr('src');
      if (src) found.set(src, 'js');
    } else {
      const rel = attr('rel');
      const href = attr('href');
      if (!href) continue;
      if (rel === 'modulepreload') found.set(href, 'js');
      if (rel === 'stylesheet') found.set(href, 'css');
    }
  }
  return [...found].map(([path, kind]) => ({ path, kind }));
}

export async function measureWeb(root: string): Promise<WebFigure> {
  const start = performance.now();
  await run('npx', ['vite', 'build', 'web', '--logLevel', 'error'], {
    cwd: root,
    maxBuffer: 64 * 1024 * 1024,
  });
  const buildMs = performance.now() - start;
  const dist = join(root, 'web/dist');
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const assets = firstPageAssets(html).map(({ path, kind }) => {
    const content = readFileSync(join(dist, path.replace(/^\//, '')));
    return { path, kind, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
  });
  const sum = (kind: 'js' | 'css', key: 'bytes' | 'gzipBytes') =>
    assets.filter((a) => a.kind === kind).reduce((total, a) => total + a[key], 0);
  return {
    assets,
    jsGzip: sum('js', 'gzipBytes'),
    cssGzip: sum('css', 'gzipBytes'),
    jsRaw: sum('js', 'bytes'),
    homeDocumentGzip: gzipSync(readFileSync(join(dist, 'home.html')), { level: 9 }).length,
    buildMs,
  };
}
