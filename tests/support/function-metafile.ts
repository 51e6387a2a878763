import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { bundleFiles, entryOutputOf, lambdaEsbuildOptions } from '@infra/cdk/lib/lambda-bundling';
import { REPO_ROOT } from '@infra/cdk/lib/paths';

const built = new Map<string, Promise<Metafile>>();

/** esbuild's metafile of a function's bundle as Lambda builds it (nothing written); built once per function a file. */
export function functionMetafile(fn: string): Promise<Metafile> {
  let metafile = built.get(fn);
  if (!metafile) {
    metafile = build({
      ...lambdaEsbuildOptions,
      entryPoints: [path.join(REPO_ROOT, 'lambdas', fn, 'handler.ts')],
      absWorkingDir: REPO_ROOT,
      write: false,
      metafile: true,
      logLevel: 'silent',
      outdir: 'out',
    }).then((result) => result.metafile);
    built.set(fn, metafile);
  }
  return metafile;
}

/** The files of the repo (not node_modules) a function's bundle is made of (`init`: those its init loads). */
export async function bundledSources(fn: string, only: 'all' | 'init' = 'all'): Promise<string[]> {
  const metafile = await functionMetafile(fn);
  const inputs =
    only === 'all'
      ? Object.keys(metafile.inputs)
      : bundleFiles(metafile, entryOutputOf(metafile)).init.flatMap((output) =>
          Object.keys(metafile.outputs[output]!.inputs),
        );
  return inputs.filter((file) => !file.includes('node_modules'));
}
