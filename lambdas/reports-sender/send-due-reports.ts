import type { ReportData, ReportPeriod } from '@shared/schemas/reports';
import type { MetaSession } from '../lib/meta-session/session';
import { buildReportData, reportPeriodOf, type ReportSources } from '../lib/reports/report-data';
import { loadReportImages, type FetchImageOptions } from '../lib/reports/report-images';
import { renderReportPdf, type ReportImages } from '../lib/reports/report-pdf';
import {
  claimReportSend,
  finishReportSend,
  readReportSettings,
  releaseReportSend,
  workspacesWithReports,
  type ReportsTable,
} from '../lib/reports/report-store';

/**
 * The hourly tick's work: for every workspace whose reports are on, the last whole week or month (in the ad account's
 * time zone, read first) is sent once. The send is claimed (a conditional put of `send#<period>`) BEFORE the report is
 * read or sent, so two ticks, or a retried one, never send a period twice. A report that could not be built (Meta
 * down, token revoked) gives its claim back for the next tick; an email SES refused stays `failed` (it may have gone
 * out: never sent twice).
 */
export interface SenderDeps {
  store: ReportsTable;
  openSession: (workspaceId: string) => Promise<MetaSession>;
  sources: (workspaceId: string) => ReportSources;
  send: (
    recipients: readonly string[],
    data: ReportData,
    pdf: Uint8Array,
    images: ReportImages,
  ) => Promise<string | undefined>;
  now: Date;
  /** How thumbnails are fetched (tests give their own fetch). */
  images?: FetchImageOptions;
  log: (message: string, facts: Record<string, unknown>) => void;
}

export interface TickResult {
  sent: number;
  alreadySent: number;
  failed: number;
}

export async function sendDueReports(deps: SenderDeps): Promise<TickResult> {
  const result: TickResult = { sent: 0, alreadySent: 0, failed: 0 };
  for (const cadence of ['weekly', 'monthly'] as const) {
    for await (const workspaceId of workspacesWithReports(deps.store, cadence)) {
      const outcome = await sendOne(workspaceId, cadence, deps);
      result[outcome] += 1;
    }
  }
  return result;
}

async function sendOne(
  workspaceId: string,
  cadence: 'weekly' | 'monthly',
  deps: SenderDeps,
): Promise<keyof TickResult> {
  const settings = await readReportSettings(deps.store, workspaceId);
  // The index may lag the row (it is eventually consistent): the row decides.
  if (!settings || settings.cadence !== cadence || settings.recipients.length === 0) return 'alreadySent';
  let session: MetaSession;
  let period: ReportPeriod;
  try {
    // The account's time zone decides which week or month has ended; nothing is claimed when Meta cannot say.
    session = await deps.openSession(workspaceId);
    period = await reportPeriodOf(session, settings.adAccountId, cadence, deps.now);
  } catch (error) {
    deps.log('report period not read; the next tick tries again', { workspaceId, error: String(error) });
    return 'failed';
  }
  if (!(await claimReportSend(deps.store, workspaceId, period, settings.recipients.length, deps.now))) {
    return 'alreadySent';
  }
  let data: ReportData;
  let pdf: Buffer;
  let images: ReportImages;
  try {
    const sources = deps.sources(workspaceId);
    data = await buildReportData(session, settings, period, sources);
    images = await loadReportImages(data, sources.logo ?? (async () => null), deps.images);
    pdf = await renderReportPdf(data, images);
  } catch (error) {
    deps.log('report not built; the next tick tries again', { workspaceId, period: period.key, error: String(error) });
    await releaseReportSend(deps.store, workspaceId, period.key);
    return 'failed';
  }
  try {
    const messageId = await deps.send(settings.recipients, data, pdf, images);
    await finishReportSend(deps.store, workspaceId, period.key, { status: 'sent', messageId }, deps.now);
    return 'sent';
  } catch (error) {
    deps.log('report email refused', { workspaceId, period: period.key, error: String(error) });
    await finishReportSend(
      deps.store,
      workspaceId,
      period.key,
      { status: 'failed', error: 'The email could not be sent.' },
      deps.now,
    );
    return 'failed';
  }
}
