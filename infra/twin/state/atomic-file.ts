import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * Writes a file so that a reader, or a twin killed at any instant, sees either the old
 * content or the new one, never a mix: the bytes go to a temporary file beside it,
 * are flushed to disk, and the temporary file is renamed over the target (atomic on POSIX).
 * The temporary name starts with a dot and ends in `.tmp`, so nothing that lists `*.json`
 * (cognito-local lists its pools that way) mistakes a leftover for state.
 */
export async function writeFileAtomic(
  file: string,
  data: string | Uint8Array,
  options: { mode?: number } = {},
): Promise<void> {
  const temporary = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`,
  );
  try {
    const handle = await open(temporary, 'w', options.mode ?? 0o644);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * One file's writes, one at a time and in the order asked: each waits for the previous
 * one, so two quick saves can never interleave and the last one asked for lands last.
 * A failed write is reported to its caller and does not block the ones after it.
 */
export class SerialFileWriter {
  private last: Promise<void> = Promise.resolve();

  constructor(
    readonly file: string,
    private readonly options: { mode?: number } = {},
  ) {}

  write(data: string): Promise<void> {
    const next = this.last.then(() => writeFileAtomic(this.file, data, this.options));
    this.last = next.catch(() => undefined);
    return next;
  }

  /** Resolves once every write asked for so far has finished. */
  settled(): Promise<void> {
    return this.last;
  }
}
