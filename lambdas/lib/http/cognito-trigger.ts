import { MetricUnit } from '@aws-lambda-powertools/metrics';
import type { Context } from 'aws-lambda';
import { logger, metrics } from '../observability';
import { instrumented } from './instrumentation';

/** What every Cognito trigger event carries that the wrapper reads. */
interface TriggerEvent {
  triggerSource: string;
  request: { userAttributes?: Record<string, string> };
}

/**
 * A Cognito user pool trigger (shared/functions.ts `trigger`), with the instrumentation every function shares.
 * The user's pool id (`sub`, once Cognito has one) is on every line, like the HTTP functions; never their
 * tokens. An error thrown by the logic is Cognito's answer to the user's call (e.g. a refused sign-up).
 */
export function cognitoTrigger<E extends TriggerEvent>(logic: (event: E, context: Context) => Promise<E>) {
  // No correlation id: a trigger event carries no request id, and its userName may be the user's email.
  return instrumented<E, E>(() => undefined).handler(async (event, context) => {
    const sub = event.request.userAttributes?.sub;
    if (sub) logger.appendKeys({ userId: sub });
    metrics.addMetric('CognitoTriggers', MetricUnit.Count, 1);
    return logic(event, context);
  });
}
