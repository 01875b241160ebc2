/**
 * Lambda bundles: every function bundled as the CDK stack bundles it (`FUNCTION_BUNDLING`: esbuild,
 * ESM, minified, the AWS SDK bundled in, a linked source map), its minified size, and the time a fresh
 * Node process with the function's `NODE_OPTIONS` takes to import it (a stand-in for cold start).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { type BuildOptions, build } from 'esbuild';
import { FUNCTION_BUNDLING, FUNCTION_ENVIRONMENT } from '../infra/constructs/function-bundling';
import { handlerGroups } from '../lambdas/routes';
import { workflowTaskFunctions } from '../lambdas/workflows/registry';
import { percentile } from './stats';

const run = promisify(execFile);

export const BUNDLE_SIZE_BUDGET = 300 * 1024;
export const BUNDLE_LOAD_BUDGET_MS = 150;

export interface BundleFigure {
  name: string;
  entry: string;
  /** Minified, built as the stack builds it (`FUNCTION_BUNDLING`: the AWS SDK bundled in): the budgeted figure. */
  bytes: number;
  /** Median time to `await import()` it in a fresh Node process with the function's `NODE_OPTIONS`. */
  loadMs: number;
  /** The same with `@aws-sdk/*` left out (loaded from node_modules, as the runtime's SDK would be). */
  bytesSdkExternal: number;
  loadMsSdkExternal: number;
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

/** esbuild options equal to what `NodejsFunction` runs with `FUNCTION_BUNDLING` (a linked source map beside the bundle). */
const asDeployed = (root: string, entry: string, outfile: string, external: string[]): BuildOptions => ({
  entryPoints: [join(root, entry)],
  outfile,
  bundle: true,
  minify: FUNCTION_BUNDLING.minify,
  format: FUNCTION_BUNDLING.format,
  platform: FUNCTION_BUNDLING.platform,
  target: FUNCTION_BUNDLING.target,
  sourcemap: FUNCTION_BUNDLING.sourceMap,
  sourcesContent: FUNCTION_BUNDLING.sourcesContent,
  mainFields: [...FUNCTION_BUNDLING.mainFields],
  external: [...FUNCTION_BUNDLING.externalModules, ...external],
  banner: { js: FUNCTION_BUNDLING.banner },
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
 * Builds every bundle twice (as deployed, and with the SDK external) under `bench/.out/bundles/`
 * (inside the repo so `@aws-sdk/*` resolves from node_modules) and times loading each. `lambdaEnv`
 * is what a Lambda would receive besides `FUNCTION_ENVIRONMENT` (some modules read it at load).
 */
export async function measureBundles(
  root: string,
  lambdaEnv: Record<string, string>,
  options: { loadRuns?: number } = {},
): Promise<BundleFigure[]> {
  const outDir = join(root, 'bench/.out/bundles');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const figures: BundleFigure[] = [];
  const env = { ...FUNCTION_ENVIRONMENT, ...lambdaEnv };
  for (const { name, entry } of functionEntries()) {
    const deployed = join(outDir, `${name}.mjs`);
    const sdkExternal = join(outDir, `${name}.sdk-external.mjs`);
    await build(asDeployed(root, entry, deployed, []));
    await build(asDeployed(root, entry, sdkExternal, ['@aws-sdk/*']));
    const runs = options.loadRuns ?? 3;
    figures.push({
      name,
      entry: relative(root, join(root, entry)),
      bytes: statSync(deployed).size,
      loadMs: await medianLoad(deployed, env, runs),
      bytesSdkExternal: statSync(sdkExternal).size,
      loadMsSdkExternal: await medianLoad(sdkExternal, env, runs),
    });
  }
  return figures;
}
