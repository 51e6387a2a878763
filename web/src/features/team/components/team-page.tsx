import { Link } from 'react-router-dom';
import { plans } from '@shared/plans';
import { webPaths } from '@shared/web-paths';
import { isClientWorkspaceId, managesTeam } from '@shared/workspace-roles';
import { UsageMeter } from '@web/components/billing/usage-meter';
import { PageHeader } from '@web/components/layout/page-header';
import { Alert } from '@web/components/ui/alert';
import { Button, buttonVariants } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { useWorkspaces } from '@web/lib/workspace/use-workspaces';
import { useTeam } from '../api/team';
import { messageOf } from '../lib/team-format';
import { AgencyPlanCard } from './agency-plan-card';
import { ApprovalSettingCard } from './approval-setting-card';
import { ClientWorkspacesCard } from './client-workspaces-card';
import { MemberView } from './member-view';
import { OnboardingLinksCard } from './onboarding-links-card';
import { OwnerView } from './owner-view';
import { SharingNote } from './sharing-note';

/** Account settings → Team: members, pending invitations, seats of the plan. */
export function TeamPage() {
  const team = useTeam();
  const current = useWorkspaces().data?.current;
  // A client workspace an agency made: its Meta connection comes through an onboarding link; it holds no clients.
  const inClientWorkspace = current ? isClientWorkspaceId(current.id) : false;
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-10">
      <PageHeader
        eyebrow="Account settings"
        title="Team"
        description="Work together in one workspace: one plan, one Meta connection, the same campaigns and reports."
      />
      {team.isPending ? (
        <div className="grid gap-3" aria-label="Loading the team">
          <Skeleton className="h-24" />
          <Skeleton className="h-40" />
        </div>
      ) : team.isError ? (
        <Alert variant="destructive" title="Could not load your team">
          {messageOf(team.error)}{' '}
          <Button size="sm" variant="outline" onClick={() => void team.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <>
          <Card>
            <CardContent className="pt-6">
              <UsageMeter
                label={`Seats: ${team.data.seats.used} of ${team.data.seats.limit} used (${plans[team.data.plan].name} plan)`}
                usage={{
                  key: 'seats',
                  used: team.data.seats.used,
                  limit: team.data.seats.limit,
                  resetsAt: null,
                  enforced: true,
                }}
              />
              {team.data.role === 'owner' && team.data.plan === 'free' ? (
                <p className="mt-3 text-sm text-muted-foreground">
                  The Free plan has one seat, yours.{' '}
                  <Link to={webPaths.pricing} className={buttonVariants({ variant: 'link', className: 'h-auto p-0' })}>
                    Pro allows {plans.pro.limits.seats} seats
                  </Link>
                  .
                </p>
              ) : null}
            </CardContent>
          </Card>
          {managesTeam(team.data.role) ? <OwnerView team={team.data} /> : <MemberView team={team.data} />}
          {managesTeam(team.data.role) && inClientWorkspace ? (
            <OnboardingLinksCard workspaceName={current?.name ?? 'the client'} />
          ) : null}
          {team.data.role === 'owner' && team.data.paidByAgency ? <AgencyPlanCard /> : null}
          {managesTeam(team.data.role) &&
          team.data.plan === 'agency' &&
          !inClientWorkspace &&
          !team.data.paidByAgency ? (
            <ClientWorkspacesCard />
          ) : null}
          {managesTeam(team.data.role) ? <ApprovalSettingCard /> : null}
          <SharingNote />
        </>
      )}
    </div>
  );
}
