import { expect } from 'vitest';
import type { WorkflowFault } from '../../../infra/local/stepfunctions';
import { localHome } from './home';

/** Arms a fault of the local Step Functions for one job's executions (infra/local/stepfunctions.ts). */
export async function armFault(fault: WorkflowFault): Promise<void> {
  const response = await fetch(`${localHome.urls.gateway}/local/faults/stepfunctions`, {
    method: 'POST',
    body: JSON.stringify(fault),
  });
  expect(response.status).toBe(200);
}

/**
 * Makes the local Step Functions refuse (or accept again) every start of one workflow, as a throttled
 * or unreachable service does. Use in try/finally: a refusal left armed would stop the next tests.
 */
export async function workflowStartsRefused(
  machine: WorkflowFault['machine'],
  refuse: boolean,
): Promise<void> {
  await armFault({ machine, refuseStarts: refuse });
}
