import * as z from 'zod';
import { NEED_ENV } from '@shared/need-env';
import { cognitoClient, cognitoSdk } from '../lib/aws/cognito';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { sesClient } from '../lib/aws/sesv2';
import { lazyEnv } from '../lib/env';
import { logger } from '../lib/observability';
import { enqueueEvent } from '../lib/outbox/event-outbox';
import { clientDetachedEvent } from '@shared/events/client-detached';
import { tableName } from '../lib/table-name';
import { sendInvitationEmail } from './invitation-email';
import type { TeamDeps } from './team';

const config = lazyEnv(
  z.object({
    SITE_URL: z.url(),
    USER_POOL_ID: z.string().min(1),
    [NEED_ENV.emailFrom]: z.email().optional(),
  }),
);

async function emailOf(user: { username: string }) {
  const [{ AdminGetUserCommand }, cognito] = await Promise.all([cognitoSdk(), cognitoClient()]);
  const reply = await cognito.send(
    new AdminGetUserCommand({ UserPoolId: config().USER_POOL_ID, Username: user.username }),
  );
  const attribute = (name: string) => reply.UserAttributes?.find((a) => a.Name === name)?.Value;
  const email = attribute('email');
  return email ? { email, verified: attribute('email_verified') === 'true' } : undefined;
}

export function deps(): TeamDeps {
  const doc = dynamoDocumentClient();
  const from = config()[NEED_ENV.emailFrom];
  return {
    doc,
    tables: {
      memberships: tableName('workspaceMemberships'),
      invitations: tableName('teamInvitations'),
      userPlans: tableName('userPlans'),
      audit: tableName('campaignAudit'),
    },
    counters: { doc, table: tableName('quotaUsage') },
    siteUrl: config().SITE_URL.replace(/\/$/, ''),
    emailOf,
    sendInvitation: from ? (to, invitation) => sendInvitationEmail(sesClient, from, to, invitation) : null,
    log: (message, detail) => logger.warn(message, detail),
    announceDetached: (detail) =>
      enqueueEvent(doc, clientDetachedEvent, detail).then(
        () => undefined,
        (error: unknown) => logger.warn('Client detach not written to the outbox', { error: String(error) }),
      ),
  };
}
