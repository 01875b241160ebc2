/**
 * Search at scale and the directory home: latencies of the public calls through the local gateway,
 * one request at a time (what one founder feels), after a short warm-up.
 */

import { type Api, expectStatus } from '../infra/local/api-client';
import { COMMON_TAG, NOTHING_TAG, RARE_TAG } from './csv';
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
