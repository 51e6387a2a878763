import type { Logger } from '@aws-lambda-powertools/logger';
import type { GraphCallInfo } from './graph-client';
import { peakUsagePct } from './graph-usage';

/** From this utilisation on, operators should hear about it before Meta starts refusing calls. */
export const HIGH_USAGE_PCT = 80;

/**
 * An `onCall` that logs each Graph call: failures and high usage at warn, the
 * rest at debug. Info holds paths without query, so no token reaches the log.
 */
export function logGraphCalls(logger: Logger): (info: GraphCallInfo) => void {
  return (info) => {
    const usagePct = peakUsagePct(info.usage);
    const graphCall = {
      method: info.method,
      path: info.path,
      status: info.status,
      durationMs: info.durationMs,
      attempt: info.attempt,
      ...(info.errorCode !== undefined ? { errorCode: info.errorCode } : {}),
      ...(info.batchSize !== undefined ? { batchSize: info.batchSize } : {}),
      ...(usagePct !== undefined ? { usagePct } : {}),
    };
    if (info.status === undefined || info.status >= 400) logger.warn('Graph call failed', { graphCall });
    else if (usagePct !== undefined && usagePct >= HIGH_USAGE_PCT) logger.warn('Meta usage is high', { graphCall });
    else logger.debug('Graph call', { graphCall });
  };
}
