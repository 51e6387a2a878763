import { dynamoDocumentClient } from '../aws/dynamodb';
import type { GraphCallInfo } from '../meta/graph-client';
import { logger } from '../observability';
import { readSecret } from '../secrets';
import { dynamoGraphCache, type GraphCache } from './graph-cache';
import { metaConfig, tableName, type MetaConfig } from './meta-config';

export interface MetaRuntime {
  config: MetaConfig;
  doc: ReturnType<typeof dynamoDocumentClient>;
  cache: GraphCache;
  metaApp: () => Promise<{ appId: string; appSecret: string }>;
  now: () => Date;
  onGraphCall: (info: GraphCallInfo) => void;
}

let runtime: MetaRuntime | undefined;

/** The long-lived pieces both Meta functions use, built once per container. */
export function metaRuntime(): MetaRuntime {
  if (runtime) return runtime;
  const config = metaConfig();
  const doc = dynamoDocumentClient();
  runtime = {
    config,
    doc,
    cache: dynamoGraphCache(doc, tableName('graphCache')),
    metaApp: () => readSecret('metaApp'),
    now: () => new Date(),
    // Paths only: query strings could carry tokens and are never logged.
    onGraphCall: (info) => logger.debug('Graph call', { ...info }),
  };
  return runtime;
}
