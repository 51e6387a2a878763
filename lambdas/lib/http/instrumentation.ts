import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { logger, metrics, tracer } from '../observability';

/**
 * The Powertools instrumentation every function shares, whatever triggers it (HTTP, queue, schedule, Cognito):
 * a tracer segment per invocation, metrics flushed at its end, and log lines carrying the Lambda context and a
 * correlation id. Set up here once so the four wrappers cannot drift apart.
 */
export function instrumented<Event, Result>(correlationIdOf: (event: Event) => string | undefined) {
  return middy<Event, Result>()
    .use(captureLambdaHandler(tracer))
    .use(logMetrics(metrics))
    .use({
      before: (request) => startLogging(request.context, correlationIdOf(request.event)),
      // Keys appended for one invocation (user, route, record) never leak into the next.
      after: () => logger.resetKeys(),
      onError: () => logger.resetKeys(),
    });
}

function startLogging(context: Context, correlationId: string | undefined): void {
  logger.addContext(context);
  if (correlationId) logger.setCorrelationId(correlationId);
}

/** One metric per HTTP request, by outcome (streamed or not): what dashboards and alarms are built on. */
export function countRequestOutcome(statusCode: number | undefined): void {
  const status = statusCode ?? 500;
  const name = status >= 500 ? 'ServerErrors' : status >= 400 ? 'ClientErrors' : 'SuccessfulRequests';
  metrics.addMetric(name, MetricUnit.Count, 1);
}
