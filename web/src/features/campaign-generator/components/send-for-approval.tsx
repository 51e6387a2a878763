import { useState } from 'react';
import { APPROVAL_LINK_DAYS } from '@shared/schemas/approvals';
import { approvalLinkPath } from '@shared/web-paths';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/select-field';
import { useDraftApprovals, useSendForApproval } from '../api/campaign-generator-api';

const LINK_DAYS = [1, APPROVAL_LINK_DAYS.default, 14, APPROVAL_LINK_DAYS.max];
const statusWords = {
  pending: 'Waiting',
  approved: 'Approved',
  changes_requested: 'Changes asked for',
  revoked: 'Withdrawn',
} as const;

/**
 * "Send for approval" (issue 28, req 3): the saved plan goes to the workspace's client in Adsmith, or as a link
 * that needs no account (shown once: only its hash is kept). Lists what was sent and what the client answered.
 */
export function SendForApproval({ uid, draftId }: { uid: string | undefined; draftId: string }) {
  const approvals = useDraftApprovals(uid, draftId);
  const send = useSendForApproval(uid, draftId);
  const [via, setVia] = useState<'client' | 'link'>('link');
  const [days, setDays] = useState<number>(APPROVAL_LINK_DAYS.default);
  const [copied, setCopied] = useState(false);
  const link = send.data?.token ? new URL(approvalLinkPath(send.data.token), window.location.origin).toString() : null;

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
        <form
          aria-label="Send the plan for approval"
          className="flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            setCopied(false);
            send.mutate(via === 'link' ? { via, expiresInDays: days } : { via });
          }}
        >
          <FormField label="Send to" className="w-64">
            {(control) => (
              <NativeSelect {...control} value={via} onChange={(e) => setVia(e.target.value as 'client' | 'link')}>
                <option value="link">Anyone with a link (no account)</option>
                <option value="client">The workspace’s client, in Adsmith</option>
              </NativeSelect>
            )}
          </FormField>
          {via === 'link' ? (
            <FormField label="Link expires after" className="w-40">
              {(control) => (
                <NativeSelect {...control} value={days} onChange={(e) => setDays(Number(e.target.value))}>
                  {LINK_DAYS.map((d) => (
                    <option key={d} value={d}>
                      {d === 1 ? '1 day' : `${d} days`}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
          ) : null}
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? 'Sending…' : 'Send for approval'}
          </Button>
        </form>
        {send.isError ? <Alert variant="destructive">{send.error.message}</Alert> : null}
        {link ? (
          <div className="grid gap-2">
            <Input readOnly value={link} aria-label="Approval link" className="font-mono text-xs" />
            <div className="flex items-center gap-2">
              <Button
                variant="outline"
                size="sm"
                onClick={() =>
                  void navigator.clipboard?.writeText(link).then(
                    () => setCopied(true),
                    () => undefined,
                  )
                }
              >
                {copied ? 'Copied' : 'Copy link'}
              </Button>
              <span className="text-xs text-muted-foreground">Shown once: send it to your client now.</span>
            </div>
          </div>
        ) : null}
        {send.isSuccess && !link ? <Alert variant="success">Sent: the client finds it under Approvals.</Alert> : null}
        {approvals.data && approvals.data.items.length > 0 ? (
          <ul aria-label="Approvals of this plan" className="grid gap-2 text-sm">
            {approvals.data.items.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-2">
                <span>
                  Sent {new Date(item.sentAt).toLocaleString()} {item.via === 'link' ? 'by link' : 'to the client'}
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
