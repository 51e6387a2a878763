import { ZodError } from 'zod';
import type { CallLog } from './call-log.js';
import type { FaultSwitches } from './faults.js';
import type { PixelEvent } from './pixel-events.js';
import { jsonReply, type Reply } from './reply.js';
import { AdvanceDaysSchema } from './time-travel.js';

/**
 * `/__admin/*`: test and benchmark controls. Not part of Meta's API, never
 * counted as Graph calls, and not authenticated (the sandbox is local-only).
 */

export interface AdminDeps {
  faults: FaultSwitches;
  calls: CallLog;
  /** Clears faults, usage scores and the call log; with `world` also reseeds the data and forgets tokens. */
  reset: (options: { world: boolean }) => void;
  /** Moves the world's history `days` into the past, as if that many days had passed (see time-travel.ts). */
  advanceDays: (days: number) => { daysAdvanced: number };
  /** Every event a pixel received, de-duplicated or not: how tests see what Meta would have counted. */
  pixelEvents: (pixelId: string) => PixelEvent[];
}

const AVATAR = `<svg xmlns="http://www.w3.org/2000/svg" width="50" height="50" viewBox="0 0 50 50"><rect width="50" height="50" fill="#e4e6eb"/><circle cx="25" cy="19" r="9" fill="#bcc0c4"/><path d="M8 46c2-10 9-14 17-14s15 4 17 14z" fill="#bcc0c4"/></svg>`;

function adminError(message: string, status = 400): Reply {
  return jsonReply({ error: { message, type: 'SandboxAdminException', code: 100 } }, status);
}

export function handleAdmin(deps: AdminDeps, method: string, path: string, body: string): Reply {
  if (method === 'GET' && path === '/__admin/health') return jsonReply({ ok: true });
  if (method === 'GET' && path === '/__admin/avatar.svg')
    return { status: 200, headers: { 'Content-Type': 'image/svg+xml' }, html: AVATAR };
  if (method === 'GET' && path === '/__admin/calls') return jsonReply(deps.calls.snapshot());
  if (method === 'GET' && path === '/__admin/faults') return jsonReply({ faults: deps.faults.snapshot() });
  const pixelEvents = /^\/__admin\/pixels\/(\d+)\/events$/.exec(path);
  if (method === 'GET' && pixelEvents) return jsonReply({ data: deps.pixelEvents(pixelEvents[1]!) });
  if (method === 'POST' && path === '/__admin/advance-days') {
    let payload: unknown;
    try {
      payload = JSON.parse(body);
    } catch {
      return adminError('Body must be JSON like {"days":7}');
    }
    const parsed = AdvanceDaysSchema.safeParse(payload);
    if (!parsed.success) {
      return adminError(
        `Invalid advance: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ')}`,
      );
    }
    try {
      return jsonReply({ success: true, ...deps.advanceDays(parsed.data.days) });
    } catch (error) {
      return adminError((error as Error).message);
    }
  }
  if (method === 'POST' && (path === '/__admin/faults' || path === '/__admin/reset')) {
    let payload: unknown = {};
    if (body.trim() !== '') {
      try {
        payload = JSON.parse(body);
      } catch {
        return adminError('Body must be JSON');
      }
    }
    if (path === '/__admin/reset') {
      const world = typeof payload === 'object' && payload !== null && (payload as { world?: unknown }).world === true;
      deps.reset({ world });
      return jsonReply({ success: true, faults: deps.faults.snapshot() });
    }
    try {
      deps.faults.set(payload as Parameters<FaultSwitches['set']>[0]);
    } catch (error) {
      const message =
        error instanceof ZodError
          ? error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ')
          : String(error);
      return adminError(`Invalid faults: ${message}`);
    }
    return jsonReply({ success: true, faults: deps.faults.snapshot() });
  }
  return adminError(`No admin route ${method} ${path}`, 404);
}
