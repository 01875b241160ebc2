/**
 * Lambda bundles: every function of the manifest bundled as the CDK stack bundles it
 * (`functionBuildOptions`: esbuild, ESM, minified, split into an `index.mjs` and the chunks it loads
 * with `import()`, the AWS SDK bundled in, linked source maps), what its cold start loads (the index and
 * the chunks it imports statically) beside the whole, what weighs most in it (esbuild's metafile), and
 * the wall time of a fresh Node process with the function's `NODE_OPTIONS` that imports it and exits (a
 * stand-in for a Lambda's init: the runtime's process starts, then imports the handler; the import
 * alone is printed beside); and, not budgeted, the same process importing every deferred chunk too
 * (the most a first request can add: S3, SES, Step Functions, Lambda clients), measured alternately
 * with a reference bundle (the DynamoDB document client alone, `bench/reference-bundle.ts`, built the
 * same way) so that the budget is a ratio that holds on any machine, busy or not.
 *
 *   npx tsx bench/bundles.ts                      these figures alone (a minute or two)
 *   BENCH_UPDATE_DOCS=1 npx tsx bench/bundles.ts  also rewrites their block in docs/performance.md
 *   BENCH_BUNDLE_RUNS=21 npx tsx bench/bundles.ts  more runs of each load (11 by default)
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { build, type Metafile } from 'esbuild';
import {
  FUNCTION_ENVIRONMENT,
  FUNCTION_INDEX,
  functionBuildOptions,
} from '../infra/constructs/function-bundling';
import {
  type FunctionName,
  type FunctionNeeds,
  functionNeeds,
  functionEntries as manifestEntries,
} from '../lambdas/manifest';
import { describeMachine, machine } from './machine';
import { kb, percentile, type Row, renderTable, verdict } from './stats';

const run = promisify(execFile);

/** Each function loads within this many times the reference bundle's load, measured in the same run. */
export const BUNDLE_LOAD_RATIO_BUDGET = 1.2;

/** A function's name in these figures: its manifest name, without the task functions' `FunctionArn`. */
type BundleName = FunctionName extends infer N ? (N extends `${infer Task}FunctionArn` ? Task : N) : never;

/**
 * The functions held to a ratio of their own, each with its reason (docs/decisions.md, "AlertTasks
 * has a load budget of its own"). Keyed by the manifest's names, so a renamed or removed function
 * cannot leave a stale exception behind (the typecheck refuses it).
 */
export const BUNDLE_LOAD_RATIO_EXCEPTIONS: Readonly<
  Partial<Record<BundleName, { ratio: number; why: string }>>
> = {
  AlertTasks: {
    ratio: 1.3,
    why: 'a weekly task nobody waits on, whose every call ranks by fit with the search engine and the taxonomy',
  },
};

/** The reference: the DynamoDB document client alone. */
export const REFERENCE_ENTRY = 'bench/reference-bundle.ts';

export interface BundleFigure {
  name: string;
  entry: string;
  /** Minified, built as the stack builds it: what a cold start loads (the index and its static chunks). */
  bytes: number;
  /** The same with every chunk it may load later (`import()`). */
  allBytes: number;
  /** Median cold process that imports the index, then every chunk: the most a first request adds. */
  allChunksLoadMs: number;
  /**
   * Median wall time of a fresh Node process, with the function's `NODE_OPTIONS`, that imports it and
   * exits: the process's start and the import, as a Lambda's init runs both (the issue's figure).
   */
  loadMs: number;
  /** Median of the same for the reference bundle, timed alternately with this one. */
  referenceLoadMs: number;
  /**
   * The budgeted figure: the median, over the runs, of this load divided by the reference's load of
   * the same run (timed just before it), so that a slower moment of the machine slows both sides of
   * each ratio.
   */
  loadRatio: number;
  /** Median time of the `await import()` alone, inside those processes. */
  importMs: number;
  /** The same for the reference. */
  referenceImportMs: number;
  /** The packages (or our own code) that weigh most in the bundle, by bytes of output. */
  heaviest: { name: string; bytes: number }[];
  /**
   * Median cold process of the libraries its manifest entry needs, alone (`needsEntry`: the
   * DynamoDB document client, and the S3, SES, Step Functions, Lambda, Cognito and Secrets Manager
   * clients, and the stripe library or its signature check alone, where it declares them), timed in
   * the same runs: what is left above it is our own code's.
   */
  needsLoadMs: number;
  /** The clients and libraries of that entry, by name. */
  needs: string[];
}

/** The libraries a function's manifest entry needs, and how an entry that loads only them builds each. */
const NEEDED_LIBRARIES: {
  name: string;
  needed: (needs: FunctionNeeds) => boolean;
  imports: string;
  builds: string;
}[] = [
  {
    name: 'S3',
    needed: (n) => Boolean(n.uploads || n.exports || n.searchIndex),
    imports: "import { S3Client } from '@aws-sdk/client-s3';",
    builds: 'new S3Client({})',
  },
  {
    name: 'SES',
    needed: (n) => n.email === true,
    imports: "import { SESv2Client } from '@aws-sdk/client-sesv2';",
    builds: 'new SESv2Client({})',
  },
  {
    name: 'Step Functions',
    needed: (n) => (n.starts?.length ?? 0) > 0,
    imports: "import { SFNClient } from '@aws-sdk/client-sfn';",
    builds: 'new SFNClient({})',
  },
  {
    name: 'Lambda',
    needed: (n) => (n.invokes?.length ?? 0) > 0,
    imports: "import { LambdaClient } from '@aws-sdk/client-lambda';",
    builds: 'new LambdaClient({})',
  },
  {
    name: 'Cognito',
    needed: (n) => n.addsToInvestorGroup === true,
    imports: "import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';",
    builds: 'new CognitoIdentityProviderClient({})',
  },
  {
    name: 'Secrets Manager',
    needed: (n) => (n.secrets?.length ?? 0) > 0,
    imports: "import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';",
    builds: 'new SecretsManagerClient({})',
  },
  {
    name: 'stripe',
    needed: (n) => n.secrets?.includes('stripeApiKey') === true,
    imports: "import Stripe from 'stripe';",
    builds: 'Stripe',
  },
  {
    // As lambdas/lib/stripe/signature.ts loads it.
    name: "stripe's signature check",
    needed: (n) => n.secrets?.includes('stripeWebhookSecret') === true,
    imports:
      "import { createWebhooks } from 'stripe-internal/Webhooks.js';\nimport { NodePlatformFunctions } from 'stripe-internal/platform/NodePlatformFunctions.js';",
    builds: 'createWebhooks(new NodePlatformFunctions())',
  },
];

/** The source of an entry that loads the libraries a function needs and nothing else (beside the reference's client). */
function needsEntry(needs: FunctionNeeds): { names: string[]; source: string } {
  const needed = NEEDED_LIBRARIES.filter((library) => library.needed(needs));
  return {
    names: ['DynamoDB', ...needed.map((library) => library.name)],
    source: [
      "export * from '../../reference-bundle';",
      ...needed.map((library) => library.imports),
      `export const needed = [${needed.map((library) => library.builds).join(', ')}];`,
    ].join('\n'),
  };
}

/** Every function the stack deploys (`lambdas/manifest.ts`). */
export function functionEntries(): { name: string; entry: string; needs: FunctionNeeds }[] {
  return (Object.keys(manifestEntries) as (keyof typeof manifestEntries)[]).map((key) => ({
    name: key.replace(/FunctionArn$/, ''),
    entry: manifestEntries[key],
    needs: functionNeeds[key],
  }));
}

/** A function's build as deployed: its folder, its index, and what its cold start loads. */
interface Built {
  index: string;
  /** The index and the chunks it imports statically: what loads at a cold start. */
  initial: Set<string>;
  metafile: Metafile;
}

/** Builds `entry` into `dir` with the stack's options (`functionBuildOptions`). */
async function buildAsDeployed(root: string, entry: string, dir: string): Promise<Built> {
  const { metafile } = await build({
    ...functionBuildOptions(join(root, entry), dir),
    metafile: true,
    absWorkingDir: root,
    logLevel: 'silent',
  });
  const index = join(dir, FUNCTION_INDEX);
  const outputOf = (file: string) => relative(root, file);
  const initial = new Set<string>();
  const pending = [outputOf(index)];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (initial.has(next)) continue;
    initial.add(next);
    for (const imported of metafile.outputs[next]?.imports ?? [])
      if (imported.kind === 'import-statement' && metafile.outputs[imported.path])
        pending.push(imported.path);
  }
  return { index, initial, metafile };
}

/** Bytes of the JavaScript outputs (not the source maps) among `outputs` (all of them by default). */
function bytesOf(metafile: Metafile, outputs?: Set<string>): number {
  return Object.entries(metafile.outputs)
    .filter(([path]) => path.endsWith('.mjs') && (!outputs || outputs.has(path)))
    .reduce((sum, [, output]) => sum + output.bytes, 0);
}

/** Bytes of output per package (`@smithy/core`, `stripe`, `ours` for lambdas/ and shared/), in what a cold start loads. */
function heaviestOf(built: Built, count = 4): { name: string; bytes: number }[] {
  const byPackage = new Map<string, number>();
  for (const output of built.initial)
    for (const [path, input] of Object.entries(built.metafile.outputs[output]?.inputs ?? {})) {
      const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1] ?? 'ours';
      byPackage.set(name, (byPackage.get(name) ?? 0) + input.bytesInOutput);
    }
  return [...byPackage.entries()]
    .map(([name, bytes]) => ({ name, bytes }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, count);
}

/**
 * Imports the bundle in a fresh Node process: the wall time of the whole process (started, the bundle
 * imported, then `chunks` imported, exited) and of the bundle's import alone, in ms.
 */
async function loadTime(
  file: string,
  env: Record<string, string>,
  chunks: string[] = [],
): Promise<{ processMs: number; importMs: number }> {
  const later = chunks.map((chunk) => `await import(${JSON.stringify(pathToFileURL(chunk).href)});`).join('');
  const script = `const s=performance.now();await import(${JSON.stringify(pathToFileURL(file).href)});console.log(performance.now()-s);${later}`;
  const started = performance.now();
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, ...env },
    cwd: join(file, '..'),
  });
  const processMs = performance.now() - started;
  const importMs = Number(stdout.trim().split('\n').at(-1));
  if (!Number.isFinite(importMs)) throw new Error(`Could not time ${file}: ${stdout}`);
  return { processMs, importMs };
}

/**
 * Loads the function's bundle and the reference alternately, `runs` times each, so that both see the
 * same machine (a busy moment slows both): the medians of each.
 */
async function loadsBeside(
  file: string,
  chunks: string[],
  reference: string,
  needsFile: string,
  env: Record<string, string>,
  runs: number,
): Promise<
  Pick<
    BundleFigure,
    | 'loadMs'
    | 'referenceLoadMs'
    | 'importMs'
    | 'referenceImportMs'
    | 'needsLoadMs'
    | 'allChunksLoadMs'
    | 'loadRatio'
  >
> {
  const own: { processMs: number; importMs: number }[] = [];
  const ref: { processMs: number; importMs: number }[] = [];
  const needed: { processMs: number; importMs: number }[] = [];
  const whole: { processMs: number; importMs: number }[] = [];
  for (let i = 0; i < runs; i++) {
    ref.push(await loadTime(reference, env));
    own.push(await loadTime(file, env));
    needed.push(await loadTime(needsFile, env));
    whole.push(await loadTime(file, env, chunks));
  }
  const median = (runs: { processMs: number; importMs: number }[], key: 'processMs' | 'importMs') =>
    percentile(
      runs.map((r) => r[key]),
      50,
    );
  return {
    loadMs: median(own, 'processMs'),
    referenceLoadMs: median(ref, 'processMs'),
    importMs: median(own, 'importMs'),
    referenceImportMs: median(ref, 'importMs'),
    needsLoadMs: median(needed, 'processMs'),
    allChunksLoadMs: median(whole, 'processMs'),
    loadRatio: percentile(
      own.map((run, i) => run.processMs / (ref[i]?.processMs ?? Number.NaN)),
      50,
    ),
  };
}

/**
 * Builds every bundle and the reference as deployed under `bench/.out/bundles/` (inside the repo so
 * any external resolves from node_modules) and times loading each beside the reference. `lambdaEnv`
 * is what a Lambda would receive besides `FUNCTION_ENVIRONMENT` (some modules read it at load).
 */
export async function measureBundles(
  root: string,
  lambdaEnv: Record<string, string>,
  options: { loadRuns?: number } = {},
): Promise<{ reference: { bytes: number }; functions: BundleFigure[] }> {
  const outDir = join(root, 'bench/.out/bundles');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const env = { ...FUNCTION_ENVIRONMENT, ...lambdaEnv };
  const reference = await buildAsDeployed(root, REFERENCE_ENTRY, join(outDir, 'reference'));
  const figures: BundleFigure[] = [];
  for (const { name, entry, needs: declared } of functionEntries()) {
    const deployed = await buildAsDeployed(root, entry, join(outDir, name));
    const needs = needsEntry(declared);
    const needsSource = join(outDir, `${name}.needs.ts`);
    writeFileSync(needsSource, needs.source);
    const needsBuilt = await buildAsDeployed(
      root,
      relative(root, needsSource),
      join(outDir, `${name}.needs`),
    );
    const deferred = Object.keys(deployed.metafile.outputs)
      .filter((path) => path.endsWith('.mjs') && !deployed.initial.has(path))
      .map((path) => join(root, path));
    const loads = await loadsBeside(
      deployed.index,
      deferred,
      reference.index,
      needsBuilt.index,
      env,
      options.loadRuns ?? 11,
    );
    figures.push({
      needs: needs.names,
      name,
      entry: relative(root, join(root, entry)),
      bytes: bytesOf(deployed.metafile, deployed.initial),
      allBytes: bytesOf(deployed.metafile),
      ...loads,
      heaviest: heaviestOf(deployed),
    });
  }
  return { reference: { bytes: bytesOf(reference.metafile, reference.initial) }, functions: figures };
}

/** The table rows of the figures: one per function, its ratio to the reference budgeted. */
export function bundleRows(measured: Awaited<ReturnType<typeof measureBundles>>): Row[] {
  const { reference, functions } = measured;
  const range = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `${sorted[0]?.toFixed(0)}–${sorted.at(-1)?.toFixed(0)} ms`;
  };
  const rows: Row[] = [
    {
      area: 'Lambda bundles',
      measure: `reference: the DynamoDB document client alone (${REFERENCE_ENTRY}), built the same way: size / cold process / import alone`,
      label: 'reference',
      figure: `${kb(reference.bytes)} / ${range(functions.map((f) => f.referenceLoadMs))} / ${range(functions.map((f) => f.referenceImportMs))}`,
    },
  ];
  for (const f of functions) {
    const exception = BUNDLE_LOAD_RATIO_EXCEPTIONS[f.name as BundleName];
    rows.push({
      area: 'Lambda bundles',
      measure: `${f.name} (${f.entry}): what a cold start loads, of the whole; its heaviest parts / cold process beside the reference (medians; the median of each run's ratio) (import alone) / the libraries its manifest needs, alone / with every chunk it loads later (not budgeted)`,
      label: f.name,
      figure: `${kb(f.bytes)} of ${kb(f.allBytes)}; ${f.heaviest.map((h) => `${h.name} ${kb(h.bytes)}`).join(', ')} / ${f.loadMs.toFixed(0)} ms vs ${f.referenceLoadMs.toFixed(0)} ms: ${f.loadRatio.toFixed(2)}× (import ${f.importMs.toFixed(0)} ms vs ${f.referenceImportMs.toFixed(0)} ms: ${(f.importMs / f.referenceImportMs).toFixed(2)}×) / what it needs (${f.needs.join(', ')}) alone ${f.needsLoadMs.toFixed(0)} ms: ${(f.needsLoadMs / f.referenceLoadMs).toFixed(2)}× the reference, ours ${(f.loadMs / f.needsLoadMs).toFixed(2)}× it / every chunk ${f.allChunksLoadMs.toFixed(0)} ms: ${(f.allChunksLoadMs / f.referenceLoadMs).toFixed(2)}×`,
      budget: exception
        ? `≤ ${exception.ratio}× the reference (a stated exception)`
        : `≤ ${BUNDLE_LOAD_RATIO_BUDGET}× the reference`,
      verdict: verdict(f.loadRatio <= (exception?.ratio ?? BUNDLE_LOAD_RATIO_BUDGET)),
    });
  }
  return rows;
}

/** The generated block of docs/performance.md for the bundles. */
export function bundleBlock(rows: Row[], machineLine: string): string {
  const over = rows.filter((r) => r.verdict === 'OVER').map((r) => r.label);
  const exceptions = Object.entries(BUNDLE_LOAD_RATIO_EXCEPTIONS).map(
    ([name, e]) => `; ${name}, a stated exception (${e?.why}), within ${e?.ratio}×`,
  );
  const within = `Every function loads within ${BUNDLE_LOAD_RATIO_BUDGET}× the reference${exceptions.join('')}.`;
  const summary = over.length === 0 ? within : `Over budget (${over.length}): ${over.join(', ')}.`;
  return `Machine: ${machineLine}.\n\n${renderTable(rows)}\n\n${summary}`;
}

/** Replaces a generated block (`<!-- bench:NAME:start -->` … `end`) of docs/performance.md. */
export function writeDocsBlock(docsPath: string, name: string, block: string): void {
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const docs = readFileSync(docsPath, 'utf8');
  const from = docs.indexOf(start);
  const to = docs.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${docsPath} has no ${start} … ${end} section`);
  writeFileSync(docsPath, `${docs.slice(0, from)}${start}\n\n${block}\n\n${docs.slice(to)}`);
}

/** The environment the bundles load with (some modules read it when they load). */
export const BUNDLE_LAMBDA_ENV = { AWS_REGION: 'us-east-1', TABLE_NAME: 'bench', LOG_LEVEL: 'WARN' };

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = join(import.meta.dirname, '..');
  const machineLine = describeMachine(machine());
  const loadRuns = Number(process.env.BENCH_BUNDLE_RUNS ?? 11);
  const block = bundleBlock(
    bundleRows(await measureBundles(root, BUNDLE_LAMBDA_ENV, { loadRuns })),
    machineLine,
  );
  process.stdout.write(`${block}\n`);
  if (process.env.BENCH_UPDATE_DOCS === '1')
    writeDocsBlock(join(root, 'docs/performance.md'), 'bundles', block);
}
