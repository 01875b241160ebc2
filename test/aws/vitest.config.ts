import { defineConfig } from 'vitest/config';

/**
 * The smoke suite of `npm run test:aws` (test/aws/run.ts starts it against a throwaway deployment):
 * not one of the projects of the root vitest.config.ts, so `npm test` never reaches for AWS. One file
 * after another; email and workflows on AWS take seconds to minutes, so polls get ten (a hang guard).
 */
export default defineConfig({
  test: {
    include: ['test/aws/smoke/**/*.test.ts'],
    fileParallelism: false,
    expect: { poll: { timeout: 600_000, interval: 2_000 } },
    testTimeout: 900_000,
    hookTimeout: 900_000,
  },
});
