import { Link as LinkIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { OnboardingLinkSummary } from '@shared/schemas/onboarding';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { ShownOnceLink } from '@web/components/shown-once-link';
import { Spinner } from '@web/components/ui/spinner';
import { useCreateOnboardingLink, useOnboardingLinks } from '../api/team';
import { formatDate, messageOf } from '../lib/team-format';

const statusWords: Record<OnboardingLinkSummary['status'], string> = {
  waiting: 'Not used yet',
  used: 'Used',
  expired: 'Expired',
};

function LinkLine({ link }: { link: OnboardingLinkSummary }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2">
      <div className="min-w-0 text-sm">
        <p className="[overflow-wrap:anywhere]">
          Made {formatDate(link.createdAt)}
          {link.createdByEmail ? ` by ${link.createdByEmail}` : ''}
        </p>
        <p className="text-xs text-muted-foreground">
          {link.usedAt
            ? `Used ${formatDate(link.usedAt)}: the client’s Meta account is connected`
            : `${link.status === 'expired' ? 'Expired' : 'Expires'} ${formatDate(link.expiresAt)}`}
        </p>
      </div>
      <Badge variant={link.status === 'used' ? 'success' : link.status === 'expired' ? 'outline' : 'default'}>
        {statusWords[link.status]}
      </Badge>
    </li>
  );
}

/**
 * In a client workspace, for its agency's owner or admins (issue 28, req 5): a link the client opens to connect
 * their Meta ad account here through Meta's dialog, with no account and no password shared. The link is shown once
 * (only its hash is kept); the list says whether each was used.
 */
export function OnboardingLinksCard({ workspaceName }: { workspaceName: string }) {
  const links = useOnboardingLinks();
  const create = useCreateOnboardingLink();
  const [agencyName, setAgencyName] = useState('');
  const url = create.data ? `${window.location.origin}/onboard/${create.data.token}` : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(agencyName.trim());
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <LinkIcon aria-hidden="true" className="size-4" />
          Connect {workspaceName}’s Meta account
        </CardTitle>
        <CardDescription>
          Send your client a link. They connect their Meta ad account to this workspace through Facebook’s own dialog,
          with no Adsmith account; you never see their password or Meta’s token. Each link works once, for 7 days.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <FormField label="Your agency’s name, as the client knows it" className="min-w-0 flex-1">
            {(control) => (
              <Input
                {...control}
                maxLength={80}
                value={agencyName}
                onChange={(event) => setAgencyName(event.target.value)}
                placeholder="Northwind Media"
              />
            )}
          </FormField>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? <Spinner label="Creating" className="size-4" /> : null}
            Create onboarding link
          </Button>
        </form>
        {create.isError ? (
          <Alert variant="destructive" title="Could not create the link">
            {messageOf(create.error)}
          </Alert>
        ) : null}
        {url ? <ShownOnceLink label="Onboarding link" url={url} /> : null}
        {links.isError ? (
          <Alert variant="destructive">{messageOf(links.error)}</Alert>
        ) : links.data && links.data.links.length > 0 ? (
          <ul className="divide-y" aria-label="Onboarding links">
            {links.data.links.map((link) => (
              <LinkLine key={link.id} link={link} />
            ))}
          </ul>
        ) : links.data ? (
          <p className="text-sm text-muted-foreground">No links made yet.</p>
        ) : null}
      </CardContent>
    </Card>
  );
}
