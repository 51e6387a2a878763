import { dynamoDocumentClient } from '../aws/dynamodb';
import { kmsClient, kmsKeyArn } from '../aws/kms';
import { logGraphCalls } from '../meta/graph-call-log';
import { metaGraphConfig } from '../meta-connection/meta-config';
import { kmsTokenCipher } from '../meta-connection/token-cipher';
import type { MetaDeps } from '../meta-session/session';
import { logger } from '../observability';
import { heldQuota } from '../quota/plan-quota';
import { readSecret } from '../secrets';
import { tableName } from '../table-name';

/**
 * Reading the connected account from an edge (streaming) function: the token decrypted with the Meta token key (by
 * its alias in the edge stack), the Meta app secret for appsecret_proof, and the plan's ad-account places, as the
 * dashboard takes them. No Graph cache table: reads are shared within an answer, and one set is kept per container.
 */
let metaDeps: MetaDeps | undefined;
export function edgeMetaDeps(): MetaDeps {
  metaDeps ??= {
    config: metaGraphConfig(),
    doc: dynamoDocumentClient(),
    cipher: kmsTokenCipher(kmsClient, kmsKeyArn('metaTokens')),
    metaApp: () => readSecret('metaApp'),
    now: () => new Date(),
    onGraphCall: logGraphCalls(logger),
    cache: { remember: (_user, _key, compute) => compute(), forget: async () => undefined },
    adAccountQuota: heldQuota(
      { doc: dynamoDocumentClient(), table: tableName('quotaUsage') },
      { doc: dynamoDocumentClient(), table: tableName('userPlans') },
      'connectedAdAccounts',
    ),
  };
  return metaDeps;
}
