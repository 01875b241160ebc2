/**
 * How AWS SDK clients are instrumented when built: unchanged by default; a function that traces
 * (`observability/tracer.ts`) sets the tracer's capture here before its first client is built. Kept
 * apart from the tracer so that functions that do not trace do not bundle or load X-Ray's SDK.
 */
let instrumentation: <T>(client: T) => T = (client) => client;

export function setClientInstrumentation(instrument: <T>(client: T) => T): void {
  instrumentation = instrument;
}

/** A client as the function's instrumentation wants it (traced, or unchanged). */
export const instrumented = <T>(client: T): T => instrumentation(client);
