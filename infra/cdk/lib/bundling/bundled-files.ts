import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { BundledFileSet } from '@shared/functions';
import { GRAPHICS_ASSETS_DIR, graphicsAssetFiles, RESVG_WASM_FILE } from '@shared/graphics/render-assets';
import { REPO_ROOT } from '../paths';

/**
 * The run-time files a handler reads from beside its bundle, by set (shared/functions.ts `bundledFiles`): where each
 * comes from on this machine and where it goes relative to the bundle's folder. CDK's local bundling and the
 * twin's bundler both copy exactly this list, so the twin loads the files the way Lambda does.
 */
export interface BundledFile {
  /** Absolute path of the file in the installed packages. */
  source: string;
  /** Path relative to the bundle's folder, e.g. `graphics-assets/resvg.wasm`. */
  target: string;
}

const requireFromRoot = createRequire(path.join(REPO_ROOT, 'package.json'));
const bundlingDir = path.join(REPO_ROOT, 'infra/cdk/lib/bundling');
/** Where pdfkit's standard font modules go in a bundle's folder (named in pdfkit-fonts-package.json). */
const PDF_FONTS_DIR = 'pdfkit-standard-fonts';

/**
 * FFmpeg for Lambda's x86_64 (node-av's prebuilt addon, FFmpeg linked in, ~170 MB). node-av's own code is bundled by
 * esbuild; at run time it loads `@seydx/node-av-linux-x64/node-av.node` with a require from the bundle's folder,
 * which finds it in node_modules/ beside index.mjs. npm installs only the addon of the machine that runs `npm ci`:
 * synth elsewhere (macOS, linux-arm64) first runs `npm install --no-save --force @seydx/node-av-linux-x64@<version>`.
 */
export const VIDEO_ADDON_PACKAGE = '@seydx/node-av-linux-x64';

function videoAddon(): BundledFile[] {
  let addon: string;
  try {
    addon = requireFromRoot.resolve(`${VIDEO_ADDON_PACKAGE}/node-av.node`);
  } catch {
    throw new Error(
      `The video function ships FFmpeg's linux-x64 addon, which is not installed here: run ` +
        `npm install --no-save --force ${VIDEO_ADDON_PACKAGE}@$(node -p "require('node-av/package.json').version")`,
    );
  }
  return ['node-av.node', 'package.json'].map((name) => ({
    source: path.join(path.dirname(addon), name),
    target: `node_modules/${VIDEO_ADDON_PACKAGE}/${name}`,
  }));
}

const graphicsRendererFiles = (): BundledFile[] =>
  graphicsAssetFiles().map((file) => ({
    source: requireFromRoot.resolve(file.packagePath),
    target: `${GRAPHICS_ASSETS_DIR}/${file.name}`,
  }));

const sets: Record<BundledFileSet, () => BundledFile[]> = {
  graphicsRenderer: graphicsRendererFiles,
  // The video is drawn with the same renderer, then encoded by FFmpeg.
  videoRenderer: () => [...graphicsRendererFiles(), ...videoAddon()],
  // pdfkit loads its standard fonts (Helvetica) at run time with createRequire('#standard-fonts/<name>'), which no
  // bundler follows: its font modules go beside the bundle, and a package.json maps the specifier to them. An SVG
  // logo is drawn with resvg, whose .wasm goes where the graphics renderer's does.
  reportRenderer: () => {
    const fontsDir = path.dirname(requireFromRoot.resolve('pdfkit/standard-fonts/Helvetica'));
    const cjs = (dir: string) => readdirSync(path.join(fontsDir, dir)).filter((name) => name.endsWith('.cjs'));
    return [
      ...graphicsRendererFiles().filter((file) => file.target === `${GRAPHICS_ASSETS_DIR}/${RESVG_WASM_FILE}`),
      { source: path.join(bundlingDir, 'pdfkit-fonts-package.json'), target: 'package.json' },
      ...cjs('.').map((name) => ({ source: path.join(fontsDir, name), target: `${PDF_FONTS_DIR}/${name}` })),
      ...cjs('chunks').map((name) => ({
        source: path.join(fontsDir, 'chunks', name),
        target: `${PDF_FONTS_DIR}/chunks/${name}`,
      })),
    ];
  },
};

export function bundledFiles(set: BundledFileSet | undefined): BundledFile[] {
  return set ? sets[set]() : [];
}

/** Copies the files into a bundle's folder (CDK's local bundling, after esbuild), creating their folders. */
export function copyBundledFilesInto(files: readonly BundledFile[], outputDir: string): void {
  for (const file of files) {
    const target = path.join(outputDir, file.target);
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(file.source, target);
  }
}
