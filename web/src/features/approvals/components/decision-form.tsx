import { useState } from 'react';
import { Check, MessageSquare } from 'lucide-react';
import type { Approval } from '@shared/schemas/approvals';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';

const textareaClass =
  'w-full rounded-md border border-input bg-card px-3 py-2 text-sm shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive';

export interface DecisionInput {
  decision: 'approved' | 'changes_requested';
  comment: string;
  name?: string;
}

interface DecisionFormProps {
  /** A link's answer asks who is answering (there is no account to say it). */
  asksName: boolean;
  pending: boolean;
  error?: string;
  onDecide: (input: DecisionInput) => void;
}

/** Approve, or ask for changes saying which: one answer per approval. */
export function DecisionForm({ asksName, pending, error, onDecide }: DecisionFormProps) {
  const [name, setName] = useState('');
  const [comment, setComment] = useState('');
  const [missing, setMissing] = useState<{ name?: string; comment?: string }>({});

  const decide = (decision: DecisionInput['decision']) => {
    const problems = {
      ...(asksName && !name.trim() ? { name: 'Say who is answering.' } : {}),
      ...(decision === 'changes_requested' && !comment.trim() ? { comment: 'Say what should change.' } : {}),
    };
    setMissing(problems);
    if (Object.keys(problems).length > 0) return;
    onDecide({ decision, comment: comment.trim(), ...(asksName ? { name: name.trim() } : {}) });
  };

  return (
    <form aria-label="Your answer" className="grid gap-4" onSubmit={(event) => event.preventDefault()}>
      {asksName ? (
        <FormField label="Your name" error={missing.name} className="max-w-sm">
          {(control) => <Input {...control} value={name} maxLength={120} onChange={(e) => setName(e.target.value)} />}
        </FormField>
      ) : null}
      <FormField
        label="Comment"
        error={missing.comment}
        description="Optional when you approve; say what should change when you ask for changes."
      >
        {(control) => (
          <textarea
            {...control}
            rows={3}
            maxLength={2000}
            className={textareaClass}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
          />
        )}
      </FormField>
      {error ? <Alert variant="destructive">{error}</Alert> : null}
      <div className="flex flex-wrap gap-3">
        <Button disabled={pending} onClick={() => decide('approved')}>
          <Check aria-hidden="true" />
          Approve
        </Button>
        <Button variant="outline" disabled={pending} onClick={() => decide('changes_requested')}>
          <MessageSquare aria-hidden="true" />
          Ask for changes
        </Button>
      </div>
    </form>
  );
}

const statusWords: Record<Approval['status'], string> = {
  pending: 'Waiting for an answer',
  approved: 'Approved',
  changes_requested: 'Changes asked for',
  revoked: 'Withdrawn',
};

/** Where an approval stands, and who answered what, when. */
export function ApprovalStatusLine({ approval }: { approval: Approval }) {
  if (approval.status === 'pending') return <p className="text-sm text-muted-foreground">{statusWords.pending}</p>;
  if (approval.status === 'revoked')
    return (
      <Alert variant="info" title={statusWords.revoked}>
        Withdrawn by its sender{approval.revokedAt ? ` on ${new Date(approval.revokedAt).toLocaleString()}` : ''}.
      </Alert>
    );
  return (
    <Alert variant={approval.status === 'approved' ? 'success' : 'info'} title={statusWords[approval.status]}>
      {approval.decidedByName ? `By ${approval.decidedByName}` : 'Answered'}
      {approval.decidedAt ? ` on ${new Date(approval.decidedAt).toLocaleString()}` : ''}
      {approval.comment ? `: “${approval.comment}”` : '.'}
    </Alert>
  );
}

export { statusWords };
