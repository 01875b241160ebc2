/** Builds a value at first use and returns the same one after: one AWS client per process. */
export function once<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= build();
    return value;
  };
}

/**
 * The request handler of a client aimed at a local emulator (an endpoint is set only in the local
 * home). There every function of the product runs in one process and shares one client, so a seed
 * or a workflow's fan-out has more requests in flight than the SDK's 50 sockets, and the SDK warns
 * ("socket usage at capacity") on a busy machine; on Lambda a process serves one request at a time.
 */
export const LOCAL_REQUEST_HANDLER = { httpAgent: { keepAlive: true, maxSockets: 512 } } as const;
