import { useParams } from 'react-router-dom';
import { Alert } from '@web/components/ui/alert';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { useApprovalLink, useDecideByLink } from '../api/approvals-api';
import { ApprovalStatusLine, DecisionForm } from './decision-form';
import { SubjectSummary, subjectWords } from './subject-summary';

/**
 * /approve/:token: a campaign plan, recommendations or an agent's proposal sent for approval by link (issue 28,
 * req 3). No account: the link opens this one subject, as it was sent, until it expires, and takes one answer.
 */
export default function ApprovalLinkPage() {
  const { token = '' } = useParams();
  const opened = useApprovalLink(token);
  const decide = useDecideByLink(token);
  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-10 sm:px-6">
      {opened.isPending ? <Spinner label="Loading what was sent" className="size-6 text-muted-foreground" /> : null}
      {opened.isError ? (
        <Alert variant="destructive" title="This link does not open anything to approve">
          {opened.error.message}
        </Alert>
      ) : null}
      {opened.data ? (
        <>
          <div>
            <p className="text-sm font-medium text-muted-foreground">
              {subjectWords[opened.data.approval.subject.kind]} sent for your approval
            </p>
            <h1 className="text-2xl font-bold tracking-tight">{opened.data.approval.subject.name}</h1>
            <p className="text-sm text-muted-foreground">
              Sent {new Date(opened.data.approval.sentAt).toLocaleString()}
              {opened.data.approval.sentByEmail ? ` by ${opened.data.approval.sentByEmail}` : ''}
              {opened.data.approval.expiresAt
                ? ` · this link works until ${new Date(opened.data.approval.expiresAt).toLocaleString()}`
                : ''}
            </p>
          </div>
          <SubjectSummary detail={opened.data} />
          <Card>
            <CardHeader>
              <CardTitle className="text-base">Your answer</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4">
              {opened.data.approval.status === 'pending' ? (
                <DecisionForm
                  asksName
                  pending={decide.isPending}
                  {...(decide.isError ? { error: decide.error.message } : {})}
                  onDecide={(input) =>
                    decide.mutate({ decision: input.decision, comment: input.comment, name: input.name ?? '' })
                  }
                />
              ) : (
                <ApprovalStatusLine approval={opened.data.approval} />
              )}
            </CardContent>
          </Card>
        </>
      ) : null}
    </div>
  );
}
