import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  acquireTwinLock,
  LOCK_FILE_NAME,
  processStartTime,
  TwinAlreadyRunningError,
} from '@infra/twin/state/twin-lock';

let stateDir: string;

beforeEach(async () => {
  stateDir = await mkdtemp(path.join(tmpdir(), 'adsmith-lock-'));
});

afterEach(async () => {
  await rm(stateDir, { recursive: true, force: true });
});

/** The pid of a process that has certainly exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid as number;
}

describe('acquireTwinLock', () => {
  it('writes a lock naming this process and removes it on release', async () => {
    const lock = await acquireTwinLock(stateDir);
    const content = JSON.parse(await readFile(path.join(stateDir, LOCK_FILE_NAME), 'utf8'));
    expect(content.pid).toBe(process.pid);

    await lock.release();
    await expect(readFile(path.join(stateDir, LOCK_FILE_NAME))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses a second claim while the first holder runs, naming its pid and services', async () => {
    const first = await acquireTwinLock(stateDir);
    await first.describe({ api: 'http://127.0.0.1:3001', web: 'http://127.0.0.1:5173' });

    const second = acquireTwinLock(stateDir);
    await expect(second).rejects.toBeInstanceOf(TwinAlreadyRunningError);
    await expect(second).rejects.toThrow(
      new RegExp(`pid ${process.pid} \\(api http://127.0.0.1:3001, web http://127.0.0.1:5173\\)`),
    );
    await first.release();
    await (await acquireTwinLock(stateDir)).release();
  });

  it('takes over a lock left by a process that is gone', async () => {
    const pid = await deadPid();
    await writeFile(
      path.join(stateDir, LOCK_FILE_NAME),
      JSON.stringify({ pid, processStart: null, token: 'old', startedAt: new Date().toISOString() }),
    );

    const lock = await acquireTwinLock(stateDir);
    expect(JSON.parse(await readFile(lock.file, 'utf8')).pid).toBe(process.pid);
    await lock.release();
  });

  it.runIf(processStartTime(process.pid) !== null)(
    'takes over a lock whose pid now belongs to another process (a recycled pid)',
    async () => {
      await writeFile(
        path.join(stateDir, LOCK_FILE_NAME),
        JSON.stringify({ pid: process.pid, processStart: '1', token: 'old', startedAt: new Date().toISOString() }),
      );
      const lock = await acquireTwinLock(stateDir);

      // The lock is now this process's, with its real start time, not the stale holder's.
      const content = JSON.parse(await readFile(lock.file, 'utf8'));
      expect(content).toMatchObject({ pid: process.pid, processStart: processStartTime(process.pid) });
      expect(content.token).not.toBe('old');
      await lock.release();
      await expect(readFile(lock.file)).rejects.toMatchObject({ code: 'ENOENT' });
    },
  );

  it('takes over a lock file that is not a lock (debris)', async () => {
    await writeFile(path.join(stateDir, LOCK_FILE_NAME), '{"pid": 12');
    const lock = await acquireTwinLock(stateDir);

    // The debris is replaced by a whole lock naming this process, which a second claim then respects.
    const content = JSON.parse(await readFile(lock.file, 'utf8'));
    expect(content).toMatchObject({ pid: process.pid, token: expect.any(String), startedAt: expect.any(String) });
    await expect(acquireTwinLock(stateDir)).rejects.toThrow(new RegExp(`pid ${process.pid} \\(still starting\\)`));
    await lock.release();
    await expect(readFile(lock.file)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('does not remove a lock another twin has taken over since', async () => {
    const lock = await acquireTwinLock(stateDir);
    const pid = await deadPid();
    const other = JSON.stringify({ pid, processStart: null, token: 'other', startedAt: new Date().toISOString() });
    await writeFile(lock.file, other);

    await lock.release();
    expect(await readFile(lock.file, 'utf8')).toBe(other);
  });
});
