import { randomBytes } from 'node:crypto';
import { link, readFile, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as z from 'zod';
import { TwinSetupError } from '../twin-ports';
import { writeFileAtomic } from './atomic-file';

export const LOCK_FILE_NAME = 'twin.lock';

const LockSchema = z.object({
  pid: z.number().int().positive(),
  /** The process's start time as the kernel counts it, so a recycled pid is not mistaken for the twin. */
  processStart: z.string().nullable(),
  token: z.string(),
  startedAt: z.string(),
  /** Filled in once the ports are bound: service name → URL. */
  services: z.record(z.string(), z.string()).optional(),
});
type LockContent = z.infer<typeof LockSchema>;

/** Thrown when another twin holds the state folder; the message names it and says what to do. */
export class TwinAlreadyRunningError extends TwinSetupError {
  override name = 'TwinAlreadyRunningError';

  constructor(
    stateDir: string,
    readonly holder: LockContent,
  ) {
    const services = Object.entries(holder.services ?? {})
      .map(([service, url]) => `${service} ${url}`)
      .join(', ');
    super(
      `Another local twin is already running on ${stateDir}: pid ${holder.pid}` +
        (services ? ` (${services})` : ' (still starting)') +
        `. Stop it first (Ctrl-C in its terminal, or kill ${holder.pid}), ` +
        'or give this one its own state folder with ADSMITH_STATE_DIR.',
    );
  }
}

/** Field 22 of /proc/<pid>/stat; null where there is no /proc (macOS) or no such process. */
export function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses; the fields after its last ')' are plain.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isRunning(holder: LockContent): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to someone else, which still holds the folder.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (holder.processStart === null) return true;
  const now = processStartTime(holder.pid);
  return now === null || now === holder.processStart;
}

async function readHolder(file: string): Promise<LockContent | null> {
  try {
    return LockSchema.parse(JSON.parse(await readFile(file, 'utf8')));
  } catch {
    // Unreadable: nobody writes it in place (it is linked and renamed whole), so it is debris.
    return null;
  }
}

export interface TwinLock {
  readonly file: string;
  /** Records where the services listen, for the message a second twin prints. */
  describe(services: Record<string, string>): Promise<void>;
  /** Removes the lock if it is still ours. */
  release(): Promise<void>;
}

/**
 * Claims a state folder for this process before anything in it is read or written.
 * The lock file appears whole or not at all (written aside, then hard-linked into place,
 * which fails if it exists). A lock left by a process that is gone (a twin killed with
 * SIGKILL) does not block: it is removed and the claim retried.
 */
export async function acquireTwinLock(stateDir: string): Promise<TwinLock> {
  const file = path.join(stateDir, LOCK_FILE_NAME);
  const content: LockContent = {
    pid: process.pid,
    processStart: processStartTime(process.pid),
    token: randomBytes(8).toString('hex'),
    startedAt: new Date().toISOString(),
  };
  const draft = path.join(stateDir, `.${LOCK_FILE_NAME}.${process.pid}.${content.token}.tmp`);
  await writeFile(draft, `${JSON.stringify(content)}\n`);
  try {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await link(draft, file);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw error;
      }
      const holder = await readHolder(file);
      if (holder && isRunning(holder)) throw new TwinAlreadyRunningError(stateDir, holder);
      await rm(file, { force: true });
    }
  } finally {
    await rm(draft, { force: true });
  }

  let current = content;
  const ours = async () => (await readHolder(file))?.token === content.token;
  return {
    file,
    async describe(services) {
      if (!(await ours())) return;
      current = { ...current, services };
      await writeFileAtomic(file, `${JSON.stringify(current)}\n`);
    },
    async release() {
      if (await ours()) await rm(file, { force: true });
    },
  };
}
