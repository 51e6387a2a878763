import { CheckCircle2, CircleDashed, RotateCcw, XCircle } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { CampaignPlan, PublishRecord } from '@shared/schemas/campaign-plan';
import { Alert } from '@web/components/ui/alert';
import { buttonVariants } from '@web/components/ui/button';
import { publishStepCount } from '../lib/plan-edits';

const ICONS = { created: CheckCircle2, rolled_back: RotateCcw, failed: XCircle } as const;
const WORDS = { created: 'created', rolled_back: 'deleted again', failed: 'failed' } as const;

/** Each object as Meta creates it, then success with a link to the campaign, or what failed and what was undone. */
export function PublishProgress({
  plan,
  record,
  running,
  error,
  awaitingApproval = false,
}: {
  plan: CampaignPlan;
  record: PublishRecord | undefined;
  running: boolean;
  error: string | null;
  /** The error is the workspace's approval rule (409 APPROVAL_REQUIRED), not Meta's refusal. */
  awaitingApproval?: boolean;
}) {
  const total = publishStepCount(plan);
  const steps = record?.steps ?? [];
  const done = steps.filter((step) => step.status === 'created').length;
  return (
    <section aria-label="Publishing progress" className="grid gap-3 rounded-lg border p-4">
      <h2 className="text-lg font-semibold">Publish to Meta</h2>
      {running ? (
        <>
          <div
            role="progressbar"
            aria-label="Objects created at Meta"
            aria-valuemin={0}
            aria-valuemax={total}
            aria-valuenow={done}
            className="h-2 rounded-full bg-muted"
          >
            <div className="h-2 rounded-full bg-primary transition-all" style={{ width: `${(done / total) * 100}%` }} />
          </div>
          <p className="text-sm text-muted-foreground">
            {done} of {total} objects created, the campaign paused…
          </p>
        </>
      ) : null}
      {record?.status === 'published' ? (
        <Alert variant="success" title="Published, paused">
          Your campaign is in your ad account, paused until you turn it on.{' '}
          <Link className={buttonVariants({ variant: 'link' })} to={`/campaigns?highlight=${record.campaignId ?? ''}`}>
            Open it in Campaigns
          </Link>
        </Alert>
      ) : null}
      {error ? (
        awaitingApproval ? (
          <Alert variant="warning" title="Not published: the client’s approval is needed">
            {error}
          </Alert>
        ) : (
          <Alert variant="destructive" title="Meta did not accept the campaign">
            {error}
          </Alert>
        )
      ) : null}
      <ol className="grid gap-1 text-sm">
        {steps.map((step, index) => {
          const Icon = ICONS[step.status];
          return (
            <li key={`${step.kind}-${step.id ?? index}`} className="flex items-center gap-2">
              <Icon
                aria-hidden="true"
                className={step.status === 'failed' ? 'size-4 text-destructive' : 'size-4 text-success'}
              />
              <span>
                {step.label}: {WORDS[step.status]}
              </span>
            </li>
          );
        })}
        {running && steps.length < total ? (
          <li className="flex items-center gap-2 text-muted-foreground">
            <CircleDashed aria-hidden="true" className="size-4 animate-spin" /> Working…
          </li>
        ) : null}
      </ol>
    </section>
  );
}
