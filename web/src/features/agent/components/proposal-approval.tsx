import { Send } from 'lucide-react';
import { useId, useState } from 'react';
import { SendForApprovalForm } from '@web/components/send-for-approval-form';
import { Button } from '@web/components/ui/button';
import { useReportSenderName, useSendApproval } from '@web/lib/approvals/send-approval';

/**
 * An agent's stored proposal sent for the client's approval from the chat (issue 28, req 3): the client reads its
 * change before → after; with "require approval" on, it applies only once approved as sent.
 */
export function ProposalApproval({ recommendationId, title }: { recommendationId: string; title: string }) {
  const [open, setOpen] = useState(false);
  const formId = useId();
  return (
    <div className="grid gap-2">
      <Button
        variant="outline"
        size="sm"
        className="justify-self-start"
        aria-expanded={open}
        aria-controls={formId}
        aria-label={`Send for approval: ${title}`}
        onClick={() => setOpen(!open)}
      >
        <Send aria-hidden="true" /> Send for approval
      </Button>
      {open ? (
        <div id={formId}>
          <ProposalForm recommendationId={recommendationId} />
        </div>
      ) : null}
    </div>
  );
}

function ProposalForm({ recommendationId }: { recommendationId: string }) {
  const send = useSendApproval({ kind: 'agent_proposal', recommendationId });
  const senderName = useReportSenderName();
  return <SendForApprovalForm formLabel="Send the proposal for approval" send={send} defaultSenderName={senderName} />;
}
