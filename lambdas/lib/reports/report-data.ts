import { resultTypeLabel } from '@shared/result-type-labels';
import type { PerformanceRow } from '@shared/schemas/meta';
import type { ReportChange, ReportData, ReportPeriod, ReportRow, ReportSettings } from '@shared/schemas/reports';
import { AppError } from '../errors';
import { todayIn } from '../meta-connection/date-range';
import { ownedAdAccount } from '../meta-session/ad-accounts';
import { accountInsights } from '../meta-session/insights-series';
import { performanceTable } from '../meta-session/performance-table';
import type { MetaSession } from '../meta-session/session';
import { reportFigures, reportTrend, topAndBottom } from './report-figures';
import { adThumbnailUrls } from './report-images';
import { reportPeriod } from './report-period';
import { writeReportSummary, type SummaryWriter } from './report-summary';

/**
 * A report's data from the workspace's Meta account, read exactly as the dashboard reads it: the key figures and the
 * trend from `accountInsights` (the dashboard's insights route) for the period, the campaigns and ads from
 * `performanceTable` (its performance table), so the report and the dashboard agree for the same period.
 */
export const REPORT_ROWS = 5;

export interface ReportSources {
  /** The changes applied in the period with their measured outcomes (the optimizer's Applied data). */
  changes: (adAccountId: string, period: ReportPeriod) => Promise<ReportChange[]>;
  /** The brand kit's colours, and whether it has a logo. */
  brand: () => Promise<ReportData['brand']>;
  /** The brand kit's logo as PNG bytes; absent or null: none (an SVG logo is not drawn yet). */
  logo?: () => Promise<Uint8Array | null>;
  /** The summary of the workspace's newest fitted marketing-mix model; absent or null: none. */
  marketingMix?: () => Promise<ReportData['marketingMix']>;
  /** The AI engine's summary writer; absent: the template summary. */
  writer?: SummaryWriter;
  log?: (message: string, facts: Record<string, unknown>) => void;
}

function toRow(row: PerformanceRow): ReportRow {
  return {
    id: row.id,
    name: row.name,
    spend: row.metrics.spend,
    results: row.metrics.results,
    costPerResult: row.metrics.costPerResult,
    roas: row.metrics.roas,
  };
}

/**
 * The last whole week or month before today in the ad account's time zone (Meta's `timezone_name`, the zone its
 * insights' days are in), so a Tokyo account's week ends at its own Sunday midnight.
 */
export async function reportPeriodOf(
  session: MetaSession,
  adAccountId: string,
  cadence: ReportPeriod['cadence'],
  now: Date,
): Promise<ReportPeriod> {
  const account = await ownedAdAccount(session, adAccountId);
  return reportPeriod(cadence, todayIn(account.timezone_name, now));
}

/** The listed ads' thumbnails as Meta names them; a failed read leaves them without (the PDF draws neutral boxes). */
async function thumbnailUrls(session: MetaSession, ads: ReportRow[], log: ReportSources['log']) {
  try {
    return await adThumbnailUrls(
      session,
      ads.map((ad) => ad.id),
    );
  } catch (error) {
    log?.('report: ad thumbnails not read', { error: String(error) });
    return {};
  }
}

export async function buildReportData(
  session: MetaSession,
  settings: Pick<ReportSettings, 'adAccountId' | 'senderName' | 'targetCostPerResult' | 'targetRoas'>,
  period: ReportPeriod,
  sources: ReportSources,
): Promise<ReportData> {
  const range = { since: period.since, until: period.until };
  const account = await ownedAdAccount(session, settings.adAccountId);
  const [series, campaigns, ads, changes, brand, marketingMix] = await Promise.all([
    accountInsights(session, settings.adAccountId, range),
    performanceTable(session, settings.adAccountId, { ...range, level: 'campaign' }),
    performanceTable(session, settings.adAccountId, { ...range, level: 'ad' }),
    sources.changes(settings.adAccountId, period),
    sources.brand(),
    // A model that cannot be read leaves the section saying there is none, not a failed report.
    (sources.marketingMix?.() ?? Promise.resolve(null)).catch((error: unknown) => {
      sources.log?.('report: marketing mix not read', { error: String(error) });
      return null;
    }),
  ]);
  // Seven or thirty-one days are read directly (report runs start at 93): a pending run is Meta refusing for now.
  if ('pending' in series) throw new AppError('UPSTREAM_ERROR', 'Meta is still preparing these figures. Try again.');
  const topCampaigns = topAndBottom(campaigns.rows.map(toRow), REPORT_ROWS);
  const topAds = topAndBottom(ads.rows.map(toRow), REPORT_ROWS);
  const thumbnails = await thumbnailUrls(session, [...topAds.top, ...topAds.bottom], sources.log);
  const withThumbnail = (row: ReportRow): ReportRow => ({ ...row, thumbnailUrl: thumbnails[row.id] ?? null });
  const data: Omit<ReportData, 'summary'> = {
    workspaceName: account.name,
    senderName: settings.senderName,
    accountName: account.name,
    currency: series.currency,
    period,
    timeZone: account.timezone_name,
    previousPeriod: series.previousRange ?? range,
    resultLabel: resultTypeLabel(series.totals.resultType),
    figures: reportFigures(series, settings),
    trend: reportTrend(series),
    topCampaigns: topCampaigns.top,
    bottomCampaigns: topCampaigns.bottom,
    topAds: topAds.top.map(withThumbnail),
    bottomAds: topAds.bottom.map(withThumbnail),
    changes,
    marketingMix,
    brand,
  };
  return { ...data, summary: await writeReportSummary(data, sources.writer, sources.log) };
}
