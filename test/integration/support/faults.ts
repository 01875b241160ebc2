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
