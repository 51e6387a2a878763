import { useMutation, useQuery } from '@tanstack/react-query';
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

/**
 * The sender name of the workspace's Reports settings (the agency's name as its clients know it, issue 28 req 2):
 * what an emailed approval link is from unless the person writes another. Undefined when none is set or unreadable.
 */
export function useReportSenderName(): string | undefined {
  const settings = useQuery({
    // The reports screen's key: one cache for both.
    queryKey: ['reports', 'settings'],
    queryFn: () => apiRequest('reportSettings'),
    retry: false,
    staleTime: 60_000,
  });
  return settings.data?.settings?.senderName;
}
