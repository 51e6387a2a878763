import * as z from 'zod';
import { NEED_ENV } from '@shared/need-env';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { sesClient } from '../lib/aws/sesv2';
import { lazyEnv } from '../lib/env';
import { scheduleFunction } from '../lib/http/schedule-function';
import { metaRuntime } from '../lib/meta-connection/meta-deps';
import { openSession } from '../lib/meta-session/session';
import { logger } from '../lib/observability';
import { sendReportEmail } from '../lib/reports/report-email';
import { reportSources } from '../lib/reports/report-sources';
import { tableName } from '../lib/table-name';
import { sendDueReports } from './send-due-reports';

// Absent when the stage has no domain to send from: then nothing is claimed or sent.
const config = lazyEnv(z.object({ [NEED_ENV.emailFrom]: z.email().optional() }));

/**
 * No cache table: each tick reads Meta afresh (a report is read once a period), remembering reads within the tick
 * (the account's time zone, read before the claim, is read again to build the report).
 */
function tickCache() {
  const reads = new Map<string, Promise<unknown>>();
  return {
    remember: <T>(user: string, key: string, compute: () => Promise<T>): Promise<T> => {
      const id = `${user}\u0000${key}`;
      if (!reads.has(id))
        reads.set(
          id,
          compute().catch((error: unknown) => (reads.delete(id), Promise.reject(error))),
        );
      return reads.get(id) as Promise<T>;
    },
    forget: async () => reads.clear(),
  };
}

export const handler = scheduleFunction(async ({ now, context }) => {
  const log = (message: string, facts: Record<string, unknown>) => logger.warn(message, facts);
  const from = config()[NEED_ENV.emailFrom];
  if (!from) {
    logger.info('reports tick: this stage has no sender address, nothing sent');
    return { sent: 0, alreadySent: 0, failed: 0 };
  }
  const cache = tickCache();
  const result = await sendDueReports({
    store: { doc: dynamoDocumentClient(), table: tableName('reports') },
    // The workspace's connection, as its scheduled work opens it (the signals monitor, the rules evaluator).
    openSession: (workspaceId) =>
      openSession(
        { sub: workspaceId, username: workspaceId },
        { ...metaRuntime(), cache, remainingMs: () => context.getRemainingTimeInMillis() },
      ),
    sources: (workspaceId) => reportSources(workspaceId, log),
    send: (recipients, data, pdf, images) => sendReportEmail(sesClient, from, recipients, data, pdf, images.logoPng),
    now,
    log,
  });
  logger.info('reports tick', { ...result });
  return result;
});
