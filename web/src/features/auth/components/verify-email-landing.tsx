import { CheckCircle2, MailWarning } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { AuthLinkParams } from '@shared/auth-links';
import { buttonVariants } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { useConfirmEmailLink } from '../hooks/use-confirm-email-link';
import { ResendVerificationButton } from './resend-verification-button';
import { webPaths } from '@shared/web-paths';

/** The verification link lands on the site root; this completes the confirmation. */
export function VerifyEmailLanding({ link }: { link: AuthLinkParams }) {
  const state = useConfirmEmailLink(link);
  const signInHref = `${webPaths.auth}?email=${encodeURIComponent(link.username)}`;

  return (
    <div className="mx-auto flex max-w-lg px-4 py-16 sm:py-24">
      <Card className="w-full shadow-lg shadow-indigo-500/5">
        <CardContent className="flex flex-col items-center gap-4 p-8 text-center">
          {state.status === 'verifying' ? (
            <>
              <Spinner label="Verifying your email" className="size-8 text-primary" />
              <h1 className="text-xl font-semibold">Verifying your email…</h1>
            </>
          ) : null}
          {state.status === 'verified' || state.status === 'already-verified' ? (
            <div role="status" className="flex flex-col items-center gap-4">
              <CheckCircle2 aria-hidden="true" className="size-12 text-success" />
              <h1 className="text-2xl font-semibold">
                {state.status === 'verified' ? 'Your email is verified' : 'Your email was already verified'}
              </h1>
              <p className="text-muted-foreground">
                <span className="font-medium text-foreground">{link.username}</span> is ready. You can now sign in.
              </p>
              <Link to={signInHref} className={buttonVariants({ size: 'lg' })}>
                Sign in
              </Link>
            </div>
          ) : null}
          {state.status === 'failed' ? (
            <div role="alert" className="flex flex-col items-center gap-4">
              <MailWarning aria-hidden="true" className="size-12 text-destructive" />
              <h1 className="text-2xl font-semibold">We could not verify your email</h1>
              <p className="text-muted-foreground">{state.message}</p>
              {state.canResend ? <ResendVerificationButton email={link.username} /> : null}
              <Link to={signInHref} className={buttonVariants({ variant: 'outline' })}>
                Go to sign in
              </Link>
            </div>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}
