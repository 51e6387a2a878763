import { Resvg } from '@resvg/resvg-wasm';

/**
 * SVG → pixels with resvg (WASM: the same engine in the browser and in Lambda). The caller initialises the WASM
 * module once (`initWasm`) with however its platform loads the .wasm file.
 */
export interface Raster {
  width: number;
  height: number;
  png: Uint8Array;
  /** RGBA, row-major (for JPEG encoding and pixel tests). */
  pixels: Uint8Array;
}

export function rasterise(svg: string, options: { wantPixels?: boolean } = {}): Raster {
  const resvg = new Resvg(svg, { fitTo: { mode: 'original' }, background: 'rgba(255,255,255,0)' });
  const image = resvg.render();
  try {
    return {
      width: image.width,
      height: image.height,
      png: image.asPng(),
      pixels: options.wantPixels ? new Uint8Array(image.pixels) : new Uint8Array(0),
    };
  } finally {
    image.free();
    resvg.free();
  }
}
