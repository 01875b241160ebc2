import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureTools } from './tools';

/**
 * The test layers, as `npm test` runs them after the typecheck and the linter: installs what the
 * machine lacks (tools.ts), an offline `cdk synth` with cdk-nag whose bundling output is shown only if
 * it fails, then every vitest project (the infra layer reads the bundles that synth just wrote), and
 * one result line per layer and the summary line `Tests: N passed, N failed`, also when tests fail.
 */
const ROOT = join(import.meta.dirname, '../..');
const REPORT = join(ROOT, 'test-results/results.json');
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

function vitest(): Promise<number> {
  rmSync(REPORT, { force: true });
  const projects = LAYERS.flatMap((layer) => ['--project', layer]);
  const child = spawn(
    bin('vitest'),
    ['run', ...projects, '--reporter=default', '--reporter=json', `--outputFile.json=${REPORT}`],
    { cwd: ROOT, stdio: 'inherit', env: { ...process.env, INFRA_ASSEMBLY_DIR: join(ROOT, 'cdk.out') } },
  );
  return new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
}

interface Report {
  success: boolean;
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: { name: string; assertionResults: { status: string }[] }[];
}

/** Prints each layer's result and the closing line; true when the run succeeded. */
function summarise(vitestCode: number): boolean {
  if (!existsSync(REPORT)) {
    console.log('Tests: 0 passed, 1 failed (vitest wrote no report; its output is above)');
    return false;
  }
  const report = JSON.parse(readFileSync(REPORT, 'utf8')) as Report;
  console.log('');
  for (const layer of LAYERS) {
    const files = report.testResults.filter((file) => file.name.includes(`/test/${layer}/`));
    const statuses = files.flatMap((file) => file.assertionResults.map((a) => a.status));
    const passed = statuses.filter((s) => s === 'passed').length;
    const failed = statuses.filter((s) => s === 'failed').length;
    console.log(`${layer.padEnd(12)} ${files.length} files, ${passed} passed, ${failed} failed`);
  }
  const skipped = report.numPendingTests + report.numTodoTests;
  const failed = report.numFailedTests + (report.success || report.numFailedTests > 0 ? 0 : 1);
  console.log(
    `Tests: ${report.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`,
  );
  return report.success && failed === 0 && vitestCode === 0;
}

if (!ensureTools()) {
  console.log('Tests: 0 passed, 1 failed (a tool the tests need is missing, see above)');
  process.exit(1);
}
if (!synthQuietly()) {
  console.log('Tests: 0 passed, 1 failed (the offline synth failed)');
  process.exit(1);
}
process.exit(summarise(await vitest()) ? 0 : 1);
