import { defineConfig } from 'vitest/config';
import IntegrationSequencer from './test/integration/support/sequencer.ts';

/**
 * Test layers, each a vitest project (see docs/decisions.md):
 * - unit: pure code, no network (`test/unit`);
 * - integration: handlers over HTTP through the local gateway against the local emulators (`test/integration`);
 * - infra: CDK template assertions and cdk-nag (`test/infra`);
 * - e2e: the local home as `npm run dev` starts it, driven by Playwright in Chromium (`test/e2e`).
 */
/** tsconfig.json's `paths`, in every project (stripe's signature check by file: lambdas/lib/stripe/signature.ts). */
const resolve = { tsconfigPaths: true };

export default defineConfig({
  test: {
    // Vitest's order, but the integration layer's scale tests last (one sequencer for every project).
    sequence: { sequencer: IntegrationSequencer },
    projects: [
      {
        resolve,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['test/unit/support/setup.ts'],
          // Hang guards, not speed checks: a jsdom render that takes 1 s alone takes 10 s on a busy
          // machine (docs/operations.md, "A suite that holds on a busy machine").
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/integration/global-setup.ts'],
          // Each file lets the workflows it started finish before the next file runs.
          setupFiles: ['test/integration/support/settle.ts'],
          // Waits for a condition get two minutes before they call it a hang (test/support/patience.ts).
          expect: { poll: { timeout: 120_000, interval: 100 } },
          testTimeout: 300_000,
          hookTimeout: 600_000,
          fileParallelism: false,
        },
      },
      {
        resolve,
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          testTimeout: 600_000,
          // One process for every file, so the stack is synthesised once (test/infra/support/synth.ts).
          isolate: false,
          fileParallelism: false,
        },
      },
      {
        resolve,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/e2e/global-setup.ts'],
          // The browser waits on a real local home: polls get two minutes (a hang guard; they end as
          // soon as their condition holds), not vitest's 1 s default.
          expect: { poll: { timeout: 120_000, interval: 250 } },
          testTimeout: 600_000,
          hookTimeout: 900_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
