import type { StoredRecommendation } from '@shared/schemas/optimizer';
import { SendForApprovalForm } from '@web/components/send-for-approval-form';
import { Modal } from '@web/components/ui/modal';
import { useReportSenderName, useSendApproval } from '@web/lib/approvals/send-approval';

/**
 * The chosen recommendations sent for the client's approval as one set (issue 28, req 3): the client reads each
 * object's values now → after and answers once; with "require approval" on, each applies only once approved as sent.
 */
export function SendForApprovalDrawer({
  recs,
  open,
  onClose,
}: {
  recs: readonly StoredRecommendation[];
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      variant="drawer"
      title="Send for approval"
      description="The client sees each change as it stands now, before → after, and approves the set or asks for changes. Nothing changes at Meta until it is applied here."
    >
      {/* A fresh form for each opening, so a link shown once is not shown again. */}
      {open ? <SendSet recs={recs} /> : null}
    </Modal>
  );
}

function SendSet({ recs }: { recs: readonly StoredRecommendation[] }) {
  const send = useSendApproval({ kind: 'recommendations', recommendationIds: recs.map((rec) => rec.id) });
  const senderName = useReportSenderName();
  return (
    <div className="grid gap-4">
      <ul aria-label="Recommendations to send" className="grid gap-1 text-sm">
        {recs.map((rec) => (
          <li key={rec.id} className="rounded-md border p-2 [overflow-wrap:anywhere]">
            {rec.title}
          </li>
        ))}
      </ul>
      <SendForApprovalForm
        formLabel="Send the recommendations for approval"
        send={send}
        defaultSenderName={senderName}
      />
    </div>
  );
}
