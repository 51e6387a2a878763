import type { ReportData } from '@shared/schemas/reports';
import type { MetaSession } from '../lib/meta-session/session';
import { buildReportData, type ReportSources } from '../lib/reports/report-data';
import { reportPeriod } from '../lib/reports/report-period';
import { renderReportPdf } from '../lib/reports/report-pdf';
import {
  claimReportSend,
  finishReportSend,
  readReportSettings,
  releaseReportSend,
  workspacesWithReports,
  type ReportsTable,
} from '../lib/reports/report-store';

/**
 * The hourly tick's work: for every workspace whose reports are on, the last whole week or month (UTC) is sent once.
 * The send is claimed (a conditional put of `send#<period>`) BEFORE anything is read or sent, so two ticks, or a
 * retried one, never send a period twice. A report that could not be built (Meta down, token revoked) gives its claim
 * back for the next tick; an email SES refused stays `failed` (it may have gone out: never sent twice).
 */
export interface SenderDeps {
  store: ReportsTable;
  openSession: (workspaceId: string) => Promise<MetaSession>;
  sources: (workspaceId: string) => ReportSources;
  send: (recipients: readonly string[], data: ReportData, pdf: Uint8Array) => Promise<string | undefined>;
  now: Date;
  log: (message: string, facts: Record<string, unknown>) => void;
}

export interface TickResult {
  sent: number;
  alreadySent: number;
  failed: number;
}

export async function sendDueReports(deps: SenderDeps): Promise<TickResult> {
  const result: TickResult = { sent: 0, alreadySent: 0, failed: 0 };
  const today = deps.now.toISOString().slice(0, 10);
  for (const cadence of ['weekly', 'monthly'] as const) {
    for await (const workspaceId of workspacesWithReports(deps.store, cadence)) {
      const outcome = await sendOne(workspaceId, cadence, today, deps);
      result[outcome] += 1;
    }
  }
  return result;
}

async function sendOne(
  workspaceId: string,
  cadence: 'weekly' | 'monthly',
  today: string,
  deps: SenderDeps,
): Promise<keyof TickResult> {
  const settings = await readReportSettings(deps.store, workspaceId);
  // The index may lag the row (it is eventually consistent): the row decides.
  if (!settings || settings.cadence !== cadence || settings.recipients.length === 0) return 'alreadySent';
  const period = reportPeriod(cadence, today);
  if (!(await claimReportSend(deps.store, workspaceId, period, settings.recipients.length, deps.now))) {
    return 'alreadySent';
  }
  let data: ReportData;
  let pdf: Buffer;
  try {
    const session = await deps.openSession(workspaceId);
    data = await buildReportData(session, settings, period, deps.sources(workspaceId));
    pdf = await renderReportPdf(data);
  } catch (error) {
    deps.log('report not built; the next tick tries again', { workspaceId, period: period.key, error: String(error) });
    await releaseReportSend(deps.store, workspaceId, period.key);
    return 'failed';
  }
  try {
    const messageId = await deps.send(settings.recipients, data, pdf);
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
