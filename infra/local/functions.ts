import { AsyncLocalStorage } from 'node:async_hooks';
import { appendFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import { dynamoDbClient } from '../../lambdas/lib/clients/dynamodb';
import { awsConfig } from '../../lambdas/lib/config/aws';
import { type Environment, setEnvironmentSource } from '../../lambdas/lib/config/section';
import { tableDefinition } from '../../lambdas/lib/table/definition';
import { type FunctionName, functionEntries, functionNames, functionNeeds } from '../../lambdas/manifest';
import { environmentOf, tableStatements } from '../function-needs';
import { evaluate, type IamRequest, type PolicyStatementJson } from '../iam-policy';
import type { ExtraRoute } from './gateway';
import { localLambdaContext } from './lambda-context';
import { type TableShape, tableRequests } from './table-guard';

type Handler = (event: unknown, context: Context) => Promise<unknown>;

/** The function an invocation runs as, and its environment: what Lambda gives each function apart. */
interface Running {
  name: FunctionName;
  env: Environment;
}

const running = new AsyncLocalStorage<Running>();

/** The local ARN of the table, as the guard names it in refusals. */
const localTableArn = (tableName: string) => `arn:aws:dynamodb:us-east-1:000000000000:table/${tableName}`;

/** The error DynamoDB answers a call IAM refuses. */
function accessDenied(name: FunctionName, request: IamRequest): Error {
  const keys = request.context?.['dynamodb:LeadingKeys'];
  return Object.assign(
    new Error(
      `User: arn:aws:sts::000000000000:assumed-role/${name}/local is not authorized to perform: ${request.action} on resource: ${request.resource}${keys ? ` with leading keys ${JSON.stringify(keys)}` : ''} because no identity-based policy allows it: declare it in lambdas/manifest.ts`,
    ),
    { name: 'AccessDeniedException', $fault: 'client', $metadata: { httpStatusCode: 400 } },
  );
}

export interface LocalFunctionsOptions {
  root: string;
  /** Every value the local home has for a manifest variable (`TABLE_NAME`, `SES_FROM`, ...). */
  values: Readonly<Record<string, string>>;
  tableName: string;
  /**
   * `enforce` (the default): a table call outside the function's manifest is refused, as IAM would.
   * `record`: allowed, and appended as a JSON line to `recordTo` (to learn what a new function needs).
   */
  tableGuard?: 'enforce' | 'record';
  recordTo?: string;
}

/**
 * The functions of the manifest (`lambdas/manifest.ts`) as the local home runs them: all in this one
 * process, each invocation with its own function's environment (AsyncLocalStorage, read by every
 * configuration section through `setEnvironmentSource`), and each table call checked against the
 * IAM statements CDK grants that function (`infra/function-needs.ts`). A function that reads a section
 * it did not declare fails with the missing variable, and one that touches a partition it did not
 * declare is refused with AccessDeniedException, as on AWS.
 */
export class LocalFunctions {
  readonly environments: Readonly<Record<FunctionName, Readonly<Record<string, string>>>>;
  private readonly statements: Record<FunctionName, PolicyStatementJson[]>;
  private readonly handlers = new Map<FunctionName, Handler>();
  private readonly table: TableShape;

  constructor(private readonly options: LocalFunctionsOptions) {
    const runtime = Object.fromEntries(
      awsConfig.variables().flatMap((name) => (options.values[name] ? [[name, options.values[name]]] : [])),
    );
    this.table = {
      tableName: options.tableName,
      tableArn: localTableArn(options.tableName),
      partitionKey: tableDefinition.partitionKey,
      indexes: tableDefinition.indexes,
    };
    const environments = {} as Record<FunctionName, Record<string, string>>;
    const statements = {} as Record<FunctionName, PolicyStatementJson[]>;
    for (const name of functionNames) {
      environments[name] = { ...runtime, ...environmentOf(name, options.values, 'local') };
      statements[name] = tableStatements(functionNeeds[name].table, this.table.tableArn);
    }
    this.environments = environments;
    this.statements = statements;
  }

  /** Sections read each invocation's own environment; the table client checks each call. */
  install(): void {
    setEnvironmentSource(() => running.getStore()?.env ?? process.env);
    dynamoDbClient().middlewareStack.add(
      (next, context) => async (args) => {
        const current = running.getStore();
        if (current)
          this.check(current.name, context.commandName ?? '', args.input as Record<string, unknown>);
        return next(args);
      },
      { step: 'build', name: 'localLeastPrivilege' },
    );
  }

  /** The function the calling code runs as, if any (tests and the local home's own code run as none). */
  static current(): FunctionName | undefined {
    return running.getStore()?.name;
  }

  private check(name: FunctionName, commandName: string, input: Record<string, unknown>): void {
    for (const request of tableRequests(commandName, input, this.table)) {
      const decision = evaluate(this.statements[name], request);
      if (this.options.tableGuard === 'record') {
        if (this.options.recordTo)
          appendFileSync(this.options.recordTo, `${JSON.stringify({ name, decision, ...request })}\n`);
      } else if (decision === 'refused') throw accessDenied(name, request);
    }
  }

  private async handlerOf(name: FunctionName): Promise<Handler> {
    const cached = this.handlers.get(name);
    if (cached) return cached;
    const url = pathToFileURL(resolve(this.options.root, functionEntries[name])).href;
    const module = (await import(url)) as { handler: Handler };
    this.handlers.set(name, module.handler);
    return module.handler;
  }

  /** Runs `fn` as the function `name`: its environment, its grants. */
  runAs<T>(name: FunctionName, fn: () => T): T {
    return running.run({ name, env: this.environments[name] }, fn);
  }

  /** Invokes a function's handler as Lambda would (its module loaded as that function). */
  async invoke(name: FunctionName, event: unknown, context: Context): Promise<unknown> {
    return this.runAs(name, async () => (await this.handlerOf(name))(event, context));
  }

  /**
   * Lambda's Invoke (`POST /2015-03-31/functions/{name}/invocations`) at `/local/lambda`, for a
   * function that invokes another (`LAMBDA_ENDPOINT`): the answer is the handler's result, or
   * `X-Amz-Function-Error: Unhandled` with the error, as Lambda answers.
   */
  route(): ExtraRoute {
    return async (req, body, res) => {
      const match = /^\/local\/lambda\/2015-03-31\/functions\/([^/]+)\/invocations/.exec(req.url ?? '');
      if (req.method !== 'POST' || !match) return false;
      const name = decodeURIComponent(match[1] ?? '') as FunctionName;
      if (!functionNames.includes(name)) {
        res.writeHead(404, {
          'content-type': 'application/json',
          'x-amzn-errortype': 'ResourceNotFoundException',
        });
        res.end(JSON.stringify({ Type: 'User', message: `Function not found: ${name}` }));
        return true;
      }
      try {
        const event = body.length > 0 ? JSON.parse(body.toString('utf8')) : {};
        const result = await this.invoke(name, event, localLambdaContext(name));
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(result ?? null));
      } catch (error) {
        res.writeHead(200, { 'content-type': 'application/json', 'x-amz-function-error': 'Unhandled' });
        res.end(JSON.stringify({ errorType: (error as Error).name, errorMessage: (error as Error).message }));
      }
      return true;
    };
  }
}
