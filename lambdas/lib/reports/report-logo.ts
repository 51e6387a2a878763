import { Resvg } from '@resvg/resvg-wasm';
import { sanitiseSvg } from '@shared/graphics/svg-sanitise';
import { ensureResvg } from '../graphics-render/resvg-wasm';
import { imageKind } from './report-images';

/**
 * The brand kit's logo as the PNG a report draws (pdfkit draws PNG and JPEG, not SVG; an email's inline image is a
 * PNG too). An SVG logo is sanitised again (it was on upload; the bytes come back from a bucket) so nothing in it
 * loads from outside or runs, bounded in bytes, and drawn with resvg (WASM, the graphics export's engine: no native
 * code in Lambda, no headless browser) to fit REPORT_LOGO_PX. Text in an SVG logo draws only as paths: resvg has
 * no fonts here (a logo's words are usually outlined). Anything unusable is null: the report goes without a logo.
 */
export const REPORT_LOGO_PX = { width: 600, height: 200 } as const;
/** A logo is a few kilobytes; more than this is not a logo worth drawing in every report. */
export const REPORT_SVG_LOGO_MAX_BYTES = 256 * 1024;

export async function reportLogoPng(bytes: Uint8Array, mimeType: string): Promise<Uint8Array | null> {
  if (mimeType === 'image/png') return imageKind(bytes) === 'png' ? bytes : null;
  if (mimeType !== 'image/svg+xml' || bytes.byteLength > REPORT_SVG_LOGO_MAX_BYTES) return null;
  const clean = sanitiseSvg(new TextDecoder('utf-8', { fatal: false }).decode(bytes));
  if (!clean.ok || clean.width <= 0 || clean.height <= 0) return null;
  await ensureResvg();
  const zoom = Math.min(REPORT_LOGO_PX.width / clean.width, REPORT_LOGO_PX.height / clean.height);
  let resvg: InstanceType<typeof Resvg> | undefined;
  try {
    resvg = new Resvg(clean.svg, {
      fitTo: { mode: 'zoom', value: zoom },
      background: 'rgba(255,255,255,0)',
      font: { loadSystemFonts: false },
    });
    const image = resvg.render();
    try {
      return image.asPng();
    } finally {
      image.free();
    }
  } catch {
    // resvg refused what the sanitiser kept (an unusable viewBox, say): no logo rather than no report.
    return null;
  } finally {
    resvg?.free();
  }
}
