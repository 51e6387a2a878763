import {
  ApprovalDetailSchema,
  ApprovalListQuerySchema,
  ApprovalListSchema,
  ApprovalParamsSchema,
  ApprovalSettingsSchema,
  ApprovalTokenParamsSchema,
  DecisionBodySchema,
  LinkDecisionBodySchema,
  ResendApprovalBodySchema,
  ResentApprovalSchema,
  SendApprovalBodySchema,
  SentApprovalSchema,
} from '../schemas/approvals';
import { route } from '../route-declaration';

/** The routes `approvals` serves (its part of the routes table, shared/routes.ts): its bundle loads only these. */
export const approvalsRoutes = {
  approvalsSend: route({
    method: 'POST',
    path: '/api/approvals',
    fn: 'approvals',
    access: 'user',
    body: SendApprovalBodySchema,
    response: SentApprovalSchema,
    successStatus: 201,
  }),
  approvalsList: route({
    method: 'GET',
    path: '/api/approvals',
    fn: 'approvals',
    access: 'user',
    clientRole: 'reads',
    query: ApprovalListQuerySchema,
    response: ApprovalListSchema,
  }),
  approvalsSettings: route({
    method: 'GET',
    path: '/api/approvals/settings',
    fn: 'approvals',
    access: 'user',
    response: ApprovalSettingsSchema,
  }),
  approvalsSaveSettings: route({
    method: 'PUT',
    path: '/api/approvals/settings',
    fn: 'approvals',
    access: 'user',
    workspace: 'admins',
    body: ApprovalSettingsSchema,
    response: ApprovalSettingsSchema,
  }),
  approvalsDetail: route({
    method: 'GET',
    path: '/api/approvals/{id}',
    fn: 'approvals',
    access: 'user',
    clientRole: 'reads',
    params: ApprovalParamsSchema,
    response: ApprovalDetailSchema,
  }),
  approvalsDecide: route({
    method: 'POST',
    path: '/api/approvals/{id}/decision',
    fn: 'approvals',
    access: 'user',
    clientRole: 'answers',
    params: ApprovalParamsSchema,
    body: DecisionBodySchema,
    response: ApprovalDetailSchema,
  }),
  // Withdraws an approval not answered yet (its link answers 410 from then on): the workspace's owner or an admin.
  approvalsRevoke: route({
    method: 'POST',
    path: '/api/approvals/{id}/revoke',
    fn: 'approvals',
    access: 'user',
    workspace: 'admins',
    params: ApprovalParamsSchema,
    response: ApprovalDetailSchema,
  }),
  // Emails a pending link again as a fresh link, the old one revoked (owner, admin or member: whoever may send;
  // not the client); at most APPROVAL_RESEND.max times, APPROVAL_RESEND.minMinutes apart (429 with Retry-After).
  approvalsResend: route({
    method: 'POST',
    path: '/api/approvals/{id}/resend',
    fn: 'approvals',
    access: 'user',
    params: ApprovalParamsSchema,
    body: ResendApprovalBodySchema,
    response: ResentApprovalSchema,
  }),
  // Anyone holding an approval link (no sign-in): one plan as it was sent, and its one decision.
  approvalLink: route({
    method: 'GET',
    path: '/api/approval-links/{token}',
    fn: 'approvals',
    access: 'public',
    publicBecause:
      "it does serve user data: one campaign plan sent for approval, only to a holder of the link's random 256-bit, expiring token (stored as its SHA-256, checked by the function), rate-limited per viewer address",
    params: ApprovalTokenParamsSchema,
    response: ApprovalDetailSchema,
  }),
  approvalLinkDecide: route({
    method: 'POST',
    path: '/api/approval-links/{token}/decision',
    fn: 'approvals',
    access: 'public',
    publicBecause:
      "it records one decision on one approval, only for a holder of the link's random 256-bit, expiring, single-use token (stored as its SHA-256, checked by the function), rate-limited per viewer address",
    params: ApprovalTokenParamsSchema,
    body: LinkDecisionBodySchema,
    response: ApprovalDetailSchema,
  }),
} as const;
