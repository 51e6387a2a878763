import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, found from this file so synth works from any working directory. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** A Lambda function's entry: `lambdas/<name>/handler.ts`. */
export function lambdaEntry(name: string): string {
  return join(REPO_ROOT, 'lambdas', name, 'handler.ts');
}

/** The SPA build output, or undefined before `npm run build` has run. */
export function webDistDir(): string | undefined {
  const dir = join(REPO_ROOT, 'web', 'dist');
  return existsSync(join(dir, 'index.html')) ? dir : undefined;
}
