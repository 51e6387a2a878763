import * as z from 'zod';
import { approvalsRoutes as routes } from '@shared/function-routes/approvals';
import { NEED_ENV } from '@shared/need-env';
import { sendApprovalEmail } from '../lib/approvals/approval-email';
import { defaultSenderName, senderNameSources } from '../lib/approvals/sender-name';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { sesClient } from '../lib/aws/sesv2';
import { lazyEnv } from '../lib/env';
import { clientAddress } from '../lib/http/client-address';
import { on } from '../lib/http/http-function';
import { logger } from '../lib/observability';
import { enqueueEvent } from '../lib/outbox/event-outbox';
import { campaignEvent } from '@shared/events/campaign';
import { takeToken } from '../lib/rate-limit/user-token-bucket';
import { tableName } from '../lib/table-name';
import {
  approvalDetail,
  approvalList,
  approvalSettings,
  decideByLink,
  decideInApp,
  openLink,
  resendLink,
  revoke,
  saveApprovalSettings,
  sendForApproval,
  type ApprovalDeps,
} from './approvals';

const config = lazyEnv(z.object({ SITE_URL: z.url(), [NEED_ENV.emailFrom]: z.email().optional() }));

const deps = (): ApprovalDeps => ({
  approvals: { doc: dynamoDocumentClient(), table: tableName('approvals') },
  drafts: { doc: dynamoDocumentClient(), table: tableName('campaignDrafts') },
  recommendations: { doc: dynamoDocumentClient(), table: tableName('optimizerRecommendations') },
  now: () => new Date(),
  // The news reaches Slack through the outbox; a lost notification is logged, never a failed approval.
  announce: (news) =>
    enqueueEvent(dynamoDocumentClient(), campaignEvent, {
      action: news.action,
      campaignName: news.name,
      userId: news.workspaceId,
      ...(news.email ? { userEmail: news.email } : {}),
    }).then(
      () => undefined,
      (error: unknown) => logger.warn('Approval event not written to the outbox', { error: String(error) }),
    ),
  takeToken: (key, rule) => takeToken({ doc: dynamoDocumentClient(), table: tableName('rateLimitBuckets') }, key, rule),
  siteUrl: config().SITE_URL.replace(/\/$/, ''),
  sendEmail: emailer(config()[NEED_ENV.emailFrom]),
  defaultSenderName: (workspaceId, actor) =>
    defaultSenderName(
      senderNameSources(
        {
          doc: dynamoDocumentClient(),
          reports: tableName('reports'),
          memberships: tableName('workspaceMemberships'),
        },
        workspaceId,
        actor,
      ),
    ),
  warn: (message, detail) => logger.warn(message, detail),
});

function emailer(from: string | undefined): ApprovalDeps['sendEmail'] {
  return from ? (to, email) => sendApprovalEmail(sesClient, from, to, email) : null;
}

type PublicEvent = { requestContext: { http: { sourceIp: string } }; headers: Record<string, string | undefined> };
const viewer = (event: PublicEvent) =>
  clientAddress(event.requestContext.http.sourceIp, event.headers['x-forwarded-for']);

export const sendRoute = on(routes.approvalsSend, ({ user, body }) => sendForApproval(deps(), user, body));
export const listRoute = on(routes.approvalsList, ({ user, query }) => approvalList(deps(), user.sub, query.draftId));
export const settingsRoute = on(routes.approvalsSettings, ({ user }) => approvalSettings(deps(), user.sub));
export const saveSettingsRoute = on(routes.approvalsSaveSettings, ({ user, body }) =>
  saveApprovalSettings(deps(), user, body),
);
export const detailRoute = on(routes.approvalsDetail, ({ user, params }) =>
  approvalDetail(deps(), user.sub, params.id),
);
export const decideRoute = on(routes.approvalsDecide, ({ user, params, body }) =>
  decideInApp(deps(), user, params.id, body),
);
export const revokeRoute = on(routes.approvalsRevoke, ({ user, params }) => revoke(deps(), user, params.id));
export const resendRoute = on(routes.approvalsResend, ({ user, params, body }) =>
  resendLink(deps(), user, params.id, body),
);
export const linkRoute = on(routes.approvalLink, ({ params, event }) => openLink(deps(), params.token, viewer(event)));
export const linkDecideRoute = on(routes.approvalLinkDecide, ({ params, body, event }) =>
  decideByLink(deps(), params.token, body, viewer(event)),
);
