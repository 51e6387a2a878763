import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { InvitationTokenSchema } from '@shared/schemas/team';
import { signUpPath, webPaths } from '@shared/web-paths';
import { LoadingScreen } from '@web/components/loading-screen';
import { Alert } from '@web/components/ui/alert';
import { Button, buttonVariants } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { useAuth } from '@web/lib/auth/use-auth';
import { useAcceptInvitation } from '../api/team';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong.');

/**
 * Where an emailed invitation lands. Signed out: sign in or sign up with the invited address (sign-in comes
 * back here). Signed in: accept, and from then on work in the owner's workspace.
 */
export function JoinTeamPage() {
  const [search] = useSearchParams();
  const location = useLocation();
  const { currentUser, loading } = useAuth();
  const accept = useAcceptInvitation();
  const [joined, setJoined] = useState<string | null>(null);
  const token = InvitationTokenSchema.safeParse(search.get('token') ?? '');

  if (loading) return <LoadingScreen />;

  return (
    <div className="mx-auto grid w-full max-w-xl gap-6 px-4 py-10">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold tracking-tight">Join a team on Adsmith</h1>
          <CardDescription>
            You were invited to work in someone’s Adsmith workspace: their plan, their Meta ad accounts, campaigns,
            drafts, designs and reports. Billing stays with them.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {!token.success ? (
            <Alert variant="destructive" title="This invitation link is incomplete">
              Open the link from the invitation email again, whole. If it still fails, ask the workspace owner for a new
              invitation.
            </Alert>
          ) : joined ? (
            <Alert variant="success" title={`You joined ${joined}’s workspace`}>
              <p>Everything you open now is the team’s.</p>
              <Link to={webPaths.dashboard} className={buttonVariants({ size: 'sm', className: 'mt-2 w-fit' })}>
                Go to the dashboard
              </Link>
            </Alert>
          ) : !currentUser ? (
            <>
              <p className="text-sm">
                Sign in, or sign up, with <strong>the address the invitation was sent to</strong>. After signing up and
                confirming your email, sign in and open the invitation link again.
              </p>
              <div className="flex flex-wrap gap-2">
                <Link to={webPaths.auth} state={{ from: location }} className={buttonVariants({})}>
                  Sign in to accept
                </Link>
                <Link to={signUpPath} state={{ from: location }} className={buttonVariants({ variant: 'outline' })}>
                  Sign up
                </Link>
              </div>
            </>
          ) : (
            <>
              <p className="text-sm">
                You are signed in as <strong className="[overflow-wrap:anywhere]">{currentUser.email}</strong>. Once you
                accept, you work in the team’s workspace; your own stays as it is, and you can leave the team at any
                time (Team, in the account menu).
              </p>
              {accept.error ? (
                <Alert variant="destructive" title="The invitation could not be accepted">
                  {messageOf(accept.error)}
                </Alert>
              ) : null}
              <div>
                <Button
                  onClick={() => accept.mutate(token.data, { onSuccess: (team) => setJoined(team.ownerEmail) })}
                  disabled={accept.isPending}
                >
                  {accept.isPending ? <Spinner label="Joining" className="size-4" /> : null}
                  Accept the invitation
                </Button>
              </div>
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
