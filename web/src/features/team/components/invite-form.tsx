import { Copy, MailPlus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { plans } from '@shared/plans';
import type { InvitationCreated, Team } from '@shared/schemas/team';
import { webPaths } from '@shared/web-paths';
import { QuotaUpgradePrompt } from '@web/components/billing/quota-upgrade-prompt';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/select-field';
import type { InvitedRole } from '@shared/workspace-roles';
import { Spinner } from '@web/components/ui/spinner';
import { quotaExceededOf } from '@web/lib/billing/quota-exceeded';
import { useInvite } from '../api/team';
import { formatDate, messageOf } from '../lib/team-format';

/**
 * Each role a teammate can be invited as: its short name in the list, and what it may do, shown under the form for
 * the chosen one (a sentence cut off inside a narrow select read as "Member: works in the wo").
 */
const INVITED_ROLES: Record<InvitedRole, { name: string; can: string }> = {
  member: { name: 'Member', can: 'A member works in the workspace: campaigns, drafts, designs, reports.' },
  admin: { name: 'Admin', can: 'An admin works in the workspace and also manages the team.' },
  client: { name: 'Client (read-only)', can: 'A client reads dashboards and reports and answers approvals.' },
};

/** Invite a teammate by email; the link to pass on (emailed or not), and why no seat is left. */
export function InviteForm({ team }: { team: Team }) {
  const invite = useInvite();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InvitedRole>('member');
  const roleHintId = useId();
  const [created, setCreated] = useState<InvitationCreated | null>(null);
  const [copied, setCopied] = useState(false);
  const full = team.seats.used >= team.seats.limit;
  const quota = quotaExceededOf(invite.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setCreated(null);
    setCopied(false);
    invite.mutate(
      { email: email.trim(), role },
      {
        onSuccess: (reply) => {
          setCreated(reply);
          setEmail('');
        },
      },
    );
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
        <FormField label="Role" className="sm:w-56">
          {(control) => (
            <NativeSelect
              {...control}
              aria-describedby={roleHintId}
              value={role}
              onChange={(event) => setRole(event.target.value as InvitedRole)}
            >
              {(Object.keys(INVITED_ROLES) as InvitedRole[]).map((value) => (
                <option key={value} value={value}>
                  {INVITED_ROLES[value].name}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <Button type="submit" disabled={invite.isPending || email.trim() === ''}>
          {invite.isPending ? <Spinner label="Sending" className="size-4" /> : <MailPlus aria-hidden="true" />}
          Send invitation
        </Button>
      </form>
      <p id={roleHintId} className="text-sm text-muted-foreground">
        {INVITED_ROLES[role].can}
      </p>
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
