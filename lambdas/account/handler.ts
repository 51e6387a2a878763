import * as z from 'zod';
import { accountRoutes as routes } from '@shared/function-routes/account';
import { cognitoClient } from '../lib/aws/cognito';
import { lazyEnv } from '../lib/env';
import { httpFunction, on } from '../lib/http/http-function';
import { readProfile, updateDisplayName } from './profile';

const config = lazyEnv(z.object({ USER_POOL_ID: z.string().min(1) }));
const deps = () => ({ cognito: cognitoClient, userPoolId: config().USER_POOL_ID });

export const handler = httpFunction([
  on(routes.getMe, ({ user }) => readProfile(user, deps())),
  on(routes.updateMe, ({ user, body }) => updateDisplayName(user, body.displayName, deps())),
]);
