import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { StateMachine } from 'aws-local-stepfunctions';
import {
  type StateMachineName,
  stateMachines,
  type WorkflowTaskFunction,
  workflowTaskFunctions,
} from '../../lambdas/workflows/registry';
import type { LocalFunctions } from './functions';
import type { ExtraRoute } from './gateway';
import { localLambdaContext } from './lambda-context';

const ACCOUNT = '000000000000';
const REGION = 'us-east-1';

export const localStateMachineArn = (name: StateMachineName) =>
  `arn:aws:states:${REGION}:${ACCOUNT}:stateMachine:${name}`;
const localFunctionArn = (name: WorkflowTaskFunction) =>
  `arn:aws:lambda:${REGION}:${ACCOUNT}:function:${name}`;

type JsonState = { Type?: string; Resource?: string; States?: Record<string, JsonState> } & Record<
  string,
  unknown
>;

/** The definition as CDK deploys it, with the task functions' ARN variables substituted. */
export function loadDefinition(
  root: string,
  name: StateMachineName,
): { StartAt: string; States: Record<string, JsonState> } {
  let text = readFileSync(resolve(root, stateMachines[name].definition), 'utf8');
  for (const variable of Object.keys(workflowTaskFunctions) as WorkflowTaskFunction[]) {
    text = text.replaceAll(`\${${variable}}`, localFunctionArn(variable));
  }
  const definition = JSON.parse(text) as { StartAt: string; States: Record<string, JsonState> };
  refuseLocalMisreadings(stateMachines[name].definition, definition.States);
  return definition;
}

/** The Choice rules that test a type or presence (`"IsNull": true`…). */
const TYPE_TESTS = ['IsNull', 'IsPresent', 'IsNumeric', 'IsString', 'IsBoolean', 'IsTimestamp'];

/** A Choice state's rules, nested And/Or/Not included. */
function choiceRules(rules: unknown[] | undefined): Record<string, unknown>[] {
  return (rules ?? []).flatMap((rule) => {
    const r = rule as Record<string, unknown>;
    const nested = [
      ...((r.And as unknown[]) ?? []),
      ...((r.Or as unknown[]) ?? []),
      ...(r.Not ? [r.Not] : []),
    ];
    return [r, ...choiceRules(nested)];
  });
}

/**
 * Refuses two spellings that mean one thing on AWS and another in aws-local-stepfunctions 3.0, so a
 * workflow can never behave differently in the two homes:
 * - `"ResultPath": "$"` (the result replaces the input, as when ResultPath is left out): the library
 *   writes the result under a key named `$` and keeps the input;
 * - a type test that is false (`"IsNull": false`, "the value is not null"): the library never
 *   matches it.
 * Either made every paging loop (`$.cursor`) stop after its first page here and only here: the weekly
 * summaries, the reminders and the alerts reached their first 50 founders and no more. Leave
 * ResultPath out; test `"IsNull": true` and let Default take the other way.
 */
function refuseLocalMisreadings(file: string, states: Record<string, JsonState>): void {
  for (const [stateName, state] of Object.entries(states)) {
    const catchers = (state.Catch as { ResultPath?: unknown }[] | undefined) ?? [];
    if (state.ResultPath === '$' || catchers.some((catcher) => catcher.ResultPath === '$'))
      throw new Error(
        `${file}: state ${stateName} has "ResultPath": "$"; leave ResultPath out (the same on AWS), the local Step Functions library mishandles "$"`,
      );
    for (const rule of choiceRules(state.Choices as unknown[] | undefined))
      for (const test of TYPE_TESTS)
        if (rule[test] === false)
          throw new Error(
            `${file}: state ${stateName} tests "${test}": false; test "${test}": true and let Default take the other way (the local Step Functions library never matches a false type test)`,
          );
    for (const nested of ['Iterator', 'ItemProcessor'] as const) {
      const inner = state[nested] as { States?: Record<string, JsonState> } | undefined;
      if (inner?.States) refuseLocalMisreadings(file, inner.States);
    }
    for (const branch of (state.Branches as { States: Record<string, JsonState> }[] | undefined) ?? [])
      refuseLocalMisreadings(file, branch.States);
  }
}

/** Every Task state (nested ones included) whose Resource is one of our functions, by state name. */
function taskStates(
  states: Record<string, JsonState>,
  found = new Map<string, string>(),
): Map<string, string> {
  for (const [stateName, state] of Object.entries(states)) {
    if (state.Type === 'Task' && typeof state.Resource === 'string') found.set(stateName, state.Resource);
    for (const nested of ['Iterator', 'ItemProcessor'] as const) {
      const inner = state[nested] as { States?: Record<string, JsonState> } | undefined;
      if (inner?.States) taskStates(inner.States, found);
    }
    for (const branch of (state.Branches as { States: Record<string, JsonState> }[] | undefined) ?? []) {
      taskStates(branch.States, found);
    }
  }
  return found;
}

interface Execution {
  executionArn: string;
  stateMachineArn: string;
  name: string;
  status: 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'ABORTED';
  input: string;
  output?: string;
  error?: string;
  cause?: string;
  startDate: number;
  stopDate?: number;
  abort: () => void;
  done: Promise<void>;
}

/**
 * Faults a test arms for the executions of one import job (matched by the `jobId` of their input):
 * a state whose next `failures` invocations throw, as a crashed or timed-out Lambda does; and a
 * StartExecution whose reply is held until the execution has ended (a slow reply). For a whole
 * machine, `refuseStarts: true` makes every StartExecution of it answer ThrottlingException, as a
 * throttled or unreachable Step Functions does, until `refuseStarts: false` lifts it.
 */
export interface WorkflowFault {
  /** The job whose executions it hits; or, without one, every execution of `machine`. */
  jobId?: string;
  machine?: StateMachineName;
  failState?: string;
  failures?: number;
  holdStartReply?: boolean;
  refuseStarts?: boolean;
}

const jobIdOf = (input: unknown): string | undefined =>
  typeof input === 'object' && input !== null && 'jobId' in input && typeof input.jobId === 'string'
    ? input.jobId
    : undefined;

class StepFunctionsError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The local stand-in for Step Functions: the same ASL files run in-process by aws-local-stepfunctions,
 * each Task resource routed to the handler module the CDK stack deploys for it. It answers the
 * StartExecution, DescribeExecution and StopExecution calls of the AWS SDK (JSON protocol), so the
 * product's code starts and watches workflows the same way in both homes.
 */
export class LocalStepFunctions {
  private readonly executions = new Map<string, Execution>();
  private readonly faults: WorkflowFault[] = [];
  /** Machines whose StartExecution is refused (a throttled or unreachable service). */
  private readonly refusedMachines = new Set<StateMachineName>();

  constructor(
    private readonly root: string,
    /** Runs each task function as its own function (`infra/local/functions.ts`). */
    private readonly functions: LocalFunctions,
    /** Tests: retries and Wait states (a run waiting for a lock) pause this long instead. */
    private readonly options: { retryIntervalMs?: number; waitMs?: number } = {},
  ) {}

  /** The task function of a substituted ARN. */
  private taskFunction(resource: string): WorkflowTaskFunction {
    const variable = (Object.keys(workflowTaskFunctions) as WorkflowTaskFunction[]).find(
      (v) => localFunctionArn(v) === resource,
    );
    if (!variable) throw new Error(`No local handler for task resource ${resource}`);
    return variable;
  }

  start(stateMachineArn: string, input: string, name?: string): Execution {
    const machineName = (Object.keys(stateMachines) as StateMachineName[]).find(
      (n) => localStateMachineArn(n) === stateMachineArn,
    );
    if (!machineName)
      throw new StepFunctionsError(
        'StateMachineDoesNotExist',
        `State Machine Does Not Exist: '${stateMachineArn}'`,
      );
    if (this.refusedMachines.has(machineName))
      throw new StepFunctionsError('ThrottlingException', 'Rate exceeded (injected fault)');
    const executionName = name ?? randomUUID();
    const executionArn = `arn:aws:states:${REGION}:${ACCOUNT}:execution:${machineName}:${executionName}`;
    if (this.executions.has(executionArn))
      throw new StepFunctionsError('ExecutionAlreadyExists', `Execution Already Exists: '${executionArn}'`);
    const definition = loadDefinition(this.root, machineName);
    type RunOptions = NonNullable<Parameters<StateMachine['run']>[1]>;
    type Handlers = NonNullable<NonNullable<RunOptions['overrides']>['taskResourceLocalHandlers']>;
    const overrides: Handlers = {};
    const retryIntervalOverrides: Record<string, number> = {};
    for (const [stateName, resource] of taskStates(definition.States)) {
      // As Lambda would: the task function's name and its 300 s timeout in the context.
      const functionName = resource.split(':').at(-1) ?? resource;
      overrides[stateName] = async (taskInput) => {
        const jobId = jobIdOf(taskInput) ?? jobIdOf(JSON.parse(input));
        const fault = this.faults.find(
          (f) =>
            (f.jobId ? f.jobId === jobId : f.machine === machineName) &&
            f.failState === stateName &&
            (f.failures ?? 0) > 0,
        );
        if (fault) {
          fault.failures = (fault.failures ?? 0) - 1;
          throw new Error(`Injected fault: ${stateName} crashed`);
        }
        return (await this.functions.invoke(
          this.taskFunction(resource),
          taskInput,
          localLambdaContext(functionName, 300_000),
        )) as never;
      };
      if (this.options.retryIntervalMs !== undefined)
        retryIntervalOverrides[stateName] = this.options.retryIntervalMs;
    }
    const waitTimeOverrides: Record<string, number> = {};
    if (this.options.waitMs !== undefined)
      for (const [stateName, state] of Object.entries(definition.States))
        if (state.Type === 'Wait') waitTimeOverrides[stateName] = this.options.waitMs;
    const machine = new StateMachine(definition as never, { validationOptions: { checkArn: false } });
    // The context object as Step Functions gives it ($$.Execution.Name is a run's lock owner).
    const context = {
      Execution: {
        Id: executionArn,
        Name: executionName,
        Input: JSON.parse(input),
        StartTime: new Date().toISOString(),
      },
      StateMachine: { Id: stateMachineArn, Name: machineName },
    };
    const run = machine.run(JSON.parse(input), {
      overrides: { taskResourceLocalHandlers: overrides, retryIntervalOverrides, waitTimeOverrides },
      noThrowOnAbort: true,
      context,
    });
    const execution: Execution = {
      executionArn,
      stateMachineArn,
      name: executionName,
      status: 'RUNNING',
      input,
      startDate: Date.now() / 1000,
      abort: run.abort,
      done: Promise.resolve(),
    };
    execution.done = run.result.then(
      (output) => {
        if (execution.status === 'RUNNING') {
          execution.status = 'SUCCEEDED';
          execution.output = JSON.stringify(output);
        }
        execution.stopDate = Date.now() / 1000;
      },
      (error: Error & { cause?: unknown }) => {
        if (execution.status === 'RUNNING') {
          execution.status = 'FAILED';
          execution.error = error.name;
          execution.cause = error.message;
        }
        execution.stopDate = Date.now() / 1000;
      },
    );
    this.executions.set(executionArn, execution);
    return execution;
  }

  describe(executionArn: string): Execution {
    const execution = this.executions.get(executionArn);
    if (!execution)
      throw new StepFunctionsError('ExecutionDoesNotExist', `Execution Does Not Exist: '${executionArn}'`);
    return execution;
  }

  stop(executionArn: string, cause?: string): Execution {
    const execution = this.describe(executionArn);
    if (execution.status === 'RUNNING') {
      execution.status = 'ABORTED';
      execution.cause = cause;
      execution.stopDate = Date.now() / 1000;
      execution.abort();
    }
    return execution;
  }

  /** Arms a fault (tests, through `POST /local/faults/stepfunctions`); `refuseStarts: false` lifts a refusal. */
  injectFault(fault: WorkflowFault): void {
    if (fault.refuseStarts !== undefined) {
      this.refusedMachines.delete(fault.machine as StateMachineName);
      if (fault.refuseStarts) this.refusedMachines.add(fault.machine as StateMachineName);
      return;
    }
    this.faults.push({ ...fault });
  }

  /** Whether StartExecution for this input answers only once the execution has ended. */
  private holdsStartReply(input: string): boolean {
    const jobId = jobIdOf(JSON.parse(input));
    return this.faults.some((f) => f.jobId === jobId && f.holdStartReply === true);
  }

  /** Waits for every running execution (tests). */
  async settle(): Promise<void> {
    await Promise.all([...this.executions.values()].map((e) => e.done));
  }

  /** Aborts every running execution (shutdown). */
  async abortAll(): Promise<void> {
    for (const execution of this.executions.values())
      this.stop(execution.executionArn, 'The local home is stopping');
    await this.settle();
  }

  /**
   * The AWS SDK's JSON protocol, served at `/local/stepfunctions`, and `POST /local/stepfunctions/settle`,
   * which answers once every execution started so far has ended (tests wait on it between files).
   */
  route(): ExtraRoute {
    return async (req, body, res) => {
      if (req.method === 'POST' && req.url === '/local/faults/stepfunctions') {
        const fault = JSON.parse(body.toString('utf8') || '{}') as WorkflowFault;
        if ((!fault.jobId && !fault.machine) || (fault.refuseStarts !== undefined && !fault.machine)) {
          res.writeHead(400, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({ message: 'A fault names the jobId or the machine of the executions it hits.' }),
          );
          return true;
        }
        this.injectFault(fault);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ armed: fault }));
        return true;
      }
      if (req.method === 'POST' && req.url === '/local/stepfunctions/settle') {
        await this.settle();
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ settled: true }));
        return true;
      }
      if (req.method !== 'POST' || !(req.url ?? '').startsWith('/local/stepfunctions')) return false;
      const target = String(req.headers['x-amz-target'] ?? '').replace('AWSStepFunctions.', '');
      const reply = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' });
        res.end(JSON.stringify(payload));
      };
      try {
        const request = JSON.parse(body.toString('utf8') || '{}') as Record<string, string>;
        const view = (e: Execution) => ({
          executionArn: e.executionArn,
          stateMachineArn: e.stateMachineArn,
          name: e.name,
          status: e.status,
          input: e.input,
          startDate: e.startDate,
          ...(e.output !== undefined ? { output: e.output } : {}),
          ...(e.stopDate !== undefined ? { stopDate: e.stopDate } : {}),
          ...(e.error ? { error: e.error } : {}),
          ...(e.cause ? { cause: e.cause } : {}),
        });
        switch (target) {
          case 'StartExecution': {
            const e = this.start(String(request.stateMachineArn), request.input ?? '{}', request.name);
            if (this.holdsStartReply(e.input)) await e.done;
            reply(200, { executionArn: e.executionArn, startDate: e.startDate });
            break;
          }
          case 'DescribeExecution':
            reply(200, view(this.describe(String(request.executionArn))));
            break;
          case 'StopExecution': {
            const e = this.stop(String(request.executionArn), request.cause);
            reply(200, { stopDate: e.stopDate });
            break;
          }
          default:
            reply(400, { __type: 'UnknownOperationException', message: `Unsupported operation ${target}` });
        }
      } catch (error) {
        if (error instanceof StepFunctionsError) reply(400, { __type: error.type, message: error.message });
        else reply(500, { __type: 'InternalFailure', message: (error as Error).message });
      }
      return true;
    };
  }
}
