import * as z from 'zod';
import { ReportPeriodSchema, ReportSendSchema, StoredReportSettingsSchema } from './report-rows';

export * from './report-rows';

/**
 * Reports that send themselves (issue 28, requirement 4): a workspace's report settings, the report's
 * figures as the PDF and the email show them, and the record of each send.
 */

/** One key figure: this period, the one before, the target, and the change in percent. */
export const KeyFigureSchema = z.object({
  current: z.number().nullable(),
  previous: z.number().nullable(),
  target: z.number().nullable(),
  /** (current − previous) / previous × 100; null when either is missing or previous is 0. */
  changePercent: z.number().nullable(),
});
export type KeyFigure = z.infer<typeof KeyFigureSchema>;

export const ReportRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  spend: z.number(),
  results: z.number().nullable(),
  costPerResult: z.number().nullable(),
  roas: z.number().nullable(),
  /** Ads only: the creative's thumbnail URL, when Meta has one. */
  thumbnailUrl: z.string().nullable().optional(),
});
export type ReportRow = z.infer<typeof ReportRowSchema>;

export const ReportChangeSchema = z.object({
  title: z.string(),
  appliedAt: z.string(),
  /** The measured outcome in plain words ("Results +12 a week, within the predicted range"). */
  outcome: z.string(),
});
export type ReportChange = z.infer<typeof ReportChangeSchema>;

export const ReportMarketingMixSchema = z.object({
  modelName: z.string(),
  fittedAt: z.string(),
  channels: z.array(z.object({ name: z.string(), contributionShare: z.number(), roas: z.number().nullable() })),
});

export const ReportSummarySchema = z.object({
  text: z.string(),
  /** `ai`: written by the AI engine and checked; `template`: the AI was unavailable or wrote a number not in the data. */
  source: z.enum(['ai', 'template']),
});

export const ReportDataSchema = z.object({
  workspaceName: z.string(),
  senderName: z.string(),
  accountName: z.string(),
  currency: z.string(),
  period: ReportPeriodSchema,
  /** The ad account's time zone (Meta's `timezone_name`): the periods are its calendar days. */
  timeZone: z.string(),
  previousPeriod: z.object({ since: z.string(), until: z.string() }),
  /** What one result is, e.g. "Purchases"; "Results" when the account mixes result types. */
  resultLabel: z.string(),
  figures: z.object({
    spend: KeyFigureSchema,
    results: KeyFigureSchema,
    costPerResult: KeyFigureSchema,
    roas: KeyFigureSchema,
  }),
  trend: z.array(z.object({ date: z.string(), spend: z.number(), results: z.number().nullable() })),
  topCampaigns: z.array(ReportRowSchema),
  bottomCampaigns: z.array(ReportRowSchema),
  topAds: z.array(ReportRowSchema),
  bottomAds: z.array(ReportRowSchema),
  changes: z.array(ReportChangeSchema),
  marketingMix: ReportMarketingMixSchema.nullable(),
  summary: ReportSummarySchema,
  brand: z.object({ colours: z.array(z.string()), hasLogo: z.boolean() }),
});
export type ReportData = z.infer<typeof ReportDataSchema>;

export const ReportSettingsReplySchema = z.object({ settings: StoredReportSettingsSchema.nullable() });

/** Which period a preview or download covers: the last whole week or month before today (the ad account's). */
export const ReportPeriodQuerySchema = z.object({ cadence: z.enum(['weekly', 'monthly']) });

/** The PDF as JSON (the HTTP API's Lambda replies are JSON here): its file name and bytes in base64. */
export const ReportPdfSchema = z.object({ fileName: z.string(), contentBase64: z.string() });

export const ReportSendListSchema = z.object({ data: z.array(ReportSendSchema) });
