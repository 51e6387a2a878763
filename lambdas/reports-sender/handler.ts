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

/** No request, no cache table: each tick reads Meta afresh (a report is read once a period). */
const noCache = {
  remember: <T>(_user: string, _key: string, compute: () => Promise<T>) => compute(),
  forget: async () => undefined,
};

export const handler = scheduleFunction(async ({ now, context }) => {
  const log = (message: string, facts: Record<string, unknown>) => logger.warn(message, facts);
  const from = config()[NEED_ENV.emailFrom];
  if (!from) {
    logger.info('reports tick: this stage has no sender address, nothing sent');
    return { sent: 0, alreadySent: 0, failed: 0 };
  }
  const result = await sendDueReports({
    store: { doc: dynamoDocumentClient(), table: tableName('reports') },
    // The workspace's connection, as its scheduled work opens it (the signals monitor, the rules evaluator).
    openSession: (workspaceId) =>
      openSession(
        { sub: workspaceId, username: workspaceId },
        { ...metaRuntime(), cache: noCache, remainingMs: () => context.getRemainingTimeInMillis() },
      ),
    sources: (workspaceId) => reportSources(workspaceId, log),
    send: (recipients, data, pdf) => sendReportEmail(sesClient(), from, recipients, data, pdf),
    now,
    log,
  });
  logger.info('reports tick', { ...result });
  return result;
});
