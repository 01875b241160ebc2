/**
 * The search engines side by side (issue 34, "Choose the engine by numbers"): for each directory
 * size, one child process builds the bench directory (bench/search-directory.ts) and writes every
 * engine's stored form; then one fresh child process per engine (so heaps do not mix) loads it from
 * the bytes in memory, as a cold function would after its GET (gunzip, decode, build), measures the
 * heap it holds after a full collection, and times the same calls one at a time: first pages,
 * facets, suggestions, typo searches; and reports which typo searches find the investor meant.
 *
 *   npx tsx bench/search-engine.ts [rows,rows…] [engine,engine…]    alone (default 100000,1000000)
 *   BENCH_ONLY=engines npm run bench                                  as the bench's section
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import type { CartInvestor } from '../shared/cart/cart';
import type { SearchFilters } from '../shared/search/filters';
import { foldText, searchWords } from '../shared/search/fold';
import { decodeSnapshot } from '../shared/search/snapshot';
import type { FitRaise } from '../shared/shortlist/fit';
import { COMMON_TAG } from './csv';
import { collectGarbage } from './machine';
import { ENGINE_NAMES, ENGINES, type EngineName } from './search-engines';
import { type Latency, latencyOf } from './stats';

export const BUDGETS = {
  100000: { loadMs: 300, heapBytes: 100 * 1024 * 1024 },
  1000000: { loadMs: 2_000, heapBytes: 600 * 1024 * 1024 },
} as const;
export const PAGE_P95_MS = 50;
export const SUGGEST_P95_MS = 20;

/** The calls every engine answers; `kind` says which budget applies. */
/** The raise the shortlist's calls rank for (issue 35): a seed round in Germany, two sectors, a lead wanted. */
export const BENCH_RAISE: FitRaise = {
  round: 'seed',
  amountUsd: 1_500_000,
  country: 'Germany',
  city: 'Berlin',
  leadWanted: true,
  sectors: ['fintech', 'saas'],
};

export const CALLS: {
  label: string;
  kind: 'page' | 'facets' | 'suggest' | 'typo' | 'shortlist';
  filters?: SearchFilters;
  q?: string;
  /** A shortlist's founder keeps this many connections (issue 52): the page's warm paths are found too. */
  connections?: number;
  /** The connections as a warm function kept them indexed for the founder (their later calls). */
  keptIndex?: boolean;
}[] = [
  { label: 'first page, whole directory', kind: 'page', filters: {} },
  {
    label: 'first page, role + stage + sector',
    kind: 'page',
    filters: { role: 'vc', stage: 'seed', sector: 'ai' },
  },
  {
    label: 'first page, common combination with a cheque range',
    kind: 'page',
    filters: { sector: COMMON_TAG, has: ['email'], checkMin: 50_000, checkMax: 1_000_000 },
  },
  { label: 'first page, name prefix "ad"', kind: 'page', filters: { q: 'ad' } },
  { label: 'first page, a name word and a filter', kind: 'page', filters: { q: '$SURNAME', stage: 'seed' } },
  { label: 'first page, a sector and a city typed', kind: 'page', filters: { q: '$SECTOR $CITY' } },
  { label: 'facets, whole directory', kind: 'facets', filters: {} },
  {
    label: 'facets, role + stage + sector',
    kind: 'facets',
    filters: { role: 'vc', stage: 'seed', sector: 'ai' },
  },
  {
    label: 'facets, common combination with a cheque range',
    kind: 'facets',
    filters: { sector: COMMON_TAG, has: ['email'], checkMin: 50_000, checkMax: 1_000_000 },
  },
  // The shortlist (issue 35): the whole directory scored for a raise and ordered, its first page worded.
  { label: 'shortlist, a seed raise ranked: first page', kind: 'shortlist', filters: {} },
  {
    label: 'shortlist, a seed raise ranked, VC with email: first page',
    kind: 'shortlist',
    filters: { role: 'vc', has: ['email'] },
  },
  // Warm paths (issue 52): the same, and the founder's 5,000 connections indexed and matched to the
  // page: at a founder's first call of a function, then at the later ones (the index kept).
  {
    label: "shortlist with 5,000 connections, a founder's first call: first page and its warm paths",
    kind: 'shortlist',
    filters: {},
    connections: 5_000,
  },
  {
    label: 'shortlist with 5,000 connections, later calls (kept indexed): first page and its warm paths',
    kind: 'shortlist',
    filters: {},
    connections: 5_000,
    keptIndex: true,
  },
  { label: 'suggestion, 2 letters', kind: 'suggest', q: '$SURNAME2' },
  { label: 'suggestion, 4 letters', kind: 'suggest', q: '$SURNAME4' },
  { label: 'suggestion, a city begun', kind: 'suggest', q: '$CITY3' },
];

export interface TypoQuery {
  label: string;
  q: string;
  /** The word the typo stands for: the first result should hold it. */
  word: string;
  /** Too far to be searched (it finds nobody): found when "Did you mean" offers the word instead. */
  suggested?: boolean;
}

/** Typos of words the directory holds (so the list follows the generator): a swap, a deletion, two edits, a phrase. */
export function typoQueries(investors: readonly { card: CartInvestor }[]): {
  typos: TypoQuery[];
  words: Record<string, string>;
} {
  const frequency = new Map<string, number>();
  const count = (word: string) => frequency.set(word, (frequency.get(word) ?? 0) + 1);
  const cities = new Map<string, number>();
  const sectors = new Map<string, number>();
  for (const { card } of investors.slice(0, 50_000)) {
    for (const word of searchWords(card.name)) count(word);
    for (const city of card.cities ?? []) cities.set(foldText(city), (cities.get(foldText(city)) ?? 0) + 1);
    for (const sector of card.sectorFocus)
      if (!sector.startsWith('bench'))
        sectors.set(foldText(sector), (sectors.get(foldText(sector)) ?? 0) + 1);
  }
  const byFrequency = (map: Map<string, number>, test: (word: string) => boolean) =>
    [...map.entries()]
      .filter(([w]) => test(w))
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] ?? '';
  const six = byFrequency(frequency, (w) => /^[a-z]+$/.test(w) && w.length >= 6 && w.length <= 8);
  const nine = byFrequency(frequency, (w) => /^[a-z]+$/.test(w) && w.length >= 9);
  const city = byFrequency(cities, (w) => /^[a-z]+ [a-z]{5,}$/.test(w)) || byFrequency(cities, () => true);
  const sector =
    byFrequency(sectors, (w) => /^[a-z]{9,}$/.test(w)) || byFrequency(sectors, (w) => /^[a-z]{5,}$/.test(w));
  const swap = (w: string, i: number) => w.slice(0, i) + (w[i + 1] ?? '') + (w[i] ?? '') + w.slice(i + 2);
  const drop = (w: string, i: number) => w.slice(0, i) + w.slice(i + 1);
  const typos: TypoQuery[] = [];
  if (six)
    typos.push({
      label: `two letters swapped ("${swap(six, six.length - 2)}" for ${six})`,
      q: swap(six, six.length - 2),
      word: six,
    });
  if (six)
    typos.push({ label: `a letter left out ("${drop(six, 3)}" for ${six})`, q: drop(six, 3), word: six });
  if (nine) {
    // Two edits that keep the length (a word typed with 9 letters or more forgives two).
    const two = swap(`${nine.slice(0, -2)}${nine.at(-2) === 'e' ? 'a' : 'e'}${nine.at(-1)}`, 2);
    typos.push({ label: `two edits in a long word ("${two}" for ${nine})`, q: two, word: nine });
  }
  if (six) {
    // Two edits in a word of 5 to 8 letters: beyond the one typo it forgives, so nobody is found.
    const far = swap(drop(six, 3), 0);
    typos.push({
      label: `two edits in a short word, nobody found ("${far}" for ${six}): did you mean`,
      q: far,
      word: six,
      suggested: true,
    });
  }
  if (sector)
    typos.push({
      label: `a sector misspelt ("${drop(sector, 4)}" for ${sector})`,
      q: drop(sector, 4),
      word: sector,
    });
  if (city) {
    const words = city.split(' ');
    const last = words.pop() ?? '';
    const typo = [...words, `${last.slice(0, 2)}${last[2] === 'o' ? 'u' : 'o'}${last.slice(3)}`].join(' ');
    typos.push({ label: `a city misspelt ("${typo}" for ${city})`, q: typo, word: city });
  }
  return {
    typos,
    words: {
      $SURNAME: six,
      $SURNAME2: six.slice(0, 2),
      $SURNAME4: six.slice(0, 4),
      $SECTOR: sector,
      $CITY: city,
      $CITY3: city.slice(0, 3),
    },
  };
}

const fill = (text: string, words: Record<string, string>) =>
  text.replace(/\$[A-Z0-9]+/g, (name) => words[name] ?? name);

export type TimedLatency = Latency & { cpuP50?: number; cpuP95?: number };

export interface EngineFigure {
  engine: EngineName;
  rows: number;
  investors: number;
  storedBytes: number;
  loadMs: number;
  /** CPU time of the load (this process): what a quiet machine would take, near enough. */
  loadCpuMs?: number;
  heapBytes: number;
  calls: {
    label: string;
    kind: string;
    latency: TimedLatency | null;
    total: number | null;
    error?: string;
  }[];
  typos: { label: string; found: boolean; latency: TimedLatency | null }[];
  error?: string;
}

/**
 * Times `fn` at most `samples` times, and for at most `budgetMs` (at least 5 times): wall time, and
 * the CPU time this process spent in each call, which a busy shared machine inflates far less.
 */
function time(
  samples: number,
  budgetMs: number,
  fn: () => unknown,
): Latency & { cpuP50: number; cpuP95: number } {
  for (let i = 0; i < Math.min(5, samples); i++) fn();
  const wall: number[] = [];
  const cpu: number[] = [];
  const stop = performance.now() + budgetMs;
  for (let i = 0; i < samples && (wall.length < 5 || performance.now() < stop); i++) {
    const start = performance.now();
    const used = process.cpuUsage();
    fn();
    const spent = process.cpuUsage(used);
    wall.push(performance.now() - start);
    cpu.push((spent.user + spent.system) / 1000);
  }
  const cpuLatency = latencyOf(cpu);
  return { ...latencyOf(wall), cpuP50: cpuLatency.p50, cpuP95: cpuLatency.p95 };
}

// ------------------------------------------------------------------ child: generate

async function generate(rows: number, dir: string, engines: EngineName[]) {
  const { benchDirectory } = await import('./search-directory');
  const started = performance.now();
  const investors = benchDirectory(rows);
  const generatedMs = performance.now() - started;
  const { typos, words } = typoQueries(investors);
  const builds: Record<string, number> = {};
  const write = () =>
    writeFileSync(
      join(dir, 'directory.json'),
      JSON.stringify({ rows, investors: investors.length, generatedMs, builds, typos, words }),
    );
  // Written first, then after each engine (an engine's figures need only its own file and this one).
  write();
  for (const name of engines) {
    const start = performance.now();
    try {
      writeFileSync(join(dir, `${name}.gz`), ENGINES[name].store(investors));
      builds[name] = performance.now() - start;
    } catch (error) {
      builds[name] = -1;
      writeFileSync(join(dir, `${name}.error`), String((error as Error).stack ?? error));
    }
    collectGarbage();
    write();
  }
}

// ------------------------------------------------------------------ child: measure

function measure(
  engine: EngineName,
  dir: string,
  samples: number,
  budgetMs: number,
  loadOnly = false,
): EngineFigure {
  const meta = JSON.parse(readFileSync(join(dir, 'directory.json'), 'utf8')) as {
    rows: number;
    investors: number;
    typos: TypoQuery[];
    words: Record<string, string>;
  };
  const stored = readFileSync(join(dir, `${engine}.gz`));
  collectGarbage();
  const before = process.memoryUsage();
  const started = performance.now();
  const cpu = process.cpuUsage();
  const loaded = ENGINES[engine].load(stored);
  const loadMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const loadCpuMs = (used.user + used.system) / 1000;
  collectGarbage();
  const after = process.memoryUsage();
  const heapBytes = after.heapUsed + after.arrayBuffers - (before.heapUsed + before.arrayBuffers);
  const figure: EngineFigure = {
    engine,
    rows: meta.rows,
    investors: meta.investors,
    storedBytes: stored.length,
    loadMs,
    loadCpuMs,
    heapBytes,
    calls: [],
    typos: [],
  };
  if (loadOnly) return figure;
  // BENCH_CALL_KINDS (the shortlist's own section): only these kinds of call, no typo searches.
  // Without it, the engines side by side: the shortlist has its own section (one engine ranks).
  const kinds = process.env.BENCH_CALL_KINDS?.split(',').filter(Boolean);
  for (const call of CALLS) {
    if (kinds ? !kinds.includes(call.kind) : call.kind === 'shortlist') continue;
    try {
      if (call.kind === 'shortlist') {
        const shortlist = loaded.shortlist;
        const filters = call.filters ?? {};
        figure.calls.push({
          label: call.label,
          kind: call.kind,
          total: shortlist ? shortlist(BENCH_RAISE, filters, call.connections, call.keptIndex).total : null,
          latency: shortlist
            ? time(samples, budgetMs, () => shortlist(BENCH_RAISE, filters, call.connections, call.keptIndex))
            : null,
        });
      } else if (call.kind === 'suggest') {
        const q = fill(call.q ?? '', meta.words);
        const supported = loaded.suggest(q) !== null;
        figure.calls.push({
          label: call.label,
          kind: call.kind,
          total: null,
          latency: supported ? time(samples, budgetMs, () => loaded.suggest(q)) : null,
        });
      } else {
        const filters = {
          ...call.filters,
          ...(call.filters?.q ? { q: fill(call.filters.q, meta.words) } : {}),
        };
        const total = call.kind === 'page' ? loaded.page(filters).total : null;
        const latency = time(samples, budgetMs, () =>
          call.kind === 'page' ? loaded.page(filters) : loaded.facets(filters),
        );
        figure.calls.push({ label: call.label, kind: call.kind, total, latency });
      }
    } catch (error) {
      figure.calls.push({
        label: call.label,
        kind: call.kind,
        total: null,
        latency: null,
        error: (error as Error).message,
      });
    }
  }
  for (const typo of kinds && !kinds.includes('typo') ? [] : meta.typos) {
    const first = loaded.page({ q: typo.q });
    // Found: the first result holds the word meant (the full directory card is not in every engine: ask
    // ours for it); for a typo too far to be searched, "Did you mean" offers the word.
    const found = typo.suggested
      ? first.didYouMean === typo.word
      : first.ids.length > 0 && holdsWord(dir, first.ids[0] as string, typo.word);
    figure.typos.push({
      label: typo.label,
      found,
      latency: time(samples, budgetMs, () => loaded.page({ q: typo.q })),
    });
  }
  return figure;
}

let cardsById: Map<string, string> | null = null;

/** Whether the investor's name, firm, tags or places hold the word (from the stored cards of today's form). */
function holdsWord(dir: string, id: string, word: string): boolean {
  if (!cardsById) {
    const snapshot = decodeSnapshot(
      JSON.parse(gunzipSync(readFileSync(join(dir, 'today.gz'))).toString('utf8')),
    );
    cardsById = new Map(
      snapshot.investors.map(({ card }) => [
        card.id,
        ` ${searchWords([card.name, card.firmName ?? '', ...card.sectorFocus, ...(card.cities ?? []), ...(card.countries ?? [])].join(' ')).join(' ')} `,
      ]),
    );
  }
  return (cardsById.get(id) ?? '').includes(` ${word} `);
}

// ------------------------------------------------------------------ parent

const run = promisify(execFile);

async function child(root: string, args: string[]): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    [
      '--expose-gc',
      '--max-old-space-size=12000',
      '--import',
      'tsx',
      join(root, 'bench/search-engine.ts'),
      ...args,
    ],
    { cwd: root, maxBuffer: 64 * 1024 * 1024 },
  );
  return stdout;
}

export interface EngineRun {
  rows: number;
  investors: number;
  builds: Record<string, number>;
  typos: TypoQuery[];
  figures: EngineFigure[];
}

/** Every engine at every size, each measured in its own process. */
export async function measureEngines(
  root: string,
  sizes: readonly number[],
  engines: readonly EngineName[],
  options: {
    samples: number;
    budgetMs: number;
    log: (text: string) => void;
    skip?: (engine: EngineName, rows: number) => string | null;
    /** Engines measured for their load and heap only at this size (their calls take seconds each). */
    loadOnly?: (engine: EngineName, rows: number) => boolean;
    /** Whether today's form is written besides (the typo searches' check reads its cards); default yes. */
    withToday?: boolean;
  },
): Promise<EngineRun[]> {
  const runs: EngineRun[] = [];
  for (const rows of sizes) {
    const dir = join(root, 'bench/.out', `engines-${rows}`);
    mkdirSync(dir, { recursive: true });
    const kept = engines.filter((engine) => {
      const reason = options.skip?.(engine, rows);
      if (reason) options.log(`  ${engine} at ${rows.toLocaleString('en-US')}: skipped (${reason})`);
      return !reason;
    });
    // Today's form is always written: the check of typo results reads its cards.
    const written = [
      ...new Set<EngineName>([...(options.withToday === false ? [] : ['today' as const]), ...kept]),
    ];
    options.log(
      `  building the ${rows.toLocaleString('en-US')}-row directory and its stored forms (${written.join(', ')})`,
    );
    await child(root, ['generate', String(rows), dir, written.join(',')]);
    const meta = JSON.parse(readFileSync(join(dir, 'directory.json'), 'utf8')) as EngineRun;
    const figures: EngineFigure[] = [];
    for (const engine of kept) {
      if ((meta.builds[engine] ?? -1) < 0) {
        const error = readFileSync(join(dir, `${engine}.error`), 'utf8').split('\n')[0] ?? 'failed';
        options.log(`  ${engine}: could not build its stored form: ${error}`);
        figures.push({
          engine,
          rows,
          investors: meta.investors,
          storedBytes: 0,
          loadMs: Number.NaN,
          heapBytes: Number.NaN,
          calls: [],
          typos: [],
          error,
        });
        continue;
      }
      options.log(
        `  measuring ${engine} (${(statSync(join(dir, `${engine}.gz`)).size / 1048576).toFixed(1)} MB stored)`,
      );
      try {
        const loadOnly = options.loadOnly?.(engine, rows) === true;
        if (loadOnly) options.log(`  ${engine}: its load and heap only at this size`);
        figures.push(
          JSON.parse(
            await child(root, [
              'measure',
              engine,
              dir,
              String(options.samples),
              String(options.budgetMs),
              ...(loadOnly ? ['load-only'] : []),
            ]),
          ) as EngineFigure,
        );
      } catch (error) {
        const message =
          (error as Error).message.split('\n').find((line) => /Error|heap/.test(line)) ??
          (error as Error).message.slice(0, 200);
        options.log(`  ${engine} failed: ${message}`);
        figures.push({
          engine,
          rows,
          investors: meta.investors,
          storedBytes: 0,
          loadMs: Number.NaN,
          heapBytes: Number.NaN,
          calls: [],
          typos: [],
          error: message,
        });
      }
    }
    runs.push({ rows, investors: meta.investors, builds: meta.builds, typos: meta.typos, figures });
  }
  return runs;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [mode, ...args] = process.argv.slice(2);
  if (mode === 'generate') {
    await generate(Number(args[0]), args[1] as string, (args[2] as string).split(',') as EngineName[]);
  } else if (mode === 'measure') {
    process.stdout.write(
      JSON.stringify(
        measure(
          args[0] as EngineName,
          args[1] as string,
          Number(args[2]),
          Number(args[3]),
          args[4] === 'load-only',
        ),
      ),
    );
  } else {
    const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
    const sizes = (mode ?? '100000,1000000').split(',').map(Number);
    const engines = (args[0]?.split(',') as EngineName[] | undefined) ?? [...ENGINE_NAMES];
    const runs = await measureEngines(root, sizes, engines, {
      samples: Number(process.env.BENCH_SAMPLES ?? 300),
      budgetMs: 20_000,
      log: (text) => process.stderr.write(`${text}\n`),
    });
    process.stdout.write(`${JSON.stringify(runs, null, 2)}\n`);
  }
}
