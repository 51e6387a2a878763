import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { EventDetail } from '@shared/events';
import type { ClientOverviewRow } from '@shared/schemas/agency-overview';
import { keyNames, tableKey } from '@shared/table-keys';
import type { TargetsTable } from './targets-store';

export type ClientAlertDetail = EventDetail<'clientAlert'>;
type AlertKind = ClientAlertDetail['kind'];

/** Claims are kept this long, past the day they guard (TTL clears them). */
const CLAIM_DAYS = 3;

function money(n: number | null, currency: string | null): string {
  if (n === null) return 'none';
  return `${n.toLocaleString('en-US', { maximumFractionDigits: 2 })}${currency ? ` ${currency}` : ''}`;
}

/** The alerts a read row raises: off target, and spend over or under the month's pace. */
export function alertsOf(row: ClientOverviewRow, url?: string): ClientAlertDetail[] {
  if (!row.targets || !row.period) return [];
  const base = {
    workspaceId: row.workspaceId,
    workspaceName: row.name.slice(0, 300),
    adAccountId: row.targets.adAccountId,
    day: row.period.until,
    ...(url ? { url } : {}),
  };
  const alerts: ClientAlertDetail[] = [];
  if (row.offTarget) {
    const t = row.targets;
    const detail =
      t.targetCostPerResult !== undefined
        ? `Cost per result this month is ${money(row.costPerResult, row.currency)} against a target of ${money(t.targetCostPerResult, row.currency)}.`
        : `ROAS this month is ${row.roas === null ? 'none' : row.roas.toFixed(2)} against a target of ${(t.targetRoas ?? 0).toFixed(2)}.`;
    alerts.push({ ...base, kind: 'off_target', title: `${base.workspaceName} is off target`, detail });
  }
  if (row.pace && row.pace.state !== 'on_pace') {
    const kind: AlertKind = row.pace.state === 'over' ? 'over_pace' : 'under_pace';
    const words = row.pace.state === 'over' ? 'ahead of' : 'behind';
    alerts.push({
      ...base,
      kind,
      title: `${base.workspaceName} is ${words} its budget pace`,
      detail:
        `Spent ${money(row.spend, row.currency)} by day ${row.pace.day} of ${row.pace.daysInMonth}, against ` +
        `${money(row.pace.expectedSpend, row.currency)} on pace; at this rate the month ends at ` +
        `${money(row.pace.projectedSpend, row.currency)} of a ${money(row.targets.monthlyBudget, row.currency)} budget.`,
    });
  }
  return alerts;
}

export function alertScope(workspaceId: string): string {
  return `alerts#${workspaceId}`;
}

/** Takes the alert's one place for its workspace, kind and day; false when an earlier run took it. */
export async function claimAlert(store: TargetsTable, alert: ClientAlertDetail, now: Date): Promise<boolean> {
  try {
    await store.doc.send(
      new PutCommand({
        TableName: store.table,
        Item: {
          ...tableKey('clientTargets', alertScope(alert.workspaceId), `${alert.day}#${alert.kind}`),
          raised_at: now.toISOString(),
          expires_at: Math.floor(now.getTime() / 1000) + CLAIM_DAYS * 86_400,
        },
        ConditionExpression: `attribute_not_exists(${keyNames('clientTargets').sort})`,
      }),
    );
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** Gives a claim back (the bus refused the alert), so the next run raises it. */
export async function releaseAlert(store: TargetsTable, alert: ClientAlertDetail): Promise<void> {
  await store.doc.send(
    new DeleteCommand({
      TableName: store.table,
      Key: tableKey('clientTargets', alertScope(alert.workspaceId), `${alert.day}#${alert.kind}`),
    }),
  );
}

/** Raises each of the row's alerts once per workspace, kind and day: claimed first, published, given back on failure. */
export async function raiseAlerts(
  row: ClientOverviewRow,
  deps: { store: TargetsTable; publish: (detail: ClientAlertDetail) => Promise<void>; now: Date; url?: string },
): Promise<ClientAlertDetail[]> {
  const raised: ClientAlertDetail[] = [];
  for (const alert of alertsOf(row, deps.url)) {
    if (!(await claimAlert(deps.store, alert, deps.now))) continue;
    try {
      await deps.publish(alert);
    } catch (error) {
      await releaseAlert(deps.store, alert);
      throw error;
    }
    raised.push(alert);
  }
  return raised;
}
