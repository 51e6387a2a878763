import * as z from 'zod';

/**
 * What the video function shares with the graphics function: the ids in paths, the upload limits, the presigned
 * URLs' lifetimes and the export allowance. Apart from graphics.ts (which re-exports all of it), so a function that
 * needs only these does not build graphics.ts's other schemas at init.
 */

/** The image types an upload may be, checked again from the bytes on confirm. */
export const uploadMimeTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'] as const;

/** What an upload is for: each purpose has its own types and limits (see uploadLimits). */
export const uploadPurposes = ['logo', 'product', 'background'] as const;
export type UploadPurpose = (typeof uploadPurposes)[number];

/** Per purpose: accepted types, largest file, smallest and largest side in pixels. */
export const uploadLimits: Record<
  UploadPurpose,
  { mimeTypes: readonly (typeof uploadMimeTypes)[number][]; maxBytes: number; minSidePx: number; maxSidePx: number }
> = {
  // A logo is drawn small: PNG or SVG (sanitised), 2 MB (the brand kit's own limits).
  logo: { mimeTypes: ['image/png', 'image/svg+xml'], maxBytes: 2 * 1024 * 1024, minSidePx: 64, maxSidePx: 4096 },
  // Photos fill up to 1080×1920: below 600 px they would be upscaled into blur.
  product: {
    mimeTypes: ['image/png', 'image/jpeg', 'image/webp'],
    maxBytes: 15 * 1024 * 1024,
    minSidePx: 600,
    maxSidePx: 8192,
  },
  background: {
    mimeTypes: ['image/png', 'image/jpeg', 'image/webp'],
    maxBytes: 15 * 1024 * 1024,
    minSidePx: 600,
    maxSidePx: 8192,
  },
};

/** How long a presigned upload or download URL stays valid. */
export const UPLOAD_URL_SECONDS = 300;
export const DOWNLOAD_URL_SECONDS = 900;

export const IdSchema = z.string().regex(/^[0-9a-f-]{36}$/, 'Unknown id.');
export const IdParamsSchema = z.object({ id: IdSchema });

/** The plan's export allowance after this export (the editor shows "N of M exports left this month"). */
export const ExportUsageSchema = z.object({
  used: z.number().int(),
  limit: z.number().int(),
  /** ISO time the monthly window starts again. */
  resetsAt: z.string(),
});
