import * as z from 'zod';

/**
 * Reports that send themselves (issue 28, requirement 4): a workspace's report settings, the report's
 * figures as the PDF and the email show them, and the record of each send.
 */

export const REPORT_CADENCES = ['weekly', 'monthly', 'off'] as const;
export const ReportCadenceSchema = z.enum(REPORT_CADENCES);
export type ReportCadence = z.infer<typeof ReportCadenceSchema>;

/** SES SendEmail takes at most 50 recipients a message (SES quotas: "Recipients per message"). */
export const MAX_REPORT_RECIPIENTS = 50;

export const ReportSettingsSchema = z.object({
  cadence: ReportCadenceSchema,
  /** The ad account the report covers, e.g. act_123. */
  adAccountId: z.string().regex(/^act_\d{1,20}$/, 'Ad account ids look like act_123'),
  recipients: z
    .array(z.email('Each recipient must be an email address'))
    .max(MAX_REPORT_RECIPIENTS, `At most ${MAX_REPORT_RECIPIENTS} recipients`),
  /** The name the email comes from and the report is signed with: the agency's. */
  senderName: z
    .string()
    .trim()
    .min(1, 'Sender name is required')
    .max(64, 'Sender name is at most 64 characters')
    .regex(/^[^<>"\r\n]+$/, 'Sender name cannot contain <, >, quotes or line breaks'),
  /** Targets the key figures are compared with; absent = no target. Money in major units of the account. */
  targetCostPerResult: z.number().positive().max(1e9).optional(),
  targetRoas: z.number().positive().max(1e4).optional(),
});
export type ReportSettings = z.infer<typeof ReportSettingsSchema>;

export const ReportPeriodSchema = z.object({
  cadence: z.enum(['weekly', 'monthly']),
  since: z.string(),
  until: z.string(),
  /** The period's key, e.g. 2026-W47 or 2026-11: one send per (workspace, key). */
  key: z.string(),
});
export type ReportPeriod = z.infer<typeof ReportPeriodSchema>;

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

export const ReportSendStatusSchema = z.enum(['sending', 'sent', 'failed']);

export const ReportSendSchema = z.object({
  periodKey: z.string(),
  since: z.string(),
  until: z.string(),
  status: ReportSendStatusSchema,
  recipients: z.number().int(),
  at: z.string(),
  /** Why a send failed, in plain words. */
  error: z.string().optional(),
});
export type ReportSend = z.infer<typeof ReportSendSchema>;

/** The settings as stored: what the owner chose, and when. */
export const StoredReportSettingsSchema = ReportSettingsSchema.extend({ updatedAt: z.string() });

export const ReportSettingsReplySchema = z.object({ settings: StoredReportSettingsSchema.nullable() });

/** Which period a preview or download covers: the last whole week or month before today (the ad account's). */
export const ReportPeriodQuerySchema = z.object({ cadence: z.enum(['weekly', 'monthly']) });

/** The PDF as JSON (the HTTP API's Lambda replies are JSON here): its file name and bytes in base64. */
export const ReportPdfSchema = z.object({ fileName: z.string(), contentBase64: z.string() });

export const ReportSendListSchema = z.object({ data: z.array(ReportSendSchema) });
