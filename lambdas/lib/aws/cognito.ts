import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { tracer } from '../observability';

let client: CognitoIdentityProviderClient | undefined;

/** One Cognito client per container; endpoint from AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER when set. */
export function cognitoClient(): CognitoIdentityProviderClient {
  client ??= tracer.captureAWSv3Client(new CognitoIdentityProviderClient({}));
  return client;
}
