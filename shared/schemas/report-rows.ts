import * as z from 'zod';

/**
 * What the reports table keeps (issue 28, requirement 4): a workspace's report settings and the record of each send.
 * Apart from the report's figures and the reports API (shared/schemas/reports.ts, which re-exports these), so that
 * a function that only reads the settings (approvals takes the sender name from them) builds none of the report's.
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
