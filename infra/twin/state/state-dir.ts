import { mkdir } from 'node:fs/promises';
import { describeSetAside, setAsideDamagedState } from './damaged-state';
import { acquireTwinLock, type TwinLock } from './twin-lock';

/**
 * Claims the state folder for this twin, then checks what an earlier one left there.
 * The claim comes first: a second twin must refuse before it reads or moves anything.
 * `report` gets one line per damaged file set aside.
 */
export async function openStateDir(stateDir: string, report: (line: string) => void): Promise<TwinLock> {
  await mkdir(stateDir, { recursive: true });
  const lock = await acquireTwinLock(stateDir);
  try {
    for (const entry of await setAsideDamagedState(stateDir)) report(describeSetAside(entry));
  } catch (error) {
    await lock.release();
    throw error;
  }
  return lock;
}
