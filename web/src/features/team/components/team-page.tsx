import { Copy, MailPlus, UserMinus } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { plans } from '@shared/plans';
import type { InvitationCreated, Team } from '@shared/schemas/team';
import { webPaths } from '@shared/web-paths';
import { QuotaUpgradePrompt } from '@web/components/billing/quota-upgrade-prompt';
import { UsageMeter } from '@web/components/billing/usage-meter';
import { PageHeader } from '@web/components/layout/page-header';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button, buttonVariants } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { Spinner } from '@web/components/ui/spinner';
import { quotaExceededOf } from '@web/lib/billing/quota-exceeded';
import { useInvite, useLeaveTeam, useRemoveMember, useRevokeInvitation, useTeam } from '../api/team';

const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });
const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong.');

/** What a teammate shares, said once, plainly, for owners and members alike. */
function SharingNote() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>What a team shares</CardTitle>
        <CardDescription>
          Teammates work in the owner’s workspace, as the owner does. Each person keeps their own sign-in and profile.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <p className="font-medium">Shared with every member</p>
          <ul className="mt-1 list-disc pl-5 text-muted-foreground">
            <li>
              The owner’s plan and its limits, counted once for the whole team (a member’s AI generation uses the team’s
              daily allowance)
            </li>
            <li>The Meta connection and its ad accounts, campaigns and results</li>
            <li>Campaign drafts, designs, marketing-mix models, automation rules and recommendations</li>
          </ul>
        </div>
        <div>
          <p className="font-medium">The owner’s alone</p>
          <ul className="mt-1 list-disc pl-5 text-muted-foreground">
            <li>Plan and billing (upgrade, manage, cancel)</li>
            <li>Connecting or disconnecting Meta</li>
            <li>Inviting and removing teammates</li>
          </ul>
        </div>
      </CardContent>
    </Card>
  );
}

function InviteForm({ team }: { team: Team }) {
  const invite = useInvite();
  const [email, setEmail] = useState('');
  const [created, setCreated] = useState<InvitationCreated | null>(null);
  const [copied, setCopied] = useState(false);
  const full = team.seats.used >= team.seats.limit;
  const quota = quotaExceededOf(invite.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setCreated(null);
    setCopied(false);
    invite.mutate(email.trim(), {
      onSuccess: (reply) => {
        setCreated(reply);
        setEmail('');
      },
    });
  };

  return (
    <div className="grid gap-3">
      <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <FormField label="Teammate’s email" className="min-w-0 flex-1">
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="off"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              placeholder="name@company.com"
            />
          )}
        </FormField>
        <Button type="submit" disabled={invite.isPending || email.trim() === ''}>
          {invite.isPending ? <Spinner label="Sending" className="size-4" /> : <MailPlus aria-hidden="true" />}
          Send invitation
        </Button>
      </form>
      {full && !quota ? (
        <p className="text-sm text-muted-foreground">
          {team.seats.limit === 1
            ? `Your ${plans[team.plan].name} plan’s one seat is yours. `
            : `All ${team.seats.limit} seats of your ${plans[team.plan].name} plan are taken (you, your members and pending invitations each hold one). Revoke an invitation, remove a member or `}
          <Link to={webPaths.pricing} className="font-medium text-primary underline-offset-4 hover:underline">
            {team.seats.limit === 1 ? 'Upgrade' : 'upgrade'}
          </Link>{' '}
          to invite more.
        </p>
      ) : null}
      {quota ? <QuotaUpgradePrompt quota={quota} /> : null}
      {invite.error && !quota ? (
        <Alert variant="destructive" title="The invitation was not sent">
          {messageOf(invite.error)}
        </Alert>
      ) : null}
      {created ? (
        <Alert
          variant="success"
          title={created.emailed ? `Invitation emailed to ${created.invitation.email}` : 'Invitation created'}
        >
          <p>
            {created.emailed
              ? 'You can also pass the link on yourself. It works once, for that address only, until '
              : 'No email is sent from this deployment: pass the link on yourself. It works once, for that address only, until '}
            {formatDate(created.invitation.expiresAt)}.
          </p>
          <div className="mt-2 flex min-w-0 flex-col gap-2 sm:flex-row sm:items-center">
            <code className="min-w-0 rounded bg-muted px-2 py-1 text-xs [overflow-wrap:anywhere]">{created.link}</code>
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={() => {
                void navigator.clipboard?.writeText(created.link).then(() => setCopied(true));
              }}
            >
              <Copy aria-hidden="true" />
              {copied ? 'Copied' : 'Copy link'}
            </Button>
          </div>
        </Alert>
      ) : null}
    </div>
  );
}

function OwnerView({ team }: { team: Team }) {
  const revoke = useRevokeInvitation();
  const remove = useRemoveMember();
  const over = team.seats.used > team.seats.limit;
  const error = revoke.error ?? remove.error;
  return (
    <>
      {over ? (
        <Alert variant="warning" title="More teammates than your plan’s seats">
          Your {plans[team.plan].name} plan allows {team.seats.limit} seat{team.seats.limit === 1 ? '' : 's'} and your
          team holds {team.seats.used}. Nobody loses access: everyone keeps working as before, but no invitation can be
          sent until the team is within the limit. Remove a member or{' '}
          <Link to={webPaths.pricing} className="font-medium underline underline-offset-4">
            upgrade
          </Link>
          .
        </Alert>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle>Invite a teammate</CardTitle>
          <CardDescription>
            They get an email with a link. They sign in or sign up with that address and join your workspace.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <InviteForm team={team} />
        </CardContent>
      </Card>
      {error ? <Alert variant="destructive">{messageOf(error)}</Alert> : null}
      <Card>
        <CardHeader>
          <CardTitle>Members</CardTitle>
        </CardHeader>
        <CardContent>
          <MemberList
            team={team}
            action={(member) =>
              member.role === 'member' ? (
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`Remove ${member.email}`}
                  disabled={remove.isPending && remove.variables === member.userId}
                  onClick={() => remove.mutate(member.userId)}
                >
                  <UserMinus aria-hidden="true" /> Remove
                </Button>
              ) : null
            }
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Pending invitations</CardTitle>
          <CardDescription>Each holds a seat until it is accepted, revoked or expires.</CardDescription>
        </CardHeader>
        <CardContent>
          {team.invitations.length === 0 ? (
            <p className="text-sm text-muted-foreground">No invitations waiting.</p>
          ) : (
            <ul className="divide-y" aria-label="Pending invitations">
              {team.invitations.map((invitation) => (
                <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <div className="min-w-0">
                    <p className="font-medium [overflow-wrap:anywhere]">{invitation.email}</p>
                    <p className="text-xs text-muted-foreground">
                      Sent {formatDate(invitation.createdAt)} · expires {formatDate(invitation.expiresAt)}
                    </p>
                  </div>
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`Revoke the invitation to ${invitation.email}`}
                    disabled={revoke.isPending && revoke.variables === invitation.id}
                    onClick={() => revoke.mutate(invitation.id)}
                  >
                    Revoke
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </>
  );
}

function MemberList({ team, action }: { team: Team; action?: (member: Team['members'][number]) => ReactNode }) {
  return (
    <ul className="divide-y" aria-label="Members">
      {team.members.map((member) => (
        <li key={member.userId} className="flex flex-wrap items-center justify-between gap-2 py-2">
          <div className="min-w-0">
            <p className="font-medium [overflow-wrap:anywhere]">{member.email}</p>
            <p className="text-xs text-muted-foreground">
              {member.joinedAt ? `Joined ${formatDate(member.joinedAt)}` : 'Owner of the workspace'}
            </p>
          </div>
          <div className="flex items-center gap-2">
            <Badge variant={member.role === 'owner' ? 'default' : 'outline'}>{member.role}</Badge>
            {action?.(member)}
          </div>
        </li>
      ))}
    </ul>
  );
}

function MemberView({ team }: { team: Team }) {
  const leave = useLeaveTeam();
  return (
    <Card>
      <CardHeader>
        <CardTitle>You work in {team.ownerEmail}’s workspace</CardTitle>
        <CardDescription>
          On their {plans[team.plan].name} plan. Leave to go back to your own workspace (your own plan and data, as you
          left them).
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <MemberList team={team} />
        {leave.error ? <Alert variant="destructive">{messageOf(leave.error)}</Alert> : null}
        <div>
          <Button variant="outline" onClick={() => leave.mutate(undefined)} disabled={leave.isPending}>
            {leave.isPending ? <Spinner label="Leaving" className="size-4" /> : null}
            Leave this team
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/** Account settings → Team: members, pending invitations, seats of the plan. */
export function TeamPage() {
  const team = useTeam();
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
          {team.data.role === 'owner' ? <OwnerView team={team.data} /> : <MemberView team={team.data} />}
          <SharingNote />
        </>
      )}
    </div>
  );
}
