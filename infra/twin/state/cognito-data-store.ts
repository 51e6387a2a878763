import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'cognito-local/lib/services/context';
import type { DataStore } from 'cognito-local/lib/services/dataStore/dataStore';
import type { DataStoreFactory } from 'cognito-local/lib/services/dataStore/factory';
import { SerialFileWriter } from './atomic-file';

type Json = Record<string, unknown>;

/** cognito-local stores every `…Date` field as an ISO string and revives it as a Date. */
function serialize(root: Json): string {
  return JSON.stringify(
    root,
    function (this: Record<string, unknown>, key, value: unknown) {
      if (!key.endsWith('Date')) return value;
      const original = this[key];
      if (!(original instanceof Date)) throw new Error(`Serialize: expected ${key} to hold a Date`);
      return original.toISOString();
    },
    2,
  );
}

/** Parses one store file as cognito-local does; throws on anything it would refuse. */
export function parseCognitoStore(text: string): Json {
  const parsed: unknown = JSON.parse(text, (key, value: unknown) => {
    if (!key.endsWith('Date')) return value;
    if (typeof value === 'number') return new Date(value);
    if (typeof value === 'string') return new Date(Date.parse(value));
    throw new Error(`${key} holds neither a date string nor a number`);
  });
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not a JSON object');
  return parsed as Json;
}

/** The path to a node, split into its parents and its own key (cognito-local never passes an empty path). */
function keyPath(key: string | string[]): { parents: string[]; last: string } {
  const parts = Array.isArray(key) ? key : [key];
  const last = parts[parts.length - 1];
  if (last === undefined) throw new Error('DataStore: empty key');
  return { parents: parts.slice(0, -1), last };
}

/**
 * One cognito-local database (a pool's users, or the app clients) held in memory and
 * saved after every change, atomically and in order, so a twin stopped mid-save leaves
 * the previous or the new file and never half of one.
 */
class AtomicJsonDataStore implements DataStore {
  constructor(
    private root: Json,
    private readonly writer: SerialFileWriter,
  ) {}

  async save(): Promise<void> {
    // Serialised now, so each save holds the state as it was when the change was made.
    await this.writer.write(serialize(this.root));
  }

  getRoot<T>(_ctx: Context): Promise<T | null> {
    return Promise.resolve((this.root as T) ?? null);
  }

  get<T>(_ctx: Context, key: string | string[], defaultValue?: T): Promise<T> {
    const { parents, last } = keyPath(key);
    let node: unknown = this.root;
    for (const part of [...parents, last]) {
      if (typeof node !== 'object' || node === null) {
        node = undefined;
        break;
      }
      node = (node as Json)[part];
    }
    return Promise.resolve(((node as T | undefined) ?? defaultValue ?? null) as T);
  }

  set<T>(_ctx: Context, key: string | string[], value: T): Promise<void> {
    const { parents, last } = keyPath(key);
    let node = this.root;
    for (const part of parents) {
      if (typeof node[part] !== 'object' || node[part] === null) node[part] = {};
      node = node[part] as Json;
    }
    node[last] = value;
    return this.save();
  }

  delete(_ctx: Context, key: string | string[]): Promise<void> {
    const { parents, last } = keyPath(key);
    let node: unknown = this.root;
    for (const part of parents) node = (node as Json | undefined)?.[part];
    if (typeof node === 'object' && node !== null) delete (node as Json)[last];
    return this.save();
  }

  settled(): Promise<void> {
    return this.writer.settled();
  }
}

/**
 * cognito-local's data store factory with safe writes: the same `<dir>/<id>.json` files
 * its StormDB store keeps, but never written by two saves at once (StormDB's async engine
 * lets them interleave) nor left truncated by a stop. One store per file.
 */
export class AtomicJsonDataStoreFactory implements DataStoreFactory {
  private readonly stores = new Map<string, Promise<AtomicJsonDataStore>>();

  constructor(private readonly directory: string) {}

  create(_ctx: Context, id: string, defaults: object): Promise<DataStore> {
    let store = this.stores.get(id);
    if (!store) {
      store = this.open(id, defaults);
      this.stores.set(id, store);
    }
    return store;
  }

  private async open(id: string, defaults: object): Promise<AtomicJsonDataStore> {
    await mkdir(this.directory, { recursive: true });
    const file = path.join(this.directory, `${id}.json`);
    let root: Json = {};
    try {
      root = parseCognitoStore(await readFile(file, 'utf8'));
    } catch (error) {
      // A missing file is a new database; damaged ones were set aside before the twin got here.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    if (Object.keys(root).length === 0) root = structuredClone(defaults) as Json;
    const store = new AtomicJsonDataStore(root, new SerialFileWriter(file));
    // As cognito-local does on open: the file exists (with its defaults) from the start.
    await store.save();
    return store;
  }

  /** Resolves once every save asked for so far is on disk (the twin's stop waits for it). */
  async settled(): Promise<void> {
    const stores = await Promise.all(this.stores.values());
    await Promise.all(stores.map((store) => store.settled()));
  }
}
