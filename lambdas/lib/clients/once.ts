/** Builds a value at first use and returns the same one after: one AWS client per process. */
export function once<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= build();
    return value;
  };
}
