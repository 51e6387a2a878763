import * as z from 'zod';
import { BrandKitSchema } from '../graphics/brand-kit-schema';
import { DesignSchema } from '../graphics/design-schema';
import { placementSizeIds } from '../graphics/placement-sizes';
import { ExportUsageSchema, IdSchema, uploadMimeTypes, uploadPurposes } from './graphics-basics';

/** Requests and replies of the `graphics` function (/api/graphics/...). */

export {
  DOWNLOAD_URL_SECONDS,
  ExportUsageSchema,
  IdParamsSchema,
  UPLOAD_URL_SECONDS,
  uploadLimits,
  uploadMimeTypes,
  uploadPurposes,
  type UploadPurpose,
} from './graphics-basics';

export const UploadMimeTypeSchema = z.enum(uploadMimeTypes);
export const UploadPurposeSchema = z.enum(uploadPurposes);

export const UploadRequestSchema = z.strictObject({
  purpose: UploadPurposeSchema,
  fileName: z.string().trim().min(1).max(200),
  contentType: UploadMimeTypeSchema,
  size: z.number().int().positive(),
});
export type UploadRequest = z.infer<typeof UploadRequestSchema>;

export const UploadTicketSchema = z.object({
  uploadId: IdSchema,
  /** PUT the file's bytes here with exactly `headers`; valid until `expiresAt`. */
  uploadUrl: z.string().url(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  expiresAt: z.string(),
});

export const assetKinds = ['upload', 'ai', 'export'] as const;

export const AssetSchema = z.object({
  id: IdSchema,
  kind: z.enum(assetKinds),
  purpose: z.string(),
  /** The object key in the assets bucket (`users/{sub}/assets/...`): what a design's image refers to. */
  key: z.string(),
  fileName: z.string(),
  mimeType: UploadMimeTypeSchema,
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  createdAt: z.string(),
  /** A presigned GET, valid for DOWNLOAD_URL_SECONDS. */
  url: z.string().url(),
  altText: z.string().optional(),
  /** What the SVG sanitiser took out (elements, attributes), so the user knows. */
  removed: z.array(z.string()).optional(),
});
export type Asset = z.infer<typeof AssetSchema>;

export const AssetListSchema = z.object({ assets: z.array(AssetSchema) });

export const BrandKitReplySchema = z.object({
  brandKit: BrandKitSchema,
  /** False until the user saved one: the reply then holds the defaults. */
  saved: z.boolean(),
  logoUrl: z.string().url().optional(),
});

export const DesignSummarySchema = z.object({
  id: IdSchema,
  name: z.string(),
  version: z.number().int(),
  templateId: z.string(),
  updatedAt: z.string(),
});

export const DesignListSchema = z.object({ designs: z.array(DesignSummarySchema) });

export const SavedDesignSchema = DesignSummarySchema.extend({ design: DesignSchema });

export const SaveDesignBodySchema = z.strictObject({
  name: z.string().trim().min(1).max(120),
  design: DesignSchema,
  /** The version this edit started from; absent for a new design. A stale one answers 409. */
  expectedVersion: z.number().int().min(1).optional(),
});

export const DeletedSchema = z.object({ deleted: z.literal(true) });

export const aiImageShapes = ['square', 'portrait', 'landscape'] as const;

export const AiImageRequestSchema = z.strictObject({
  /** What to show: the product, the scene, the mood. */
  brief: z.string().trim().min(3).max(1000),
  /** A product scene (subject in a setting) or a background (no subject, room for text). */
  style: z.enum(['background', 'product-scene']),
  shape: z.enum(aiImageShapes),
});

export const PlacementSizeIdSchema = z.enum(placementSizeIds);

/** Alt text Meta and screen readers handle well: one short sentence (the exports' limit). */
export const ALT_TEXT_MAX_CHARS = 125;

export const exportFormats = ['png', 'jpeg'] as const;
export const ExportFormatSchema = z.enum(exportFormats);
export type ExportFormat = z.infer<typeof ExportFormatSchema>;

/**
 * `POST /api/graphics/designs/{id}/exports`: renders the SAVED design (the server never renders what the browser
 * sends, and never trusts the browser's checks) at the chosen sizes in one format. `version` is the saved version
 * the user looked at: a newer save answers 409, so what is exported is what was checked on screen.
 * One request counts as ONE export against the plan's `graphicsExportsPerMonth`, whatever the number of sizes.
 */
export const ExportRequestSchema = z.strictObject({
  version: z.number().int().min(1),
  sizes: z
    .array(PlacementSizeIdSchema)
    .min(1)
    .max(placementSizeIds.length)
    .refine((sizes) => new Set(sizes).size === sizes.length, 'Each size once.'),
  format: ExportFormatSchema,
});
export type ExportRequest = z.infer<typeof ExportRequestSchema>;

/** A check the server ran that does not block the export (warnings and notes), for the editor to show. */
export const ExportCheckSchema = z.object({
  id: z.string(),
  level: z.enum(['error', 'warning', 'info']),
  sizeId: PlacementSizeIdSchema,
  message: z.string(),
});

/** One exported image: an asset of kind `export` (usable in a campaign by its id) with its size and alt text. */
export const ExportedImageSchema = AssetSchema.extend({
  sizeId: PlacementSizeIdSchema,
  altText: z.string().min(1).max(ALT_TEXT_MAX_CHARS),
  /** Who wrote the alt text: the AI model, or the design's own words when the model failed. */
  altTextSource: z.enum(['model', 'design']),
});
export type ExportedImage = z.infer<typeof ExportedImageSchema>;

export const ExportReplySchema = z.object({
  exportId: IdSchema,
  designId: IdSchema,
  version: z.number().int(),
  format: ExportFormatSchema,
  createdAt: z.string(),
  /** When the presigned URLs below stop working (DOWNLOAD_URL_SECONDS from now). */
  urlsExpireAt: z.string(),
  images: z.array(ExportedImageSchema),
  /** Every size in one ZIP, presigned. */
  zip: z.object({ url: z.string().url(), bytes: z.number().int(), fileName: z.string() }),
  checks: z.array(ExportCheckSchema),
  usage: ExportUsageSchema,
});
export type ExportReply = z.infer<typeof ExportReplySchema>;

export const MetaImagesRequestSchema = z.strictObject({
  adAccountId: z.string().regex(/^act_\d+$/, 'Ad account ids look like act_123.'),
  assetIds: z.array(IdSchema).min(1).max(10),
});

export const MetaImagesReplySchema = z.object({
  adAccountId: z.string(),
  images: z.array(
    z.object({
      assetId: IdSchema,
      hash: z.string(),
      name: z.string(),
      width: z.number().int().optional(),
      height: z.number().int().optional(),
    }),
  ),
});

/** `GET /api/graphics/ad-images?adAccountId=`: the images this user sent to that ad account. */
export const AdImagesQuerySchema = z.strictObject({
  adAccountId: z.string().regex(/^act_\d+$/, 'Ad account ids look like act_123.'),
});

/**
 * One image in the user's ad account, sent there by "Use in a campaign": the hash an ad creative names, and a
 * presigned thumbnail of the stored image (valid for DOWNLOAD_URL_SECONDS) for the campaign generator to show.
 */
export const AdImageSchema = z.object({
  hash: z.string(),
  name: z.string(),
  assetId: IdSchema,
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  thumbnailUrl: z.string().url(),
  uploadedAt: z.string(),
});
export type AdImage = z.infer<typeof AdImageSchema>;

export const AdImageListSchema = z.object({ adAccountId: z.string(), images: z.array(AdImageSchema) });

/**
 * One past export as the exports list shows it: what was exported and its ZIP, presigned again (valid for
 * DOWNLOAD_URL_SECONDS). Deleting an export deletes its ZIP and its images (copies already sent to Meta stay there).
 */
export const ExportSummarySchema = z.object({
  exportId: IdSchema,
  designId: IdSchema,
  version: z.number().int(),
  format: ExportFormatSchema,
  sizes: z.array(PlacementSizeIdSchema),
  createdAt: z.string(),
  zip: z.object({ url: z.string().url(), bytes: z.number().int(), fileName: z.string() }),
});
export type ExportSummary = z.infer<typeof ExportSummarySchema>;

export const ExportListSchema = z.object({ exports: z.array(ExportSummarySchema) });
