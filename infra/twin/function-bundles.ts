import { createHash } from 'node:crypto';
import { copyFile, mkdir, readFile, rename, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build, type BuildOptions } from 'esbuild';
import type { BundledFile } from '../cdk/lib/bundling/bundled-files';
import { lambdaEsbuildOptions } from '../cdk/lib/lambda-bundling';

/**
 * The twin's function bundles: each handler bundled with CDK's esbuild settings (so the twin
 * runs what ships), unminified with an inline source map for readable stack traces. Bundling
 * the AWS SDK takes seconds, so bundles are cached beside their manifest (every input file's
 * size and mtime) and rebuilt only when an input changed.
 */
export interface FunctionBundlerOptions {
  /** Cache folder; bundles are `<dir>/<fn>/index.mjs`. */
  cacheDir: string;
  tsconfig: string;
  /** Run-time files copied beside the bundle, as CDK's afterBundling hook copies them (bundled-files.ts). */
  files?: readonly BundledFile[];
}

interface Manifest {
  optionsHash: string;
  inputs: Record<string, { size: number; mtimeMs: number }>;
}

function bundleOptions(entry: string, outfile: string, tsconfig: string): BuildOptions {
  return {
    ...lambdaEsbuildOptions,
    entryPoints: [entry],
    outfile,
    minify: false,
    sourcemap: 'inline',
    sourcesContent: false,
    tsconfig,
    metafile: true,
    absWorkingDir: path.dirname(tsconfig),
    logLevel: 'silent',
  };
}

async function unchanged(manifestFile: string, optionsHash: string, root: string): Promise<boolean> {
  try {
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Manifest;
    if (manifest.optionsHash !== optionsHash) return false;
    const checks = await Promise.all(
      Object.entries(manifest.inputs).map(async ([file, seen]) => {
        const now = await stat(path.resolve(root, file));
        return now.size === seen.size && now.mtimeMs === seen.mtimeMs;
      }),
    );
    return checks.every(Boolean);
  } catch {
    // No manifest, a damaged one or a vanished input: rebuild.
    return false;
  }
}

/**
 * What the manifest records of one input: its size and time as seen after the build, except for a file changed
 * since the build started (edited while esbuild ran: the bundle may hold the old text), recorded with no time so the
 * next start rebuilds. Recording its new time marked a stale bundle current.
 */
export function manifestEntry(
  seen: { size: number; mtimeMs: number },
  buildStartedMs: number,
): Manifest['inputs'][string] {
  return { size: seen.size, mtimeMs: seen.mtimeMs >= buildStartedMs ? -1 : seen.mtimeMs };
}

/** Bundles `entry` for `fn` unless the cached bundle is current; returns the bundle's path. */
export async function functionBundle(fn: string, entry: string, options: FunctionBundlerOptions): Promise<string> {
  const dir = path.join(options.cacheDir, fn);
  const outfile = path.join(dir, 'index.mjs');
  const manifestFile = path.join(dir, 'manifest.json');
  const root = path.dirname(options.tsconfig);
  const optionsHash = createHash('sha256')
    .update(JSON.stringify({ ...bundleOptions(entry, outfile, options.tsconfig), root }))
    .digest('hex');
  await mkdir(dir, { recursive: true });
  // Copied unless the copy already has the source's size and time (the video encoder's addon is ~170 MB).
  await copyBundledFiles(dir, options.files ?? []);
  if (await unchanged(manifestFile, optionsHash, root)) return outfile;

  // Written beside and renamed into place: two twins bundling at once never load half a file.
  const suffix = `.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  const started = Date.now();
  const result = await build(bundleOptions(entry, `${outfile}${suffix}`, options.tsconfig));
  const inputs: Manifest['inputs'] = {};
  await Promise.all(
    Object.keys(result.metafile?.inputs ?? {}).map(async (file) => {
      inputs[file] = manifestEntry(await stat(path.resolve(root, file)), started);
    }),
  );
  await rename(`${outfile}${suffix}`, outfile);
  await writeFile(`${manifestFile}${suffix}`, JSON.stringify({ optionsHash, inputs } satisfies Manifest));
  await rename(`${manifestFile}${suffix}`, manifestFile);
  return outfile;
}

/**
 * Each file written beside and renamed into place, so a worker starting meanwhile never reads half a font; the copy
 * takes the source's modification time, so a later start sees it is current.
 */
async function copyBundledFiles(dir: string, files: readonly BundledFile[]): Promise<void> {
  await Promise.all(
    files.map(async (file) => {
      const target = path.join(dir, file.target);
      const source = await stat(file.source);
      const copied = await stat(target).catch(() => null);
      if (copied && copied.size === source.size && Math.trunc(copied.mtimeMs) === Math.trunc(source.mtimeMs)) return;
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      await copyFile(file.source, temporary);
      await utimes(temporary, source.atime, source.mtime);
      await rename(temporary, target);
    }),
  );
}
