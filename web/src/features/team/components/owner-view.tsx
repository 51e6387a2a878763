import { UserMinus } from 'lucide-react';
import { Link } from 'react-router-dom';
import { plans } from '@shared/plans';
import type { Team } from '@shared/schemas/team';
import { webPaths } from '@shared/web-paths';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { useRemoveMember, useRevokeInvitation } from '../api/team';
import { formatDate, messageOf } from '../lib/team-format';
import { InviteForm } from './invite-form';
import { MemberList } from './member-list';

/** The owner's view: seats over the plan, inviting, members (each removable) and pending invitations (revocable). */
export function OwnerView({ team }: { team: Team }) {
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
              member.role !== 'owner' ? (
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
