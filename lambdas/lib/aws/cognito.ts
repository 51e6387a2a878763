import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { tracer } from '../observability';
import { loadOnce } from './lazy-sdk';

/** The Cognito SDK, loaded by the first request that asks Cognito (see lazy-sdk). */
export const cognitoSdk = loadOnce(() => import('./cognito-sdk'));

/** One Cognito client per container, built on first use; endpoint from AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER when set. */
export const cognitoClient = loadOnce(async (): Promise<CognitoIdentityProviderClient> => {
  const { CognitoIdentityProviderClient } = await cognitoSdk();
  return tracer.captureAWSv3Client(new CognitoIdentityProviderClient({}));
});
