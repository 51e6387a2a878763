import { KeyRound, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError } from '@web/lib/api-client';
import { freshOnboardingDialog, useOnboardingConfig } from '../api/onboarding';
import { writeOnboardingAttempt } from '../lib/onboarding-attempt';
import { LinkGone } from './link-gone';

/** What Meta's dialog asks for (META_SCOPES), in the words a business owner reads. */
export const SHARED_WITH_ADSMITH = [
  'Your ad accounts’ campaigns, ad sets, ads and their results (ads_read)',
  'Pausing, resuming and re-budgeting campaigns, and publishing the ones you approve (ads_management)',
  'Which ad accounts your business owns (business_management)',
  'Your Pages’ names and engagement, to show ads under them (pages_read_engagement)',
] as const;

/** Leaves for Meta's dialog in this tab; the callback page finishes the link from the stored attempt. */
function goToMeta(url: string): void {
  window.location.assign(url);
}

/**
 * /onboard/:token: the page an agency's onboarding link opens (issue 28, req 5). No account: the client reads who
 * asks, for which workspace, and what is shared, then connects through Meta's own dialog. Their Facebook password is
 * typed at Meta only; the token Meta gives is stored encrypted in their workspace and shown to nobody.
 */
export default function OnboardingLinkPage() {
  const { token = '' } = useParams();
  const opened = useOnboardingConfig(token);
  const [leaving, setLeaving] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  const connect = async () => {
    setLeaving(true);
    setFailure(null);
    try {
      const dialog = await freshOnboardingDialog(token);
      writeOnboardingAttempt({ token, state: dialog.state, timestamp: Date.now() });
      goToMeta(dialog.dialogUrl);
    } catch (error) {
      setFailure(error);
      setLeaving(false);
    }
  };

  if (opened.isPending) {
    return (
      <div className="mx-auto grid max-w-xl place-items-center px-4 py-16">
        <Spinner label="Opening the link" className="size-8 text-muted-foreground" />
      </div>
    );
  }
  if (opened.isError || (failure instanceof ApiError && failure.code === 'ONBOARDING_LINK_INVALID')) {
    return <LinkGone error={opened.error ?? failure} />;
  }
  const { agencyName, workspaceName, expiresAt } = opened.data;
  return (
    <div className="mx-auto grid max-w-2xl gap-6 px-4 py-10 sm:px-6">
      <div className="grid gap-2">
        <p className="text-sm font-medium text-muted-foreground">Connect your Meta ad account</p>
        <h1 className="text-2xl font-bold tracking-tight [overflow-wrap:anywhere] sm:text-3xl">
          {agencyName} asks you to connect your Meta ads
        </h1>
        <p className="text-muted-foreground [overflow-wrap:anywhere]">
          {agencyName} manages your advertising in Adsmith, in a workspace for{' '}
          <strong className="text-foreground">{workspaceName}</strong>. Connecting lets them see your campaigns and
          results there and run the changes you agree on. You need no Adsmith account.
        </p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-base">
            <KeyRound aria-hidden="true" className="size-4" />
            What Meta will share with Adsmith
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="grid list-disc gap-1 pl-5 text-sm" aria-label="What will be shared">
            {SHARED_WITH_ADSMITH.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p className="mt-3 text-sm text-muted-foreground">
            Meta shows you the same list and lets you choose which ad accounts and Pages to share.
          </p>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-base">
            <ShieldCheck aria-hidden="true" className="size-4" />
            What stays with you
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="grid list-disc gap-1 pl-5 text-sm" aria-label="What stays with you">
            <li>Your Facebook password: you type it on Facebook only, never here.</li>
            <li>
              The access Meta gives is stored encrypted in {workspaceName}’s workspace; nobody at {agencyName} sees it.
            </li>
            <li>You can remove Adsmith at any time in Facebook’s settings (Business integrations).</li>
          </ul>
        </CardContent>
      </Card>
      {failure ? (
        <Alert variant="destructive" title="Could not open Meta’s dialog">
          {failure instanceof Error ? failure.message : 'Please try again.'}
        </Alert>
      ) : null}
      <div className="grid gap-2 sm:flex sm:items-center sm:gap-4">
        <Button size="lg" onClick={() => void connect()} disabled={leaving}>
          {leaving ? <Spinner label="Opening Facebook" className="size-4" /> : null}
          Connect with Facebook
        </Button>
        <p className="text-sm text-muted-foreground">
          This link works once, until {new Date(expiresAt).toLocaleDateString()}.
        </p>
      </div>
    </div>
  );
}
