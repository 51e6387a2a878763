import { createHash } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build, type BuildOptions } from 'esbuild';
import type { BundledFile } from '../cdk/lib/bundling/bundled-files';
import { LAMBDA_ENTRY_FILE, LAMBDA_PLUGIN_SETTINGS, lambdaEsbuildOptions } from '../cdk/lib/lambda-bundling';

/**
 * The twin's function bundles: each handler bundled with CDK's esbuild settings (so the twin
 * runs what ships), unminified with an inline source map for readable stack traces. Bundling
 * the AWS SDK takes seconds, so bundles are cached beside their manifest (every input file's
 * size and mtime) and rebuilt only when an input changed.
 */
export interface FunctionBundlerOptions {
  /** Cache folder; bundles are `<dir>/<fn>/index.mjs`, with their chunks beside. */
  cacheDir: string;
  tsconfig: string;
  /** Run-time files copied beside the bundle, as CDK's local bundling copies them (bundled-files.ts). */
  files?: readonly BundledFile[];
}

interface Manifest {
  optionsHash: string;
  inputs: Record<string, { size: number; mtimeMs: number }>;
}

function bundleOptions(entry: string, outdir: string, tsconfig: string): BuildOptions {
  return {
    ...lambdaEsbuildOptions,
    entryPoints: [entry],
    outdir,
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

/**
 * False for a module a bundling plugin makes up (`adsmith-builtin:zlib`: esbuild names it by its namespace), which
 * has no file to watch.
 */
export function isFileInput(input: string): boolean {
  return !/^[\w-]+:/.test(input);
}

const bundlingDir = path.join(import.meta.dirname, '..', 'cdk', 'lib');
let bundlingSource: Promise<string> | undefined;

/**
 * The source of the bundling settings and plugins (lambda-bundling.ts, bundling/*.ts), read once: a change to a
 * plugin's rule rebuilds every bundle, as a change to its settings does. (Stand-ins are bundled inputs, watched as such.)
 */
export function bundlingCode(): Promise<string> {
  bundlingSource ??= (async () => {
    const files = [
      path.join(bundlingDir, 'lambda-bundling.ts'),
      ...(await readdir(path.join(bundlingDir, 'bundling')))
        .filter((name) => name.endsWith('.ts'))
        .sort()
        .map((name) => path.join(bundlingDir, 'bundling', name)),
    ];
    const contents = await Promise.all(files.map((file) => readFile(file, 'utf8')));
    return contents.join('\0');
  })();
  return bundlingSource;
}

/** Bundles `entry` for `fn` unless the cached bundle is current; returns the bundle's path. */
export async function functionBundle(fn: string, entry: string, options: FunctionBundlerOptions): Promise<string> {
  const dir = path.join(options.cacheDir, fn);
  const outfile = path.join(dir, LAMBDA_ENTRY_FILE);
  const manifestFile = path.join(dir, 'manifest.json');
  const root = path.dirname(options.tsconfig);
  const optionsHash = createHash('sha256')
    // The plugins' code is not in the options' JSON: what they apply is, and their source.
    .update(JSON.stringify({ ...bundleOptions(entry, dir, options.tsconfig), root, LAMBDA_PLUGIN_SETTINGS }))
    .update(await bundlingCode())
    .digest('hex');
  await mkdir(dir, { recursive: true });
  // Copied unless the copy already has the source's size and time (the video encoder's addon is ~170 MB).
  await copyBundledFiles(dir, options.files ?? []);
  if (await unchanged(manifestFile, optionsHash, root)) return outfile;

  // Built into a folder of its own and renamed into place, the entry last: two twins bundling at once never load
  // half a file. Chunks are named by their content's hash, so a chunk of the same name is the same file.
  const suffix = `.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  const buildDir = path.join(dir, `build${suffix}`);
  const started = Date.now();
  const result = await build(bundleOptions(entry, buildDir, options.tsconfig));
  const inputs: Manifest['inputs'] = {};
  await Promise.all(
    Object.keys(result.metafile?.inputs ?? {})
      .filter(isFileInput)
      .map(async (file) => {
        inputs[file] = manifestEntry(await stat(path.resolve(root, file)), started);
      }),
  );
  const built = await readdir(buildDir);
  for (const file of built.filter((name) => name !== LAMBDA_ENTRY_FILE)) {
    await rename(path.join(buildDir, file), path.join(dir, file));
  }
  await rename(path.join(buildDir, LAMBDA_ENTRY_FILE), outfile);
  await rm(buildDir, { recursive: true, force: true });
  await removeStaleChunks(dir, built);
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

/**
 * Chunks of earlier builds that this one no longer has, removed once they are a minute old: a worker that loaded the
 * previous entry a moment ago may still import one of its lazy chunks.
 */
async function removeStaleChunks(dir: string, current: readonly string[]): Promise<void> {
  const keep = new Set(current);
  const names = await readdir(dir);
  await Promise.all(
    names
      .filter((name) => /^chunk-[A-Z0-9]+\.mjs$/.test(name) && !keep.has(name))
      .map(async (name) => {
        const file = path.join(dir, name);
        const seen = await stat(file).catch(() => null);
        if (seen && Date.now() - seen.mtimeMs > 60_000) await rm(file, { force: true });
      }),
  );
}
