import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics } from '@aws-lambda-powertools/metrics';
import { Tracer } from '@aws-lambda-powertools/tracer';
import { METRICS_NAMESPACE } from '@shared/physical-names';
import { sourceMappedErrors } from './stack-source-maps';

/**
 * Logger, metrics and tracer, created once per container. The service name and
 * namespace come from POWERTOOLS_SERVICE_NAME / POWERTOOLS_METRICS_NAMESPACE,
 * which the function construct sets per function. A logged error's stack names our sources (stack-source-maps.ts).
 */
export const logger = new Logger({ jsonReplacerFn: sourceMappedErrors });
export const metrics = new Metrics({ namespace: process.env.POWERTOOLS_METRICS_NAMESPACE ?? METRICS_NAMESPACE });
export const tracer = new Tracer();
