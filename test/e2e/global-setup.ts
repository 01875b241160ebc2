import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { type DevProcess, startDevProcess } from '../../infra/local/dev-process';
import { chromiumPath, missingToolMessage, TOOLS } from '../support/tools';

/**
 * Starts the local home exactly as `npm run dev` does (the same entry point, seeded with the demo
 * directory), on free ports and a throwaway state folder, and stops it after the run.
 */
let dev: DevProcess | undefined;

export async function setup(project: TestProject) {
  // The layer fails with one line when Chromium is missing (npm test installs it when it can).
  if (!existsSync(chromiumPath())) throw new Error(missingToolMessage(TOOLS[0] as (typeof TOOLS)[number]));
  dev = await startDevProcess(join(import.meta.dirname, '../..'));
  const { appUrl, appPort, gatewayUrl, inboxUrl, uploadsOrigin } = dev;
  project.provide('e2e', { appUrl, appPort, gatewayUrl, inboxUrl, uploadsOrigin });
}

export async function teardown() {
  if (process.env.E2E_DEV_LOG && dev) writeFileSync(process.env.E2E_DEV_LOG, dev.output());
  await dev?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: { appUrl: string; appPort: number; gatewayUrl: string; inboxUrl: string; uploadsOrigin: string };
  }
}
