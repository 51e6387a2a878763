import { useMutation } from '@tanstack/react-query';
import type * as z from 'zod';
import type { ApprovalSubjectInputSchema, SendApprovalBody } from '@shared/schemas/approvals';
import { apiRequest } from '@web/lib/api';

/** How an approval goes: to the client in the app, or as a link (optionally emailed), and for how long. */
export type SendApprovalInput = Omit<SendApprovalBody, 'subject'>;
export type ApprovalSubjectInput = z.input<typeof ApprovalSubjectInputSchema>;

/**
 * Sends recommendations or an agent proposal for the client's approval (issue 28, req 3): one mutation per subject,
 * the answer holding the link's token once (only its hash is kept).
 */
export function useSendApproval(subject: ApprovalSubjectInput) {
  return useMutation({
    mutationFn: (input: SendApprovalInput) => apiRequest('approvalsSend', { body: { subject, ...input } }),
    // The form shows why it was refused.
    meta: { component: 'SendForApproval', ownErrorToast: true },
  });
}
