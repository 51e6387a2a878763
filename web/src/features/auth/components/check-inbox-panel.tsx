import { MailCheck } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { ResendVerificationButton } from './resend-verification-button';

/** After sign-up: the account exists but must be verified through the emailed link. */
export function CheckInboxPanel({ email, onBackToSignIn }: { email: string; onBackToSignIn: () => void }) {
  return (
    <div className="flex flex-col items-center gap-4 text-center" role="status">
      <div className="flex size-14 items-center justify-center rounded-full bg-secondary">
        <MailCheck aria-hidden="true" className="size-7 text-primary" />
      </div>
      <h2 className="text-xl font-semibold">Check your inbox</h2>
      <p className="text-sm text-muted-foreground">
        We sent a verification link to <span className="font-medium text-foreground">{email}</span>. Open it to activate
        your account, then sign in.
      </p>
      <p className="text-xs text-muted-foreground">
        Nothing arrived after a few minutes? Check your spam folder or send it again.
      </p>
      <ResendVerificationButton email={email} />
      <Button variant="link" onClick={onBackToSignIn}>
        Back to sign in
      </Button>
    </div>
  );
}
