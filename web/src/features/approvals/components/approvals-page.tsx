import { useState } from 'react';
import { APPROVAL_RESEND, type Approval } from '@shared/schemas/approvals';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { useAuth } from '@web/lib/auth/use-auth';
import { useWorkspaceRole } from '@web/lib/team/workspace-role';
import { approvalLinkPath } from '@shared/web-paths';
import { useApproval, useApprovals, useDecideInApp, useResendApproval, useRevokeApproval } from '../api/approvals-api';
import { ApprovalStatusLine, DecisionForm, statusWords } from './decision-form';
import { SubjectSummary } from './subject-summary';

function ApprovalDetailCard({
  uid,
  approval,
  answers,
  revokes,
  resends,
}: {
  uid: string | undefined;
  approval: Approval;
  answers: boolean;
  revokes: boolean;
  /** The people who may send (owner, admin, member) may resend a link's email. */
  resends: boolean;
}) {
  const detail = useApproval(uid, approval.id);
  const decide = useDecideInApp(uid, approval.id);
  const revoke = useRevokeApproval(uid, approval.id);
  const resend = useResendApproval(uid, approval.id);
  if (detail.isPending) return <Spinner label="Loading the plan" className="size-6 text-muted-foreground" />;
  if (detail.isError) return <Alert variant="destructive">{detail.error.message}</Alert>;
  const current = detail.data.approval;
  return (
    <div className="grid gap-4">
      <SubjectSummary detail={detail.data} />
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Answer</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          {current.status === 'pending' && answers && current.via === 'client' ? (
            <DecisionForm
              asksName={false}
              pending={decide.isPending}
              {...(decide.isError ? { error: decide.error.message } : {})}
              onDecide={(input) => decide.mutate({ decision: input.decision, comment: input.comment })}
            />
          ) : (
            <ApprovalStatusLine approval={current} />
          )}
          {current.status === 'pending' && resends && current.via === 'link' && current.emailedTo ? (
            <ResendEmail approval={current} resend={resend} />
          ) : null}
          {current.status === 'pending' && revokes ? (
            <div className="grid justify-items-start gap-2">
              <Button variant="outline" disabled={revoke.isPending} onClick={() => revoke.mutate()}>
                {current.via === 'link' ? 'Revoke the link' : 'Withdraw it'}
              </Button>
              {revoke.isError ? <Alert variant="destructive">{revoke.error.message}</Alert> : null}
            </div>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}

function ResendEmail({ approval, resend }: { approval: Approval; resend: ReturnType<typeof useResendApproval> }) {
  const used = approval.resends?.length ?? 0;
  const left = APPROVAL_RESEND.max - used;
  return (
    <div className="grid justify-items-start gap-2">
      <p className="text-sm text-muted-foreground">
        Emailed to {approval.emailedTo}. Resending sends a new link; the one sent before stops working.
      </p>
      <Button variant="outline" disabled={resend.isPending || left <= 0} onClick={() => resend.mutate({})}>
        {resend.isPending ? 'Sending…' : 'Resend the email'}
      </Button>
      {resend.isSuccess ? (
        <p role="status" className="text-sm">
          {resend.data.email.sent
            ? `A new link went to ${resend.data.email.to}. The link sent before no longer works.`
            : `The email did not go. The link sent before no longer works; give the client this one: ${new URL(approvalLinkPath(resend.data.token), window.location.origin).toString()}`}
        </p>
      ) : null}
      <p className="text-xs text-muted-foreground">
        {left > 0
          ? `${left} of ${APPROVAL_RESEND.max} resends left, at least ${APPROVAL_RESEND.minMinutes} minutes apart.`
          : `Resent ${APPROVAL_RESEND.max} times: revoke it and send it again if needed.`}
      </p>
      {resend.isError ? <Alert variant="destructive">{resend.error.message}</Alert> : null}
    </div>
  );
}

/**
 * /approvals: the plans sent to the workspace's client (issue 28, req 3). The client reads each as it was sent and
 * answers; the agency's people see where each stands (they cannot answer their own).
 */
export default function ApprovalsPage() {
  const { currentUser } = useAuth();
  const { role } = useWorkspaceRole();
  const list = useApprovals(currentUser?.uid);
  const [chosen, setChosen] = useState<string | undefined>();
  const items = list.data?.items ?? [];
  const open = items.find((item) => item.id === chosen) ?? items.find((item) => item.status === 'pending') ?? items[0];
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-10 sm:px-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Approvals</h1>
        <p className="text-sm text-muted-foreground">
          Campaign plans, recommendations and the agent’s proposals sent for the client’s approval before they go live.
        </p>
      </div>
      {list.isPending ? <Spinner label="Loading the approvals" className="size-6 text-muted-foreground" /> : null}
      {list.isError ? <Alert variant="destructive">{list.error.message}</Alert> : null}
      {list.data && items.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing has been sent for approval yet.</p>
      ) : null}
      {items.length > 0 ? (
        <div className="grid gap-6 lg:grid-cols-[18rem_1fr]">
          <ul aria-label="Sent for approval" className="grid content-start gap-2">
            {items.map((item) => (
              <li key={item.id}>
                <Button
                  variant={item.id === open?.id ? 'secondary' : 'ghost'}
                  className="h-auto w-full justify-between whitespace-normal text-left"
                  aria-current={item.id === open?.id ? 'true' : undefined}
                  onClick={() => setChosen(item.id)}
                >
                  <span className="min-w-0">
                    {item.subject.name}
                    <span className="block text-xs text-muted-foreground">
                      Sent {new Date(item.sentAt).toLocaleDateString()} {item.via === 'link' ? 'by link' : 'in Adsmith'}
                    </span>
                  </span>
                  {/* The status on one line: the name wraps instead (a narrow column squeezed it to three). */}
                  <Badge
                    variant={item.status === 'approved' ? 'success' : 'default'}
                    className="shrink-0 whitespace-nowrap"
                  >
                    {statusWords[item.status]}
                  </Badge>
                </Button>
              </li>
            ))}
          </ul>
          {open ? (
            <ApprovalDetailCard
              uid={currentUser?.uid}
              approval={open}
              answers={role === 'client'}
              revokes={role === 'owner' || role === 'admin'}
              resends={role === 'owner' || role === 'admin' || role === 'member'}
            />
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
