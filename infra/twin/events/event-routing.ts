import { EVENT_SOURCE, events, type EventKey, type EventTarget } from '@shared/events';

/** An event as EventBridge hands it to a rule's target (the envelope forwarders receive). */
export interface BusEvent {
  version: '0';
  id: string;
  'detail-type': string;
  source: string;
  account: string;
  time: string;
  region: string;
  resources: string[];
  detail: unknown;
}

export interface RoutingResult {
  /** The events-table entry the event matched; null when no rule matches (AWS drops it silently). */
  eventKey: EventKey | null;
  targets: EventTarget[];
  /** Problems with the detail against the declared schema; the bus still delivers, as EventBridge would. */
  detailProblems: string[];
}

/**
 * The rules CDK makes from the events table, evaluated locally: one rule per
 * entry matching `source` and `detail-type`, targeting its `deliverTo` list.
 */
export function routeEvent(event: Pick<BusEvent, 'source' | 'detail-type' | 'detail'>): RoutingResult {
  if (event.source !== EVENT_SOURCE) return { eventKey: null, targets: [], detailProblems: [] };
  for (const [key, declaration] of Object.entries(events) as [EventKey, (typeof events)[EventKey]][]) {
    if (declaration.detailType !== event['detail-type']) continue;
    const parsed = declaration.detail.safeParse(event.detail);
    const detailProblems = parsed.success
      ? []
      : parsed.error.issues.map((issue) => `${issue.path.join('.') || '(detail)'}: ${issue.message}`);
    return { eventKey: key, targets: [...declaration.deliverTo], detailProblems };
  }
  return { eventKey: null, targets: [], detailProblems: [] };
}

export interface PutEventsEntry {
  Source?: unknown;
  DetailType?: unknown;
  Detail?: unknown;
  EventBusName?: unknown;
  Resources?: unknown;
  Time?: unknown;
}

export type EntryCheck =
  { ok: true; detail: Record<string, unknown> } | { ok: false; errorCode: string; errorMessage: string };

/** Checks one PutEvents entry the way EventBridge does, with its error codes. */
export function checkPutEventsEntry(entry: PutEventsEntry, busNames: readonly string[]): EntryCheck {
  for (const field of ['Source', 'DetailType', 'Detail'] as const) {
    const value = entry[field];
    if (typeof value !== 'string' || value.length === 0) {
      return {
        ok: false,
        errorCode: 'InvalidArgument',
        errorMessage: `Parameter ${field} is not valid. Reason: ${field} is a required argument.`,
      };
    }
  }
  const busName = entry.EventBusName ?? 'default';
  if (
    typeof busName !== 'string' ||
    !busNames.some((name) => busName === name || busName.endsWith(`:event-bus/${name}`))
  ) {
    return { ok: false, errorCode: 'NotFoundException', errorMessage: `Event bus ${String(busName)} does not exist.` };
  }
  let detail: unknown;
  try {
    detail = JSON.parse(entry.Detail as string);
  } catch {
    return { ok: false, errorCode: 'MalformedDetail', errorMessage: 'Detail is malformed.' };
  }
  if (detail === null || typeof detail !== 'object' || Array.isArray(detail)) {
    return { ok: false, errorCode: 'MalformedDetail', errorMessage: 'Detail is malformed.' };
  }
  return { ok: true, detail: detail as Record<string, unknown> };
}
