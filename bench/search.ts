/**
 * Search at scale and the directory home: latencies of the public calls through the local gateway,
 * one request at a time (what one founder feels), after a short warm-up.
 */

import { gunzipSync } from 'node:zlib';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { type Api, expectStatus } from '../infra/local/api-client';
import { s3 } from '../lambdas/lib/clients/s3';
import { searchIndexConfig } from '../lambdas/lib/config';
import { SearchIndex } from '../shared/search/engine';
import { decodeStoredSnapshot, SEARCH_INDEX_KEY } from '../shared/search/snapshot';
import { COMMON_TAG, NOTHING_TAG, RARE_TAG } from './csv';
import { collectGarbage } from './machine';
import { type Latency, latencyOf, timeRuns } from './stats';

export const SEARCH_P95_BUDGET_MS = 50;

interface SearchPage {
  items: { id: string }[];
  total: number;
  cursor: string | null;
}

export interface SearchFigure {
  label: 'common' | 'rare' | 'nothing';
  tag: string;
  total: number;
  first: Latency;
  /** The page that starts half way through the matches; null when there is no second page. */
  deep: { offset: number; latency: Latency } | null;
}

const searchPath = (tag: string, cursor?: string, limit?: number) =>
  `/investors?sectorFocus=${encodeURIComponent(tag)}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}${limit ? `&limit=${limit}` : ''}`;

async function page(api: Api, path: string): Promise<SearchPage> {
  const response = await api.call('GET', path);
  expectStatus(response, 200, `GET ${path}`);
  return (response.body as { data: SearchPage }).data;
}

/** The cursor of the page that starts half way through the matches, walked to as a client would. */
async function deepCursor(
  api: Api,
  tag: string,
  total: number,
): Promise<{ cursor: string; offset: number } | null> {
  const target = Math.floor(total / 2);
  if (target === 0) return null;
  let offset = 0;
  let cursor: string | undefined;
  while (offset < target) {
    const step = Math.min(100, target - offset);
    const next = await page(api, searchPath(tag, cursor, step));
    if (!next.cursor || next.items.length === 0) return null;
    cursor = next.cursor;
    offset += next.items.length;
  }
  return cursor ? { cursor, offset } : null;
}

/** First and deep page latencies (default page size) for the common, rare and matching-nothing tags. */
export async function measureSearch(api: Api, runs: number): Promise<SearchFigure[]> {
  const figures: SearchFigure[] = [];
  for (const [label, tag] of [
    ['common', COMMON_TAG],
    ['rare', RARE_TAG],
    ['nothing', NOTHING_TAG],
  ] as const) {
    const { total } = await page(api, searchPath(tag));
    const first = latencyOf(await timeRuns(runs, () => page(api, searchPath(tag))));
    const deepStart = await deepCursor(api, tag, total);
    const deep = deepStart
      ? {
          offset: deepStart.offset,
          latency: latencyOf(await timeRuns(runs, () => page(api, searchPath(tag, deepStart.cursor)))),
        }
      : null;
    figures.push({ label, tag, total, first, deep });
  }
  return figures;
}

export interface DirectoryHomeFigure {
  metadata: Latency;
  roleCounts: Latency;
  /** Both calls at once, as the home page makes them: the time until both answered. */
  both: Latency;
}

export async function measureDirectoryHome(api: Api, runs: number): Promise<DirectoryHomeFigure> {
  const get = async (path: string) => {
    const response = await api.call('GET', path);
    expectStatus(response, 200, `GET ${path}`);
  };
  return {
    metadata: latencyOf(await timeRuns(runs, () => get('/directory/metadata'))),
    roleCounts: latencyOf(await timeRuns(runs, () => get('/directory/role-counts'))),
    both: latencyOf(
      await timeRuns(runs, () => Promise.all([get('/directory/metadata'), get('/directory/role-counts')])),
    ),
  };
}

export interface CombinedSearchFigure {
  label: string;
  path: string;
  total: number;
  latency: Latency;
}

/**
 * Combined search through the snapshot index, at the benchmark's directory: the name prefix, each
 * filter alone, role + stage + sector, a common and a rare combination with a cheque range, and
 * facet counts (none and combined). Every path is a first page (or the facets of that search).
 */
export const COMBINED_SEARCHES: readonly { label: string; path: string }[] = [
  { label: 'name prefix "ad"', path: '/investors?q=ad' },
  { label: 'role alone', path: '/investors?role=vc' },
  { label: 'stage alone (by recently updated)', path: '/investors?stageFocus=seed&sort=updated' },
  { label: 'sector alone (by recently updated)', path: '/investors?sectorFocus=ai&sort=updated' },
  { label: 'country alone', path: '/investors?country=germany' },
  { label: 'city alone', path: '/investors?city=london' },
  { label: 'cheque range alone', path: '/investors?checkMin=100000&checkMax=500000' },
  { label: 'has phone', path: '/investors?has=phone' },
  { label: 'role + stage + sector', path: '/investors?role=vc&stageFocus=seed&sectorFocus=ai' },
  {
    label: `common combination with a cheque range (${COMMON_TAG})`,
    path: `/investors?sectorFocus=${COMMON_TAG}&has=email&checkMin=50000&checkMax=1000000`,
  },
  {
    label: `rare combination with a cheque range (${RARE_TAG})`,
    path: `/investors?sectorFocus=${RARE_TAG}&has=email&checkMin=50000&checkMax=1000000`,
  },
  {
    label: 'empty result: a common filter and a name matching nothing',
    path: `/investors?sectorFocus=${COMMON_TAG}&q=zzz`,
  },
  { label: 'the box: words of a sector and a stage typed', path: '/investors?q=ai%20seed' },
  { label: 'suggestions for "ad" (GET /directory/suggestions)', path: '/directory/suggestions?q=ad' },
  { label: 'facets, whole directory', path: '/directory/facets' },
  {
    label: 'facets, role + stage + sector',
    path: '/directory/facets?role=vc&stageFocus=seed&sectorFocus=ai',
  },
  {
    label: 'facets, common combination with a cheque range',
    path: `/directory/facets?sectorFocus=${COMMON_TAG}&has=email&checkMin=50000&checkMax=1000000`,
  },
];

export async function measureCombinedSearch(api: Api, runs: number): Promise<CombinedSearchFigure[]> {
  const figures: CombinedSearchFigure[] = [];
  for (const { label, path } of COMBINED_SEARCHES) {
    const first = await api.call('GET', path);
    expectStatus(first, 200, `GET ${path}`);
    const data = (first.body as { data: { total?: number; suggestions?: unknown[] } }).data;
    const total = data.total ?? data.suggestions?.length ?? 0;
    const latency = latencyOf(
      await timeRuns(runs, async () => expectStatus(await api.call('GET', path), 200, `GET ${path}`)),
    );
    figures.push({ label, path, total, latency });
  }
  return figures;
}

export interface SnapshotFigure {
  investors: number;
  gzipBytes: number;
  /** GET, gunzip, parse and build the index: what a cold directory function pays once. */
  loadMs: number;
  /** Heap held by the built index (cards included), after a full collection. */
  heapBytes: number;
}

/** The stored search snapshot: its size, the time to load it into an index, the heap the index holds. */
export async function measureSnapshot(): Promise<SnapshotFigure> {
  collectGarbage();
  const before = process.memoryUsage().heapUsed;
  const started = performance.now();
  const { index, gzipBytes } = await loadIndex();
  const loadMs = performance.now() - started;
  // Only the index is still reachable: the body and the parsed JSON are garbage now.
  collectGarbage();
  const heapBytes = process.memoryUsage().heapUsed - before;
  return { investors: index.size, gzipBytes, loadMs, heapBytes };
}

async function loadIndex(): Promise<{ index: SearchIndex; gzipBytes: number }> {
  const result = await (await s3()).client.send(
    new GetObjectCommand({ Bucket: searchIndexConfig().SEARCH_INDEX_BUCKET, Key: SEARCH_INDEX_KEY }),
  );
  const body = Buffer.from((await result.Body?.transformToByteArray()) ?? []);
  return { index: new SearchIndex(decodeStoredSnapshot(gunzipSync(body))), gzipBytes: body.length };
}
