import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import type { EventDetail } from '@shared/events';
import { keyNames, tableKey } from '@shared/table-keys';
import type { GraphClient } from '../lib/meta/graph-client';
import { expiresAt, pixelScope, type DeliveriesTable } from '../lib/signals/delivery-records';
import { readQualitySnapshots, saveQualitySnapshot } from '../lib/signals/quality-snapshots';
import { readPixelSignals } from '../lib/signals/read-pixel-signals';
import {
  BASELINE_DAYS,
  detectSignalAlerts,
  snapshotOf,
  utcDay,
  type DaySnapshot,
  type SignalAlert,
} from '../lib/signals/signal-alerts';

/**
 * The signals monitor's check of one watched ad account: each of its pixels, read as the signals screen reads it;
 * today's quality snapshot kept (quality-snapshots.ts); each alert claimed once (`alert#<day>#<kind>#<event>`, a
 * conditional put) before it goes on the bus, so a run an hour later finds it claimed and stays quiet. A claim whose alert could not be put on the bus is given back,
 * so the next run tries again.
 */
export type SignalAlertDetail = EventDetail<'signalAlert'>;

export interface MonitorDeps {
  graph: GraphClient;
  store: DeliveriesTable;
  publish: (detail: SignalAlertDetail) => Promise<void>;
  now: Date;
  /** The site's address, for the link to the signals screen. */
  siteUrl?: string;
  log?: (message: string, facts: Record<string, unknown>) => void;
}

const PixelsSchema = z.object({ data: z.array(z.object({ id: z.string(), name: z.string() })) });
/** As the screen: the account's first pixels (an account rarely has more). */
const MAX_PIXELS = 5;

const alertKey = (alert: SignalAlert) => `alert#${alert.day}#${alert.kind}#${alert.eventName}`;

async function previousSnapshots(store: DeliveriesTable, scope: string, now: Date): Promise<DaySnapshot[]> {
  const from = utcDay(new Date(now.getTime() - BASELINE_DAYS * 86_400_000));
  const yesterday = utcDay(new Date(now.getTime() - 86_400_000));
  return (await readQualitySnapshots(store, scope, from, yesterday)).map((snapshot) => snapshot.events);
}

async function claim(store: DeliveriesTable, scope: string, alert: SignalAlert, now: Date): Promise<boolean> {
  try {
    await store.doc.send(
      new PutCommand({
        TableName: store.table,
        Item: {
          ...tableKey('signalDeliveries', scope, alertKey(alert)),
          raised_at: now.toISOString(),
          expires_at: expiresAt(now),
        },
        ConditionExpression: `attribute_not_exists(${keyNames('signalDeliveries').sort})`,
      }),
    );
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

export async function checkAccountSignals(
  workspaceId: string,
  adAccountId: string,
  deps: MonitorDeps,
): Promise<SignalAlertDetail[]> {
  const raised: SignalAlertDetail[] = [];
  const pixels = await deps.graph.get(
    `act_${adAccountId}/adspixels`,
    { fields: 'id,name', limit: String(MAX_PIXELS) },
    PixelsSchema,
  );
  for (const pixel of pixels.data.slice(0, MAX_PIXELS)) {
    const scope = pixelScope(workspaceId, pixel.id);
    const signals = await readPixelSignals(deps.graph, pixel.id, deps.now);
    const today = snapshotOf(signals.quality);
    const previous = await previousSnapshots(deps.store, scope, deps.now);
    await saveQualitySnapshot(deps.store, scope, utcDay(deps.now), today, deps.now);
    const alerts = detectSignalAlerts({ activity: signals.activity, today, previous, now: deps.now });
    for (const alert of alerts) {
      if (!(await claim(deps.store, scope, alert, deps.now))) continue;
      const detail: SignalAlertDetail = {
        workspaceId,
        adAccountId,
        pixelId: pixel.id,
        pixelName: pixel.name,
        eventName: alert.eventName,
        kind: alert.kind,
        day: alert.day,
        title: alert.title,
        detail: alert.detail,
        ...(deps.siteUrl && { url: new URL('/signals', deps.siteUrl).toString() }),
      };
      try {
        await deps.publish(detail);
        raised.push(detail);
      } catch (error) {
        deps.log?.('A signals alert could not be put on the bus; its claim is given back', {
          pixelId: pixel.id,
          kind: alert.kind,
          error: String(error),
        });
        await deps.store.doc.send(
          new DeleteCommand({
            TableName: deps.store.table,
            Key: tableKey('signalDeliveries', scope, alertKey(alert)),
          }),
        );
      }
    }
  }
  return raised;
}
