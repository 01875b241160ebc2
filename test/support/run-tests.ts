import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { runtimeMismatch } from './runtime';
import { ensureTools } from './tools';

/**
 * The test layers, as `npm test` runs them after the typecheck and the linter: checks that it runs on
 * the functions' Node (runtime.ts), installs what the machine lacks (tools.ts), an offline `cdk synth` with cdk-nag whose bundling output is shown only if
 * it fails, then every vitest project (the infra layer reads the bundles that synth just wrote; the e2e
 * layer runs beside the others, see {@link RUNS}), one result line per layer, where the time went (each
 * step and the five slowest files) and the summary line `Tests: N passed, N failed`, also when tests fail.
 */
const ROOT = join(import.meta.dirname, '../..');
const LAYERS = ['unit', 'integration', 'infra', 'e2e'] as const;
const bin = (name: string) => join(ROOT, 'node_modules/.bin', name);

function synthQuietly(): boolean {
  const started = Date.now();
  const result = spawnSync(bin('cdk'), ['synth', '--quiet'], {
    cwd: ROOT,
    env: { ...process.env, CDK_DISABLE_VERSION_CHECK: '1' },
    encoding: 'utf8',
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  if (result.status !== 0) {
    process.stdout.write(`${result.stdout}${result.stderr}`);
    console.log(`synth: FAILED after ${seconds} s (offline cdk synth with cdk-nag; its output is above)`);
    return false;
  }
  console.log(
    `synth: ok in ${seconds} s (offline cdk synth: web app built, cdk-nag and Control Tower rules clean, every function bundled into cdk.out)`,
  );
  return true;
}

/**
 * The runs of vitest, side by side. Vitest runs a process's projects one after another, and queues
 * every file of the layers that run one file at a time (integration and e2e: `fileParallelism:
 * false`) in one line: in one process unit, infra, integration and e2e waited for each other. Each
 * run that needs a local home starts its own on its own free ports and state, so the runs go at
 * once in separate processes: unit and infra (CPU work: jsdom, the synthesised template), the
 * integration layer in two halves (its longest files, the authorisation matrix and the scale tests
 * among them, in the second), and the e2e layer in two (its two walks over every screen, axe at three
 * views and the console-clean founder and admin, beside the journeys). Most of an integration or
 * e2e file's time is waiting for the emulators, the gateway or the browser, so two CPUs keep five
 * runs busy. The first run streams its output; the others' output is kept and printed whole when all
 * are done (streams interleaved line by line read as none).
 */
const SCREEN_WALKS = ['test/e2e/accessibility.test.ts', 'test/e2e/console-clean.test.ts'];
/**
 * The integration layer's second half: its longest files (about half the layer's time in the
 * busy run of fe8244a). The scale test stays last in its run (test/integration/support/sequencer.ts).
 */
const INTEGRATION_SECOND_HALF = [
  'test/integration/curation-scale.test.ts',
  'test/integration/authorization.test.ts',
  'test/integration/repeat-purchase.test.ts',
  'test/integration/import-workflow.test.ts',
  'test/integration/credits.test.ts',
];
const RUNS: readonly {
  layers: readonly string[];
  files: readonly string[];
  report: string;
  stream: boolean;
  label: string;
}[] = [
  {
    label: 'unit, infra',
    layers: ['unit', 'infra'],
    files: [],
    report: join(ROOT, 'test-results/results.json'),
    stream: true,
  },
  {
    label: 'integration: all but its longest files',
    layers: ['integration'],
    files: INTEGRATION_SECOND_HALF.flatMap((file) => ['--exclude', file]),
    report: join(ROOT, 'test-results/results-integration.json'),
    stream: false,
  },
  {
    label: 'integration: its longest files',
    layers: ['integration'],
    files: INTEGRATION_SECOND_HALF,
    report: join(ROOT, 'test-results/results-integration-long.json'),
    stream: false,
  },
  {
    label: 'e2e: the walks over every screen',
    layers: ['e2e'],
    files: SCREEN_WALKS,
    report: join(ROOT, 'test-results/results-e2e-walks.json'),
    stream: false,
  },
  {
    label: 'e2e: the journeys',
    layers: ['e2e'],
    files: SCREEN_WALKS.flatMap((file) => ['--exclude', file]),
    report: join(ROOT, 'test-results/results-e2e.json'),
    stream: false,
  },
];

function vitest(run: (typeof RUNS)[number]): Promise<{ code: number; output: string }> {
  rmSync(run.report, { force: true });
  const started = Date.now();
  const projects = run.layers.flatMap((layer) => ['--project', layer]);
  const child = spawn(
    bin('vitest'),
    [
      'run',
      ...projects,
      ...run.files,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${run.report}`,
    ],
    {
      cwd: ROOT,
      stdio: run.stream ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, INFRA_ASSEMBLY_DIR: join(ROOT, 'cdk.out') },
    },
  );
  const chunks: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      runTimes.push({ label: run.label, seconds: (Date.now() - started) / 1000 });
      resolve({ code: code ?? 1, output: Buffer.concat(chunks).toString('utf8') });
    }),
  );
}

async function vitestRuns(): Promise<number> {
  const results = await Promise.all(RUNS.map(vitest));
  for (const [i, run] of RUNS.entries()) {
    if (run.stream) continue;
    console.log(`\n======== ${run.label} (run beside the layers above) ========\n`);
    process.stdout.write(results[i]?.output ?? '');
  }
  return results.every((result) => result.code === 0) ? 0 : 1;
}

interface Report {
  success: boolean;
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: { name: string; startTime: number; endTime: number; assertionResults: { status: string }[] }[];
}

/** Each step's seconds, in the order they ran, printed before the summary line. */
const steps: { name: string; seconds: number }[] = [];
/** Each vitest run's seconds, in the order they ended: the last is the run that held the suite up. */
const runTimes: { label: string; seconds: number }[] = [];
async function timed<T>(name: string, step: () => T | Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await step();
  } finally {
    steps.push({ name, seconds: (Date.now() - started) / 1000 });
  }
}
const minutes = (seconds: number) =>
  seconds < 60 ? `${seconds.toFixed(0)} s` : `${Math.floor(seconds / 60)} min ${(seconds % 60).toFixed(0)} s`;

/** Where the run spent its time: each step, then the five files that took longest (their own wall time). */
function printTimes(files: Report['testResults']) {
  console.log('');
  console.log(`Time: ${steps.map((step) => `${step.name} ${minutes(step.seconds)}`).join(', ')}`);
  console.log(
    `Runs side by side: ${runTimes.map((run) => `${run.label} ${minutes(run.seconds)}`).join('; ')}`,
  );
  const slowest = [...files].sort((a, b) => b.endTime - b.startTime - (a.endTime - a.startTime)).slice(0, 5);
  console.log('Slowest files:');
  for (const file of slowest)
    console.log(
      `  ${minutes((file.endTime - file.startTime) / 1000).padStart(12)}  ${relative(ROOT, file.name)}`,
    );
}

/** Prints each layer's result and the closing line; true when the run succeeded. */
function summarise(vitestCode: number): boolean {
  const missing = RUNS.filter((run) => !existsSync(run.report));
  if (missing.length > 0) {
    const layers = missing.flatMap((run) => run.layers).join(', ');
    console.log(`Tests: 0 passed, 1 failed (vitest wrote no report for ${layers}; its output is above)`);
    return false;
  }
  const reports = RUNS.map((run) => JSON.parse(readFileSync(run.report, 'utf8')) as Report);
  const files = reports.flatMap((report) => report.testResults);
  printTimes(files);
  console.log('');
  for (const layer of LAYERS) {
    const ofLayer = files.filter((file) => file.name.includes(`/test/${layer}/`));
    const statuses = ofLayer.flatMap((file) => file.assertionResults.map((a) => a.status));
    const passed = statuses.filter((s) => s === 'passed').length;
    const failed = statuses.filter((s) => s === 'failed').length;
    console.log(`${layer.padEnd(12)} ${ofLayer.length} files, ${passed} passed, ${failed} failed`);
  }
  const sum = (count: (report: Report) => number) => reports.reduce((total, r) => total + count(r), 0);
  const skipped = sum((r) => r.numPendingTests + r.numTodoTests);
  // A run that did not succeed without a failed test (an error outside tests) counts as one failure.
  const failed = sum((r) => r.numFailedTests + (r.success || r.numFailedTests > 0 ? 0 : 1));
  console.log(
    `Tests: ${sum((r) => r.numPassedTests)} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`,
  );
  return reports.every((r) => r.success) && failed === 0 && vitestCode === 0;
}

const mismatch = runtimeMismatch();
if (mismatch) {
  console.log(mismatch);
  console.log("Tests: 0 passed, 1 failed (the tests run on the functions' Node major version only)");
  process.exit(1);
}
console.log(`node: ${process.version} (${process.execPath}), as the functions' runtime`);
const gone = [...SCREEN_WALKS, ...INTEGRATION_SECOND_HALF].filter((file) => !existsSync(join(ROOT, file)));
if (gone.length > 0) {
  console.log(`test/support/run-tests.ts names files that are not there: ${gone.join(', ')}`);
  console.log('Tests: 0 passed, 1 failed (a run of the suite names a file that was moved or removed)');
  process.exit(1);
}
if (!(await timed('tools', ensureTools))) {
  console.log('Tests: 0 passed, 1 failed (a tool the tests need is missing, see above)');
  process.exit(1);
}
if (!(await timed('synth', synthQuietly))) {
  console.log('Tests: 0 passed, 1 failed (the offline synth failed)');
  process.exit(1);
}
const code = await timed('vitest', vitestRuns);
process.exit(summarise(code) ? 0 : 1);
