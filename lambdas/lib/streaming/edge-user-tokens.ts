import { NEED_ENV } from '@shared/need-env';
import * as z from 'zod';
import { s3Client } from '../aws/s3';
import { lazyEnv } from '../env';
import { cachedUserPoolSettings } from './user-pool-settings';
import { loadUserPoolSettings, userTokenVerifier } from './user-tokens';

// The pool's issuer and web client (the twin), or where the site's config.json names them (the edge stack).
const config = lazyEnv(
  z.object({
    [NEED_ENV.userTokensIssuer]: z.url().optional(),
    [NEED_ENV.userTokensClientId]: z.string().min(1).optional(),
    [NEED_ENV.userTokensWebConfig]: z.string().startsWith('s3://').optional(),
  }),
);

/**
 * The access-token check of a streaming function behind CloudFront (the agent, the chat), from the function's
 * environment. A redeployed user pool reaches warm containers within minutes.
 */
export function edgeUserTokenVerifier() {
  return userTokenVerifier(
    cachedUserPoolSettings(
      () =>
        loadUserPoolSettings(
          {
            issuer: config()[NEED_ENV.userTokensIssuer],
            clientId: config()[NEED_ENV.userTokensClientId],
            webConfig: config()[NEED_ENV.userTokensWebConfig],
          },
          s3Client,
        ),
      { maxAgeMs: 5 * 60_000 },
    ),
  );
}
