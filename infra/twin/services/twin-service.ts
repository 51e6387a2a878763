import type { TwinService } from '../twin-ports';

/**
 * The one shape every emulated service of the twin has: a name, the files it keeps in the state
 * folder, how it starts, when it is ready, how it stops. `startServices` runs a list of them in order,
 * so the twin reads as its list (twin-services.ts) and a new service is one more entry.
 */
export interface TwinServiceSpec<Parts, K extends keyof Parts = keyof Parts> {
  name: K;
  /** What it keeps under the state folder (files and folders, relative), so people know what a reset loses. */
  stateFiles?: readonly string[];
  /**
   * The port it answers on, bound with every other one before anything slow starts (a busy port fails
   * first): an HTTP server the twin creates and the entry mounts its handler on, or a port reserved for a
   * child process to bind.
   */
  listens?: { port: TwinService; by: 'http server' | 'child process' };
  /**
   * Started without holding up the next entries (a child process, a sandbox that loads slowly); an entry
   * that needs it waits with `twin.ready(name)`. Default false: the next entry starts once this one is ready.
   */
  background?: boolean;
  /** Starts it with what the entries before it gave (`twin.ready`), resolving with what later ones need. */
  start(twin: StartedParts<Parts>): Promise<Parts[K]>;
  /** Resolves once it answers what later entries will ask of it. Default: ready once started. */
  ready?(value: Parts[K], twin: StartedParts<Parts>): Promise<void>;
  /** Stops it; stops run last-started first, and one failing does not keep the others running. */
  stop?(value: Parts[K]): Promise<void>;
}

/** What an entry sees of the others while the list starts. */
export interface StartedParts<Parts> {
  /** An earlier entry once it is ready (at once unless it started in the background). */
  ready<K extends keyof Parts>(name: K): Promise<Parts[K]>;
}

export interface StartedServices<Parts> extends StartedParts<Parts> {
  /** Stops everything started, last started first. Idempotent. */
  stop(): Promise<void>;
}

/**
 * Starts the list in order. On failure everything already started (background entries included, once
 * they settle) is stopped before the error is thrown.
 */
export async function startServices<Parts>(
  list: readonly TwinServiceSpec<Parts>[],
  onStopFailure: (error: unknown) => void,
): Promise<StartedServices<Parts>> {
  const readyByName = new Map<keyof Parts, Promise<unknown>>();
  // In the order each became ready, so the last one ready is the first one stopped.
  const stoppers: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const stopOne of stoppers.splice(0).reverse()) await stopOne().catch(onStopFailure);
  };
  const parts: StartedParts<Parts> = {
    ready: <K extends keyof Parts>(name: K) => {
      const found = readyByName.get(name);
      if (!found) throw new Error(`twin service ${String(name)} was asked for before it started`);
      return found as Promise<Parts[K]>;
    },
  };
  const bringUp = async <K extends keyof Parts>(spec: TwinServiceSpec<Parts, K>): Promise<Parts[K]> => {
    const value = await spec.start(parts);
    const stopIt = spec.stop;
    if (stopIt) stoppers.push(() => stopIt(value));
    await spec.ready?.(value, parts);
    return value;
  };

  try {
    for (const spec of list) {
      const started = bringUp(spec);
      readyByName.set(spec.name, started);
      // A background entry's failure surfaces where it is awaited, or below; never as an unhandled rejection.
      if (spec.background) started.catch(() => undefined);
      else await started;
    }
    await Promise.all(readyByName.values());
  } catch (error) {
    await Promise.allSettled(readyByName.values());
    await stop();
    throw error;
  }
  return { ...parts, stop };
}
