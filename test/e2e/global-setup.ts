import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../infra/local/processes';
import { chromiumPath, missingToolMessage, TOOLS } from '../support/tools';

/**
 * Starts the local home exactly as `npm run dev` does (the same entry point, seeded with the demo
 * directory), on free ports and a throwaway state folder, and stops it after the run.
 */
let dev: ChildProcess | undefined;
let stateDir: string | undefined;

export async function setup(project: TestProject) {
  // The layer fails with one line when Chromium is missing (npm test installs it when it can).
  if (!existsSync(chromiumPath())) throw new Error(missingToolMessage(TOOLS[0] as (typeof TOOLS)[number]));
  stateDir = mkdtempSync(join(tmpdir(), 'investor-directory-e2e-'));
  const ports = {
    LOCAL_APP_PORT: await freePort(),
    LOCAL_GATEWAY_PORT: await freePort(),
    LOCAL_DYNAMODB_PORT: await freePort(),
    LOCAL_COGNITO_PORT: await freePort(),
    LOCAL_SES_PORT: await freePort(),
    LOCAL_S3_PORT: await freePort(),
  };
  dev = spawn(process.execPath, ['--import', 'tsx', 'infra/local/dev.ts'], {
    cwd: join(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])),
      LOCAL_STATE_DIR: stateDir,
      LOCAL_IN_MEMORY: '1',
      // The production build under the production headers (infra/edge.ts), on one origin.
      LOCAL_WEB: 'build',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`npm run dev did not become ready:\n${output}`)),
      170_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Press Ctrl-C to stop')) {
        clearTimeout(timer);
        resolve();
      }
    };
    dev?.stdout?.on('data', onData);
    dev?.stderr?.on('data', onData);
    dev?.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm run dev exited with ${code}:\n${output}`));
    });
  });
  project.provide('e2e', {
    appUrl: `http://localhost:${ports.LOCAL_APP_PORT}`,
    appPort: ports.LOCAL_APP_PORT,
    gatewayUrl: `http://127.0.0.1:${ports.LOCAL_GATEWAY_PORT}`,
    inboxUrl: `http://127.0.0.1:${ports.LOCAL_SES_PORT}`,
    uploadsOrigin: `http://127.0.0.1:${ports.LOCAL_S3_PORT}`,
  });
}

export async function teardown() {
  if (dev && dev.exitCode === null) {
    const exited = new Promise((resolve) => dev?.once('exit', resolve));
    dev.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000).unref())]);
    if (dev.exitCode === null) dev.kill('SIGKILL');
  }
  dev?.stdout?.destroy();
  dev?.stderr?.destroy();
  if (stateDir) rmSync(stateDir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: { appUrl: string; appPort: number; gatewayUrl: string; inboxUrl: string; uploadsOrigin: string };
  }
}
