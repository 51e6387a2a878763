import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { initWasm } from '@resvg/resvg-wasm';
import { GRAPHICS_ASSETS_DIR, RESVG_WASM_FILE } from '@shared/graphics/render-assets';

/**
 * resvg's WASM module, initialised once per process (resvg refuses a second initWasm): the graphics renderer and the
 * reports' SVG logo share it. A bundled handler reads the .wasm from `graphics-assets/` beside its `index.mjs`
 * (bundling copies it there: infra/cdk/lib/bundling/bundled-files.ts); run from source, from the npm package.
 */
const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const runFromSource = import.meta.url.endsWith('.ts');

let ready: Promise<void> | null = null;

export function ensureResvg(): Promise<void> {
  ready ??= readFile(
    runFromSource
      ? require.resolve('@resvg/resvg-wasm/index_bg.wasm')
      : path.join(here, GRAPHICS_ASSETS_DIR, RESVG_WASM_FILE),
  ).then((bytes) => initWasm(bytes));
  return ready;
}
