import type { ReportData, ReportSettings } from '@shared/schemas/reports';
import { AppError } from '../lib/errors';
import type { MetaSession } from '../lib/meta-session/session';
import { reportFileName } from '../lib/reports/report-email';
import { buildReportData, reportPeriodOf, type ReportSources } from '../lib/reports/report-data';
import { loadReportImages, type FetchImageOptions } from '../lib/reports/report-images';
import { renderReportPdf } from '../lib/reports/report-pdf';
import {
  listReportSends,
  readReportSettings,
  writeReportSettings,
  type ReportsTable,
} from '../lib/reports/report-store';

/** The reports screen's routes: settings, a period's preview (the figures) and PDF, the sends so far. */
export interface ReportsDeps {
  store: ReportsTable;
  sources: (workspaceId: string) => ReportSources;
  now: () => Date;
  /** How thumbnails are fetched (tests give their own fetch). */
  images?: FetchImageOptions;
}

export async function getSettings(workspaceId: string, deps: Pick<ReportsDeps, 'store'>) {
  return { settings: await readReportSettings(deps.store, workspaceId) };
}

export async function saveSettings(
  workspaceId: string,
  settings: ReportSettings,
  deps: Pick<ReportsDeps, 'store' | 'now'>,
) {
  return { settings: await writeReportSettings(deps.store, workspaceId, settings, deps.now()) };
}

/** The last whole week or month before today (the account's), from the workspace's account as the dashboard reads it. */
export async function previewReport(
  session: MetaSession,
  cadence: 'weekly' | 'monthly',
  deps: ReportsDeps,
): Promise<ReportData> {
  const settings = await readReportSettings(deps.store, session.user.sub);
  if (!settings) {
    throw new AppError('CONFLICT', 'Choose the ad account and the sender name in the report settings first.');
  }
  const period = await reportPeriodOf(session, settings.adAccountId, cadence, deps.now());
  return buildReportData(session, settings, period, deps.sources(session.user.sub));
}

/** The PDF the email attaches: the preview's data with the logo and the ads' thumbnails drawn. */
export async function reportPdf(session: MetaSession, cadence: 'weekly' | 'monthly', deps: ReportsDeps) {
  const data = await previewReport(session, cadence, deps);
  const logo = deps.sources(session.user.sub).logo;
  const pdf = await renderReportPdf(data, await loadReportImages(data, logo ?? (async () => null), deps.images));
  return { fileName: reportFileName(data), contentBase64: pdf.toString('base64') };
}

export async function listSends(workspaceId: string, deps: Pick<ReportsDeps, 'store'>) {
  return { data: await listReportSends(deps.store, workspaceId) };
}
