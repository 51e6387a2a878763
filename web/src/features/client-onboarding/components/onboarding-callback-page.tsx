import { CheckCircle2, CircleX, Link2Off, PlugZap } from 'lucide-react';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert } from '@web/components/ui/alert';
import { buttonVariants } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError } from '@web/lib/api-client';
import { callbackUrlOutcome } from '@web/lib/meta-account/callback-url-outcome';
import { META_CANCELLED_MESSAGE } from '@web/lib/meta-account/meta-error-message';
import { useFinishOnboarding } from '../api/onboarding';
import { clearOnboardingAttempt, type OnboardingAttempt } from '../lib/onboarding-attempt';
import { linkGoneHeading } from './link-gone';

/** An authorisation code is single-use: never sent twice (StrictMode, re-renders). */
const codesSent = new Set<string>();

function Outcome({ icon, title, children }: { icon: ReactNode; title: string; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 sm:px-6">
      <Card className="flex flex-col items-center gap-4 p-8 text-center">
        {icon}
        <h1 className="text-2xl font-semibold">{title}</h1>
        {children}
      </Card>
    </div>
  );
}

/**
 * Meta's return (/auth/meta/callback) for an onboarding link (issue 28, req 5): finishes the exchange into the link's
 * client workspace, then says plainly what happened: connected, cancelled, or the link already used or expired.
 */
export function OnboardingCallbackPage({ attempt }: { attempt: OnboardingAttempt }) {
  const [params] = useSearchParams();
  const finish = useFinishOnboarding(attempt.token);
  const urlOutcome = useMemo(() => callbackUrlOutcome(params), [params]);
  const code = params.get('code');
  const state = params.get('state');
  const started = useRef(false);

  useEffect(() => {
    if (started.current || urlOutcome || !code || !state || codesSent.has(code)) return;
    started.current = true;
    codesSent.add(code);
    finish.mutate(
      { code, state },
      {
        onSuccess: clearOnboardingAttempt,
        onError: (error) => {
          // A spent or expired link cannot be retried; any other failure can, from the link's page.
          if (error instanceof ApiError && error.code === 'ONBOARDING_LINK_INVALID') clearOnboardingAttempt();
        },
      },
    );
  }, [urlOutcome, code, state, finish]);

  const backToLink = (
    <Link to={`/onboard/${attempt.token}`} className={buttonVariants()}>
      Back to the link
    </Link>
  );

  if (urlOutcome?.kind === 'cancelled') {
    return (
      <Outcome icon={<PlugZap aria-hidden="true" className="size-10 text-primary" />} title="Meta connection cancelled">
        <Alert className="text-left">{META_CANCELLED_MESSAGE} The link still works: you can try again.</Alert>
        {backToLink}
      </Outcome>
    );
  }
  if (urlOutcome) {
    return (
      <Outcome
        icon={<CircleX aria-hidden="true" className="size-10 text-destructive" />}
        title="Meta could not be connected"
      >
        <Alert variant="destructive" className="text-left">
          {urlOutcome.message}
        </Alert>
        {backToLink}
      </Outcome>
    );
  }
  if (finish.isSuccess) {
    const { metaUserName, workspaceName } = finish.data;
    return (
      <Outcome
        icon={<CheckCircle2 aria-hidden="true" className="size-10 text-success" />}
        title="Your Meta account is connected"
      >
        <p className="text-muted-foreground [overflow-wrap:anywhere]">
          {metaUserName} is connected to {workspaceName}’s workspace in Adsmith. Your agency can now see your campaigns
          there; they never saw your Facebook password or Meta’s access token. You can close this window.
        </p>
      </Outcome>
    );
  }
  if (finish.isError) {
    const gone = finish.error instanceof ApiError && finish.error.code === 'ONBOARDING_LINK_INVALID';
    return (
      <Outcome
        icon={
          gone ? (
            <Link2Off aria-hidden="true" className="size-10 text-muted-foreground" />
          ) : (
            <CircleX aria-hidden="true" className="size-10 text-destructive" />
          )
        }
        title={gone ? linkGoneHeading(finish.error) : 'Meta could not be connected'}
      >
        <Alert variant={gone ? 'info' : 'destructive'} className="text-left">
          {finish.error.message}
        </Alert>
        {gone ? null : backToLink}
      </Outcome>
    );
  }
  return (
    <Outcome
      icon={<Spinner label="Connecting Meta" className="size-10 text-primary" />}
      title="Connecting your Meta account…"
    >
      <p className="text-muted-foreground">This takes a moment. Please keep this window open.</p>
    </Outcome>
  );
}

/** Meta returned to a client workspace's state without the link's attempt in this tab: open the link again. */
export function OnboardingAttemptLost() {
  return (
    <Outcome
      icon={<Link2Off aria-hidden="true" className="size-10 text-muted-foreground" />}
      title="Open your onboarding link again"
    >
      <Alert className="text-left">
        This window does not know which onboarding link you started from (it was opened in another browser, or too long
        ago). Open the link your agency sent you and connect from there.
      </Alert>
    </Outcome>
  );
}
