/**
 * The worker thread behind bundleLambdaSync (bundle-lambda-sync.ts): bundles one Lambda function as it ships
 * (shippedBuildOptions, plugins included), asynchronously, while the caller waits synchronously.
 */
import { build } from 'esbuild';
import { runAsWorker } from 'synckit';
import { shippedBuildOptions } from '../lambda-bundling';

runAsWorker(async (entry: string, outdir: string) => {
  await build({ ...shippedBuildOptions(entry, outdir), logLevel: 'error' });
});
