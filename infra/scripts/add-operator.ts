/**
 * Makes someone an operator of a deployment: `npm run operators:add -- <email>`.
 *
 * Against a deployed stack, set USER_POOL_ID (the stateful stack's output) and AWS_REGION; the AWS credentials of
 * the shell are used (they need cognito-idp:AdminAddUserToGroup on the pool). Without USER_POOL_ID, it adds the
 * person to the local twin's pool, found in `.local/endpoints.json`. The person must
 * have signed up first, and sees the operator pages after their next sign-in.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import * as z from 'zod';
import type { TwinEndpoints } from '../twin/endpoints-file';
import { addOperator, cognitoClientFor } from '../twin/cognito/provision-user-pool';

const email = z
  .email({ message: 'Usage: npm run operators:add -- <email of a signed-up user>' })
  .parse(process.argv[2]);

async function target(): Promise<{ client: CognitoIdentityProviderClient; userPoolId: string; where: string }> {
  const deployed = process.env.USER_POOL_ID;
  if (deployed) return { client: new CognitoIdentityProviderClient({}), userPoolId: deployed, where: deployed };
  const stateDir = path.resolve('.local');
  const file = path.join(stateDir, 'endpoints.json');
  const endpoints = JSON.parse(await readFile(file, 'utf8')) as TwinEndpoints;
  return {
    client: cognitoClientFor(endpoints.cognito.endpoint, endpoints.cognito.region),
    userPoolId: endpoints.cognito.userPoolId,
    where: `the local twin (${file})`,
  };
}

const { client, userPoolId, where } = await target();
try {
  await addOperator(client, userPoolId, email);
  console.log(`${email} is now an operator of ${where}; they see the operator pages after signing in again.`);
} finally {
  client.destroy();
}
