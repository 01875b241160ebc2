import { readFileSync } from 'node:fs';

/**
 * Prints the closing line CI reads ("N passed, N failed") from vitest's JSON report, after the
 * default reporter has shown every test.
 */
const report = JSON.parse(readFileSync(process.argv[2] ?? 'test-results/results.json', 'utf8')) as {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
};
const skipped = report.numPendingTests + report.numTodoTests;
console.log(
  `Tests: ${report.numPassedTests} passed, ${report.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`,
);
process.exit(report.numFailedTests > 0 ? 1 : 0);
