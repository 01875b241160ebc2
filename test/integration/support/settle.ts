import { afterAll } from 'vitest';
import { localHome } from './home';

/**
 * Every workflow a test file started (an import, a recount, a delivery) ends before the next file
 * runs: the files share the emulators' table, and a recount still running could overwrite counters
 * the next file asserts.
 */
export async function settleWorkflows(): Promise<void> {
  const response = await fetch(`${localHome.urls.gateway}/local/stepfunctions/settle`, { method: 'POST' });
  if (response.status !== 200) throw new Error(`settling the workflows answered ${response.status}`);
}

afterAll(settleWorkflows, 300_000);
