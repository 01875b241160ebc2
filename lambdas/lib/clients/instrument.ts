/**
 * How AWS SDK clients are instrumented when built: each failed call names itself (below); a
 * function that traces (`observability/tracer.ts`) also sets the tracer's capture here before its
 * first client is built. Kept apart from the tracer so that functions that do not trace do not
 * bundle or load X-Ray's SDK.
 */
let instrumentation: <T>(client: T) => T = (client) => client;

export function setClientInstrumentation(instrument: <T>(client: T) => T): void {
  instrumentation = instrument;
}

/** What of an SDK client is used here: its middleware stack. */
interface WithMiddleware {
  middlewareStack: { add(middleware: unknown, options: unknown): void };
}

/**
 * Names the call on any error it ends with (`$call: "DynamoDBClient PutItemCommand"`): a network
 * error (a socket hung up, a refused connection) says nothing of which client or operation met it,
 * and the local home's start, which calls several emulators, could not tell them apart.
 */
function namingFailedCalls<T extends WithMiddleware>(client: T): T {
  client.middlewareStack.add(
    (next: (args: unknown) => Promise<unknown>, context: { clientName?: string; commandName?: string }) =>
      async (args: unknown) => {
        try {
          return await next(args);
        } catch (error) {
          if (error instanceof Error && !('$call' in error))
            Object.assign(error, { $call: `${context.clientName} ${context.commandName}` });
          throw error;
        }
      },
    { step: 'initialize', name: 'namingFailedCalls' },
  );
  return client;
}

/** A client as the function's instrumentation wants it (traced, or unchanged), its failed calls named. */
export const instrumented = <T extends WithMiddleware>(client: T): T =>
  instrumentation(namingFailedCalls(client));
