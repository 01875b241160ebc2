/**
 * Lambda bundles: every function bundled as the CDK stack bundles it (esbuild, ESM, minified), its
 * minified size, and the time a fresh Node process takes to import it (a stand-in for cold start).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { type BuildOptions, build } from 'esbuild';
import { handlerGroups } from '../lambdas/routes';
import { workflowTaskFunctions } from '../lambdas/workflows/registry';
import { percentile } from './stats';

const run = promisify(execFile);

export const BUNDLE_SIZE_BUDGET = 300 * 1024;
export const BUNDLE_LOAD_BUDGET_MS = 150;

export interface BundleFigure {
  name: string;
  entry: string;
  /** Minified, `@aws-sdk/*` external (the budgeted figure). */
  bytes: number;
  /** Median time to `await import()` it in a fresh Node process, `@aws-sdk/*` loaded from node_modules. */
  loadMs: number;
  /** Minified with the AWS SDK bundled in, as `infra/constructs/function.ts` deploys it today. */
  bytesWithSdk: number;
  loadMsWithSdk: number;
}

/** Every function the stack deploys: the HTTP handler groups and the workflow task functions. */
export function functionEntries(): { name: string; entry: string }[] {
  return [
    ...Object.entries(handlerGroups).map(([name, entry]) => ({ name, entry })),
    ...Object.entries(workflowTaskFunctions).map(([name, entry]) => ({
      name: name.replace(/FunctionArn$/, ''),
      entry,
    })),
  ];
}

const common = (root: string, entry: string, outfile: string): BuildOptions => ({
  entryPoints: [join(root, entry)],
  outfile,
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  sourcemap: false,
  mainFields: ['module', 'main'],
  // As the stack does: bundled CommonJS dependencies may call require() for Node built-ins.
  banner: {
    js: "import { createRequire } from 'node:module';const require = createRequire(import.meta.url);",
  },
  logLevel: 'silent',
});

/** Imports the bundle in a fresh Node process and returns the time the import took, in ms. */
async function loadTime(file: string, env: Record<string, string>): Promise<number> {
  const script = `const s=performance.now();await import(${JSON.stringify(pathToFileURL(file).href)});console.log(performance.now()-s);`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, ...env },
    cwd: join(file, '..'),
  });
  const value = Number(stdout.trim().split('\n').at(-1));
  if (!Number.isFinite(value)) throw new Error(`Could not time ${file}: ${stdout}`);
  return value;
}

async function medianLoad(file: string, env: Record<string, string>, runs: number): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) samples.push(await loadTime(file, env));
  return percentile(samples, 50);
}

/**
 * Builds every bundle twice (SDK external, SDK bundled) under `bench/.out/bundles/` (inside the
 * repo so `@aws-sdk/*` resolves from node_modules) and times loading each. `env` is what a Lambda
 * would receive (some modules read their configuration at load).
 */
export async function measureBundles(
  root: string,
  env: Record<string, string>,
  options: { loadRuns?: number } = {},
): Promise<BundleFigure[]> {
  const outDir = join(root, 'bench/.out/bundles');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const figures: BundleFigure[] = [];
  for (const { name, entry } of functionEntries()) {
    const external = join(outDir, `${name}.mjs`);
    const withSdk = join(outDir, `${name}.with-sdk.mjs`);
    await build({ ...common(root, entry, external), external: ['@aws-sdk/*'] });
    await build({ ...common(root, entry, withSdk), external: [] });
    const runs = options.loadRuns ?? 3;
    figures.push({
      name,
      entry: relative(root, join(root, entry)),
      bytes: statSync(external).size,
      loadMs: await medianLoad(external, env, runs),
      bytesWithSdk: statSync(withSdk).size,
      loadMsWithSdk: await medianLoad(withSdk, env, runs),
    });
  }
  return figures;
}
