import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { TwinEndpoints } from '../twin/endpoints-file';
import { cognitoClientFor } from '../twin/cognito/provision-user-pool';

/**
 * The user pool an operator's script acts on: a deployed one when USER_POOL_ID is set (the stateful stack's output;
 * the shell's AWS credentials and region are used), else the local twin's, found in `.local/endpoints.json`.
 */
export async function userPoolTarget(): Promise<{
  client: CognitoIdentityProviderClient;
  userPoolId: string;
  where: string;
}> {
  const deployed = process.env.USER_POOL_ID;
  if (deployed) return { client: new CognitoIdentityProviderClient({}), userPoolId: deployed, where: deployed };
  const file = path.join(path.resolve('.local'), 'endpoints.json');
  const endpoints = JSON.parse(await readFile(file, 'utf8')) as TwinEndpoints;
  return {
    client: cognitoClientFor(endpoints.cognito.endpoint, endpoints.cognito.region),
    userPoolId: endpoints.cognito.userPoolId,
    where: `the local twin (${file})`,
  };
}
