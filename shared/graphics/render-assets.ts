import { type FontId, fontFilePath, fontIds, fontWeights, fonts } from './font-catalogue';

/**
 * Every file the renderer reads at run time on the server, listed once: the resvg .wasm and each bundled font at
 * each weight, by the npm package path it comes from and the flat name it gets beside a bundled handler. CDK's
 * bundling of the export function copies them into `graphics-assets/` next to `index.mjs`, the twin's bundler does
 * the same, and the Node renderer reads them from there.
 */
export const GRAPHICS_ASSETS_DIR = 'graphics-assets';

export interface GraphicsAssetFile {
  /** Resolvable with require.resolve from the repository, e.g. `@fontsource/inter/files/inter-latin-400-normal.woff`. */
  packagePath: string;
  /** The file's name inside `graphics-assets/`. */
  name: string;
}

export const RESVG_WASM_FILE = 'resvg.wasm';

export function fontAssetName(id: FontId, weight: number): string {
  return `${id}-${weight}.woff`;
}

export function graphicsAssetFiles(): GraphicsAssetFile[] {
  const fontFiles = fontIds.flatMap((id) =>
    fontWeights.map((weight) => ({
      packagePath: `${fonts[id].package}/${fontFilePath(id, weight)}`,
      name: fontAssetName(id, weight),
    })),
  );
  return [{ packagePath: '@resvg/resvg-wasm/index_bg.wasm', name: RESVG_WASM_FILE }, ...fontFiles];
}
