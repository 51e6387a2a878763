import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who is acting in the request being served: the signed-in person's own `sub`, also when they work in someone
 * else's workspace (then the data is keyed by the workspace, and this says which teammate did it). httpFunction sets
 * it around every signed-in route; the audit trail of Meta changes records it beside the workspace.
 */
const actors = new AsyncLocalStorage<string>();

export function withActor<T>(actor: string, work: () => Promise<T>): Promise<T> {
  return actors.run(actor, work);
}

/** The person acting, or undefined outside a signed-in request (scheduled runs, queues). */
export function currentActor(): string | undefined {
  return actors.getStore();
}
