import type { MmmReport } from '@shared/schemas/mmm';
import type { ReportData } from '@shared/schemas/reports';
import { getReport, listModelRows, type ModelRow, type MmmTables } from '../mmm/mmm-store';

/**
 * The report's marketing-mix section: the workspace's newest fitted model, each paid channel's share of the modelled
 * results (the model's own decomposition) and its ROAS (the return on spend's estimate when the model's outcome is
 * revenue; none when it counts conversions, where a return on spend is not a ROAS).
 */
export function marketingMixSummary(row: Pick<ModelRow, 'name' | 'updated_at'>, report: MmmReport) {
  const shares = new Map(report.totals.map((t) => [t.name, t.share]));
  return {
    modelName: row.name,
    fittedAt: row.updated_at,
    channels: report.channels
      .filter((channel) => !channel.organic)
      .map((channel) => ({
        name: channel.name,
        contributionShare: shares.get(channel.name) ?? 0,
        roas: report.kpiKind === 'revenue' ? (channel.roi?.estimate ?? null) : null,
      })),
  };
}

export async function newestMarketingMix(
  tables: Pick<MmmTables, 'doc' | 'models'>,
  workspaceId: string,
): Promise<ReportData['marketingMix']> {
  const rows = await listModelRows(tables, workspaceId);
  // Newest first; a fit still running or failed is passed over for the newest one that finished.
  const row = rows.find((r) => r.status === 'done');
  if (!row) return null;
  const report = await getReport(tables, workspaceId, row);
  return report ? marketingMixSummary(row, report) : null;
}
