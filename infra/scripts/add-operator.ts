/**
 * Makes someone an operator of a deployment: `npm run operators:add -- <email>`.
 *
 * Against a deployed stack, set USER_POOL_ID (the stateful stack's output) and AWS_REGION; the AWS credentials of
 * the shell are used (they need cognito-idp:AdminAddUserToGroup on the pool). Without USER_POOL_ID, it adds the
 * person to the local twin's pool, found in `.local/endpoints.json`. The person must
 * have signed up first, and sees the operator pages after their next sign-in.
 */
import * as z from 'zod';
import { addOperator } from '../twin/cognito/provision-user-pool';
import { userPoolTarget } from './user-pool-target';

const email = z
  .email({ message: 'Usage: npm run operators:add -- <email of a signed-up user>' })
  .parse(process.argv[2]);

const { client, userPoolId, where } = await userPoolTarget();
try {
  await addOperator(client, userPoolId, email);
  console.log(`${email} is now an operator of ${where}; they see the operator pages after signing in again.`);
} finally {
  client.destroy();
}
