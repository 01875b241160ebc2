import { DescribeExecutionCommand, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { type StateMachineName, stateMachines } from '../workflows/registry';
import { sfnClient } from './clients/sfn';
import { workflowArn } from './config';

const arnOf = (name: StateMachineName): string => workflowArn(stateMachines[name].arnVariable);

/** Starts a workflow execution (Step Functions on AWS, the in-process runner locally) and returns its ARN. */
export async function startWorkflow(
  name: StateMachineName,
  input: unknown,
  executionName?: string,
): Promise<string> {
  const result = await sfnClient().send(
    new StartExecutionCommand({
      stateMachineArn: arnOf(name),
      input: JSON.stringify(input),
      ...(executionName ? { name: executionName } : {}),
    }),
  );
  if (!result.executionArn) throw new Error(`Step Functions returned no execution ARN for ${name}`);
  return result.executionArn;
}

export async function describeWorkflow(executionArn: string) {
  return sfnClient().send(new DescribeExecutionCommand({ executionArn }));
}
