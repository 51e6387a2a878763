import { plans } from '@shared/plans';
import type { Team } from '@shared/schemas/team';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { useLeaveTeam } from '../api/team';
import { messageOf } from '../lib/team-format';
import { MemberList } from './member-list';

/** A member's view: whose workspace this is, the members, and Leave this team. */
export function MemberView({ team }: { team: Team }) {
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
