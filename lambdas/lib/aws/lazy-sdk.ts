/**
 * Loads a module (an AWS SDK client package) once, on the first call rather than at init: a function whose routes do
 * not all use a service then loads its SDK only on the first request that does (issue 23 req 15; esbuild puts a
 * module reached only through `import()` in a chunk of its own). A failed load is tried again by the next call.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

/** A client, or the factory that builds it on first use (handlers pass the factory, tests a stand-in client). */
export type ClientAccess<C extends object> = C | (() => Promise<C>);

export async function clientOf<C extends object>(access: ClientAccess<C>): Promise<C> {
  return typeof access === 'function' ? (access as () => Promise<C>)() : access;
}
