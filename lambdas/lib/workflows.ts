import * as z from 'zod/mini';
import { type StateMachineName, stateMachines } from '../workflows/registry';
import { sfn } from './clients/sfn';
import { type ConfigSection, readSection, text } from './config/section';

/**
 * A workflow a function may start: its ARN is a configuration section of its own, so that a bundle
 * carries (and `test/infra/function-needs.test.ts` sees) exactly the workflows its code starts. One
 * module per workflow under `lambdas/workflows/start/` exports its handle.
 */
export interface Workflow<N extends StateMachineName = StateMachineName> {
  readonly name: N;
  readonly config: ConfigSection;
  /** Starts an execution (Step Functions on AWS, the in-process runner locally) and returns its ARN. */
  start(input: unknown, executionName?: string): Promise<string>;
}

export function workflow<N extends StateMachineName>(name: N): Workflow<N> {
  const variable: string = stateMachines[name].arnVariable;
  const config = readSection(`${name} workflow`, () => z.object({ [variable]: text() }));
  return {
    name,
    config,
    async start(input, executionName) {
      const { client, sdk } = await sfn();
      const result = await client.send(
        new sdk.StartExecutionCommand({
          stateMachineArn: String(config()[variable]),
          input: JSON.stringify(input),
          ...(executionName ? { name: executionName } : {}),
        }),
      );
      if (!result.executionArn) throw new Error(`Step Functions returned no execution ARN for ${name}`);
      return result.executionArn;
    },
  };
}
