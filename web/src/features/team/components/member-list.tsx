import type { ReactNode } from 'react';
import type { Team } from '@shared/schemas/team';
import { Badge } from '@web/components/ui/badge';
import { formatDate } from '../lib/team-format';

/** The team's members with their role, and an action on each when one is given (the owner's Remove). */
export function MemberList({ team, action }: { team: Team; action?: (member: Team['members'][number]) => ReactNode }) {
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
