import { DescribeExecutionCommand } from '@aws-sdk/client-sfn';
import { sfn } from '../../../lambdas/lib/clients/sfn';
import { workflow } from '../../../lambdas/lib/workflows';
import type { StateMachineName } from '../../../lambdas/workflows/registry';

/** Starts a workflow as its schedule (EventBridge Scheduler) or an operator would, and returns its execution. */
export const startWorkflow = (name: StateMachineName, input: unknown, executionName?: string) =>
  workflow(name).start(input, executionName);

export const describeWorkflow = async (executionArn: string) =>
  (await sfn()).client.send(new DescribeExecutionCommand({ executionArn }));
