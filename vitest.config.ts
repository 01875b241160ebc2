import { defineConfig } from 'vitest/config';
import IntegrationSequencer from './test/integration/support/sequencer';

/**
 * Test layers, each a vitest project (see docs/decisions.md):
 * - unit: pure code, no network (`test/unit`);
 * - integration: handlers over HTTP through the local gateway against the local emulators (`test/integration`);
 * - infra: CDK template assertions and cdk-nag (`test/infra`);
 * - e2e: the local home as `npm run dev` starts it, driven by Playwright in Chromium (`test/e2e`).
 */
export default defineConfig({
  test: {
    // Vitest's order, but the integration layer's scale tests last (one sequencer for every project).
    sequence: { sequencer: IntegrationSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/integration/global-setup.ts'],
          // Each file lets the workflows it started finish before the next file runs.
          setupFiles: ['test/integration/support/settle.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          testTimeout: 180_000,
          // One process for every file, so the stack is synthesised once (test/infra/support/synth.ts).
          isolate: false,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/e2e/global-setup.ts'],
          // The browser waits on a real local home: polls get 15 s, not vitest's 1 s default.
          expect: { poll: { timeout: 15_000, interval: 250 } },
          testTimeout: 90_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
