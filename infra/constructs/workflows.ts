import { readFileSync } from 'node:fs';
import { Duration, Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Schedule, ScheduleExpression, ScheduleTargetInput } from 'aws-cdk-lib/aws-scheduler';
import { StepFunctionsStartExecution } from 'aws-cdk-lib/aws-scheduler-targets';
import { DefinitionBody, LogLevel, StateMachine, StateMachineType } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { functionNeeds } from '../../lambdas/manifest';
import {
  type StateMachineName,
  stateMachines,
  type WorkflowSchedule,
  type WorkflowTaskFunction,
  workflowSchedules,
  workflowTaskFunctions,
} from '../../lambdas/workflows/registry';
import { acknowledge, XRAY_WILDCARD } from '../nag';
import { fromRoot } from '../paths';
import { keptInProd, logRetention, type Stage } from './data';
import { AppFunction } from './function';

/** The `${Variable}` names an ASL definition file refers to. */
export function substitutionVariables(definitionFile: string): string[] {
  const text = readFileSync(fromRoot(definitionFile), 'utf8');
  return [...new Set([...text.matchAll(/\$\{([A-Za-z0-9_]+)\}/g)].map((match) => match[1] ?? ''))];
}

const isTaskFunction = (name: string): name is WorkflowTaskFunction => name in workflowTaskFunctions;

export interface WorkflowsProps {
  readonly stage: Stage;
}

/**
 * The Step Functions workflows of `lambdas/workflows/registry.ts`, built generically: one function
 * per task handler (its grants and variables from `lambdas/manifest.ts`, given by the stack), and one standard state machine per ASL file, loaded with
 * `DefinitionBody.fromFile` and each `${Variable}` substituted with its task function's ARN. The
 * state machine's role may invoke exactly the functions its definition names. Logging (all events,
 * without execution data) and X-Ray tracing are on. `workflowSchedules` start some on a schedule.
 */
export class Workflows extends Construct {
  readonly taskFunctions: Record<WorkflowTaskFunction, AppFunction>;
  readonly stateMachines: Record<StateMachineName, StateMachine>;

  constructor(scope: Construct, id: string, props: WorkflowsProps) {
    super(scope, id);
    const removalPolicy = keptInProd(props.stage);

    const taskFunctions = {} as Record<WorkflowTaskFunction, AppFunction>;
    for (const [variable, entry] of Object.entries(workflowTaskFunctions) as [
      WorkflowTaskFunction,
      string,
    ][]) {
      taskFunctions[variable] = new AppFunction(this, variable.replace(/Arn$/, ''), {
        entry,
        description: `${functionNeeds[variable].description} (${entry})`,
        memorySize: 1024,
        timeout: Duration.minutes(5),
        logRemovalPolicy: removalPolicy,
        logRetention: logRetention(props.stage),
      });
    }
    this.taskFunctions = taskFunctions;

    const machines = {} as Record<StateMachineName, StateMachine>;
    for (const [name, spec] of Object.entries(stateMachines) as [
      StateMachineName,
      (typeof stateMachines)[StateMachineName],
    ][]) {
      const variables = substitutionVariables(spec.definition);
      const unknown = variables.filter((variable) => !isTaskFunction(variable));
      if (unknown.length > 0) {
        throw new Error(
          `${spec.definition} refers to ${unknown.join(', ')}, which workflowTaskFunctions in lambdas/workflows/registry.ts does not define`,
        );
      }
      const used = variables.filter(isTaskFunction);
      const pascal = name.charAt(0).toUpperCase() + name.slice(1);

      const logGroup = new LogGroup(this, `${pascal}Logs`, {
        // The /aws/vendedlogs/ prefix keeps CloudWatch Logs' resource policy small.
        logGroupName: `/aws/vendedlogs/states/${Stack.of(this).stackName}-${name}`,
        retention: logRetention(props.stage),
        removalPolicy,
      });

      const machine = new StateMachine(this, pascal, {
        stateMachineType: StateMachineType.STANDARD,
        definitionBody: DefinitionBody.fromFile(fromRoot(spec.definition)),
        definitionSubstitutions: Object.fromEntries(
          used.map((variable) => [variable, taskFunctions[variable].handler.functionArn]),
        ),
        logs: { destination: logGroup, level: LogLevel.ALL, includeExecutionData: false },
        tracingEnabled: true,
        removalPolicy,
      });
      // Only the unqualified ARNs the definition names: no `:*` version wildcard.
      machine.addToRolePolicy(
        new PolicyStatement({
          actions: ['lambda:InvokeFunction'],
          resources: used.map((variable) => taskFunctions[variable].handler.functionArn),
        }),
      );
      acknowledge(machine.role, XRAY_WILDCARD);
      machines[name] = machine;

      const schedule: WorkflowSchedule | undefined = (
        workflowSchedules as Partial<Record<StateMachineName, WorkflowSchedule>>
      )[name];
      if (schedule) {
        new Schedule(this, `${pascal}Schedule`, {
          description: schedule.description,
          schedule: ScheduleExpression.rate(Duration.minutes(schedule.everyMinutes)),
          target: new StepFunctionsStartExecution(machine, {
            input: ScheduleTargetInput.fromObject(schedule.input),
            retryAttempts: 2,
          }),
        });
      }
    }
    this.stateMachines = machines;
  }
}
