import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './processes';

export interface DevProcess {
  appUrl: string;
  appPort: number;
  gatewayUrl: string;
  inboxUrl: string;
  uploadsOrigin: string;
  /** Everything the process printed so far. */
  output(): string;
  stop(): Promise<void>;
}

export interface DevProcessOptions {
  /**
   * The web app: the production build under the production headers (`LOCAL_WEB=build`, what the e2e
   * tests and the page-load benchmark run against), or the Vite dev server with hot reload, as a bare
   * `npm run dev` serves it.
   */
  web?: 'build' | 'vite';
  readyTimeoutMs?: number;
}

/**
 * Starts the local home exactly as `npm run dev` does (the same entry point, seeded with the demo
 * directory) in a child process, on free ports and a throwaway in-memory state.
 */
export async function startDevProcess(
  root: string,
  { web = 'build', readyTimeoutMs = 900_000 }: DevProcessOptions = {},
): Promise<DevProcess> {
  const stateDir = mkdtempSync(join(tmpdir(), 'investor-directory-dev-'));
  const ports = {
    LOCAL_APP_PORT: await freePort(),
    LOCAL_GATEWAY_PORT: await freePort(),
    LOCAL_DYNAMODB_PORT: await freePort(),
    LOCAL_COGNITO_PORT: await freePort(),
    LOCAL_SES_PORT: await freePort(),
    LOCAL_S3_PORT: await freePort(),
  };
  const dev: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'infra/local/dev.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])),
      LOCAL_STATE_DIR: stateDir,
      LOCAL_IN_MEMORY: '1',
      LOCAL_WEB: web,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = async () => {
    if (dev.exitCode === null) {
      const exited = new Promise((resolve) => dev.once('exit', resolve));
      dev.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000).unref())]);
      if (dev.exitCode === null) dev.kill('SIGKILL');
    }
    dev.stdout?.destroy();
    dev.stderr?.destroy();
    rmSync(stateDir, { recursive: true, force: true });
  };
  let output = '';
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`npm run dev did not become ready:\n${output}`)),
        readyTimeoutMs,
      );
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Press Ctrl-C to stop')) {
          clearTimeout(timer);
          resolve();
        }
      };
      dev.stdout?.on('data', onData);
      dev.stderr?.on('data', onData);
      dev.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`npm run dev exited with ${code}:\n${output}`));
      });
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    appUrl: `http://localhost:${ports.LOCAL_APP_PORT}`,
    appPort: ports.LOCAL_APP_PORT,
    gatewayUrl: `http://127.0.0.1:${ports.LOCAL_GATEWAY_PORT}`,
    inboxUrl: `http://127.0.0.1:${ports.LOCAL_SES_PORT}`,
    uploadsOrigin: `http://127.0.0.1:${ports.LOCAL_S3_PORT}`,
    output: () => output,
    stop,
  };
}
