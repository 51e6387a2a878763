import { createSyncFn } from 'synckit';

let bundle: ((entry: string, outdir: string) => void) | undefined;

/**
 * Bundles a Lambda's entry into `outdir` as it ships (lambda-bundling.ts shippedBuildOptions), synchronously. CDK's
 * local bundling (`tryBundle`) is synchronous and esbuild's `buildSync` takes no plugins, so esbuild's asynchronous
 * build runs in one worker thread that the caller waits on (synckit), started on the first call and kept for the
 * next ones. Fails with esbuild's message.
 */
export function bundleLambdaSync(entry: string, outdir: string): void {
  bundle ??= createSyncFn(new URL('./bundle-lambda-worker.mjs', import.meta.url));
  bundle(entry, outdir);
}
