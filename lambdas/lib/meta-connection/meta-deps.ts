import { dynamoDocumentClient } from '../aws/dynamodb';
import { kmsClient, kmsKeyArn } from '../aws/kms';
import type { GraphCallInfo } from '../meta/graph-client';
import { logGraphCalls } from '../meta/graph-call-log';
import { logger } from '../observability';
import { readSecret } from '../secrets';
import { dynamoGraphCache, type GraphCache } from './graph-cache';
import { tableName } from '../table-name';
import { metaConfig, type MetaConfig } from './meta-config';
import { kmsTokenCipher, type TokenCipher } from './token-cipher';

export interface MetaRuntime {
  config: MetaConfig;
  doc: ReturnType<typeof dynamoDocumentClient>;
  /** Encrypts and decrypts stored Meta tokens (KMS, encryption context = user id). */
  cipher: TokenCipher;
  metaApp: () => Promise<{ appId: string; appSecret: string }>;
  now: () => Date;
  onGraphCall: (info: GraphCallInfo) => void;
}

let runtime: MetaRuntime | undefined;
let cache: GraphCache | undefined;

/** The long-lived pieces both Meta functions use, built once per container. */
export function metaRuntime(): MetaRuntime {
  runtime ??= {
    config: metaConfig(),
    doc: dynamoDocumentClient(),
    cipher: kmsTokenCipher(kmsClient, kmsKeyArn('metaTokens')),
    metaApp: () => readSecret('metaApp'),
    now: () => new Date(),
    // Paths and usage only: query strings carry tokens and are never logged.
    onGraphCall: logGraphCalls(logger),
  };
  return runtime;
}

/** The per-user Graph read cache; only the function that reads Graph data has its table. */
export function metaGraphCache(): GraphCache {
  cache ??= dynamoGraphCache(dynamoDocumentClient(), tableName('graphCache'));
  return cache;
}
