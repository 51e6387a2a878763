import { readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { parseCognitoStore } from './cognito-data-store';

/** The folder under the state dir where cognito-local keeps one JSON file per pool, plus clients.json. */
export const COGNITO_STATE_DIR = 'cognito';
export const OAUTH_STATE_KEY_FILE = 'oauth-state-key';
const CLIENTS_FILE = 'clients.json';

export interface SetAside {
  /** Relative to the state dir. */
  file: string;
  keptAs: string;
  problem: string;
  /** What starts afresh because of it. */
  reset: string;
}

function reasonOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}

/** Names the copy so a second damaged start keeps both, and so nothing that lists `*.json` picks it up. */
export function keptName(file: string, now: Date): string {
  return `${file}.damaged-${now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}`;
}

async function readIfPresent(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function cognitoProblem(name: string, text: string): string | null {
  if (text.trim() === '') return 'the file is empty';
  let root: Record<string, unknown>;
  try {
    root = parseCognitoStore(text);
  } catch (error) {
    return reasonOf(error);
  }
  const expected = name === CLIENTS_FILE ? 'Clients' : 'Users';
  const node = root[expected];
  return typeof node === 'object' && node !== null && !Array.isArray(node) ? null : `it has no "${expected}" object`;
}

/**
 * Checks the state a previous twin left (it may have been killed at any moment, or an
 * older twin may have written it non-atomically) and moves each damaged file aside —
 * renamed, never deleted — so the twin starts with that part reset. Leftover temporary
 * files of interrupted writes are removed. Returns what was set aside, one entry a file.
 */
export async function setAsideDamagedState(stateDir: string, now = new Date()): Promise<SetAside[]> {
  const found: SetAside[] = [];
  const setAside = async (relative: string, problem: string, reset: string) => {
    const keptAs = keptName(relative, now);
    await rename(path.join(stateDir, relative), path.join(stateDir, keptAs));
    found.push({ file: relative, keptAs, problem, reset });
  };

  const cognitoDir = path.join(stateDir, COGNITO_STATE_DIR);
  const entries = await readdir(cognitoDir).catch(() => [] as string[]);
  for (const name of entries) {
    if (name.startsWith('.') && name.endsWith('.tmp')) {
      await rm(path.join(cognitoDir, name), { force: true });
      continue;
    }
    if (!name.endsWith('.json')) continue;
    const text = await readIfPresent(path.join(cognitoDir, name));
    const problem = text === null ? null : cognitoProblem(name, text);
    if (!problem) continue;
    await setAside(
      path.join(COGNITO_STATE_DIR, name),
      problem,
      name === CLIENTS_FILE
        ? 'the app client (a new client id is issued)'
        : `user pool ${path.basename(name, '.json')} (its users are gone; the demo user is seeded again)`,
    );
  }

  for (const name of await readdir(stateDir).catch(() => [] as string[])) {
    if (name.startsWith('.') && name.endsWith('.tmp')) await rm(path.join(stateDir, name), { force: true });
  }

  const key = await readIfPresent(path.join(stateDir, OAUTH_STATE_KEY_FILE));
  if (key !== null && !/^[A-Za-z0-9_-]{32,}$/.test(key.trim())) {
    await setAside(
      OAUTH_STATE_KEY_FILE,
      'it does not hold a key',
      'the OAuth state key (a Meta connection begun before now must be started again)',
    );
  }
  return found;
}

/** The one line a person reads about each file set aside. */
export function describeSetAside(entry: SetAside): string {
  return `Local state: ${entry.file} was damaged (${entry.problem}); kept it as ${entry.keptAs} and reset ${entry.reset}.`;
}
