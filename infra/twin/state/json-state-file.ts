import { readFile, rename } from 'node:fs/promises';
import { keptName } from './damaged-state';

/**
 * One JSON state file a twin service keeps (its queues, for example): parsed with `parse`, or null when absent.
 * A file that does not parse is set aside (renamed `….damaged-<time>`, kept) and null returned, with one line
 * saying what starts afresh (`reset`), as the twin does for its other state.
 */
export async function readJsonStateFile<T>(
  file: string,
  parse: (value: unknown) => T,
  reset: string,
  log?: (line: string) => void,
): Promise<T | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    return parse(JSON.parse(text));
  } catch (error) {
    const keptAs = keptName(file, new Date());
    await rename(file, keptAs);
    const problem = (error instanceof Error ? error.message : String(error)).split('\n')[0];
    log?.(`Local state: ${file} was damaged (${problem}); kept it as ${keptAs} and reset ${reset}.`);
    return null;
  }
}
