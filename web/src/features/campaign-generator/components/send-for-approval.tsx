import { Badge } from '@web/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { SendForApprovalForm } from '@web/components/send-for-approval-form';
import { useReportSenderName } from '@web/lib/approvals/send-approval';
import { useDraftApprovals, useSendForApproval } from '../api/campaign-generator-api';

const statusWords = {
  pending: 'Waiting',
  approved: 'Approved',
  changes_requested: 'Changes asked for',
  revoked: 'Withdrawn',
} as const;

/**
 * "Send for approval" (issue 28, req 3): the saved plan goes to the workspace's client in Adsmith, or as a link
 * that needs no account (shown once: only its hash is kept), optionally emailed. Lists what was sent and what the
 * client answered.
 */
export function SendForApproval({ uid, draftId }: { uid: string | undefined; draftId: string }) {
  const approvals = useDraftApprovals(uid, draftId);
  const send = useSendForApproval(uid, draftId);
  const senderName = useReportSenderName();

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Send for approval</CardTitle>
        <CardDescription>
          The client sees the saved plan as it is now (budget, schedule, audiences, the ads) and approves it or asks for
          changes. Save your edits first: a plan changed after its approval needs a new one.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <SendForApprovalForm formLabel="Send the plan for approval" send={send} defaultSenderName={senderName} />
        {approvals.data && approvals.data.items.length > 0 ? (
          <ul aria-label="Approvals of this plan" className="grid gap-2 text-sm">
            {approvals.data.items.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-2">
                <span className="min-w-0 [overflow-wrap:anywhere]">
                  Sent {new Date(item.sentAt).toLocaleString()} {item.via === 'link' ? 'by link' : 'to the client'}
                  {item.emailedTo ? ` (emailed to ${item.emailedTo})` : ''}
                  {item.decidedByName ? ` · answered by ${item.decidedByName}` : ''}
                  {item.comment ? `: “${item.comment}”` : ''}
                </span>
                <Badge variant={item.status === 'approved' ? 'success' : 'default'}>{statusWords[item.status]}</Badge>
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}
