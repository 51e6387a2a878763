import * as z from 'zod';
import { MmmReportSchema } from './mmm';

/** Contracts of marketing-mix share links: a signed, expiring, revocable read-only view of one report. */

/** The expiries an owner picks from, in days. */
export const SHARE_EXPIRY_DAYS = [1, 7, 30, 90] as const;
/** The most live links one model may have (each is a way into the report; a list an owner can review). */
export const MAX_SHARES_PER_MODEL = 10;

const id = z.string().regex(/^[0-9a-f-]{36}$/, 'Not a valid id.');

export const CreateShareBodySchema = z.object({
  expiresInDays: z
    .number({ error: 'Choose when the link expires.' })
    .int()
    .refine((days) => (SHARE_EXPIRY_DAYS as readonly number[]).includes(days), {
      message: `Links expire after ${SHARE_EXPIRY_DAYS.join(', ')} days.`,
    }),
});
export type CreateShareBody = z.input<typeof CreateShareBodySchema>;

export const ShareLinkSchema = z.object({
  id,
  modelId: id,
  createdAt: z.string(),
  expiresAt: z.string(),
  /** The signed token; the page is `/marketing-mix/shared/<token>`. */
  token: z.string(),
});
export type ShareLink = z.output<typeof ShareLinkSchema>;

export const ShareListSchema = z.object({ items: z.array(ShareLinkSchema) });
export const ShareParamsSchema = z.object({ id });
export const SharedTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

/** What a share link shows: the model's name, when it was fitted, the report. Nothing else of the owner. */
export const SharedReportSchema = z.object({
  name: z.string(),
  fittedAt: z.string(),
  expiresAt: z.string(),
  report: MmmReportSchema,
});
export type SharedReport = z.output<typeof SharedReportSchema>;

export const ShareRevokedSchema = z.object({ revoked: z.literal(true) });
