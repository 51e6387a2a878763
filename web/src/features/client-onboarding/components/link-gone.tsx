import { Link2Off } from 'lucide-react';
import { Alert } from '@web/components/ui/alert';
import { Card } from '@web/components/ui/card';
import { ApiError } from '@web/lib/api-client';

/** Why a link no longer works, from the server's `details.reason`; anything else is a link that never worked. */
export function linkGoneHeading(error: unknown): string {
  if (error instanceof ApiError && error.code === 'ONBOARDING_LINK_INVALID') {
    if (error.details?.reason === 'used') return 'This link was already used';
    if (error.details?.reason === 'expired') return 'This link has expired';
    return 'This link does not work';
  }
  if (error instanceof ApiError && error.status === 400) return 'This link is not complete';
  return 'This link could not be opened';
}

/** The page for an onboarding link that was used, expired, or never existed: what happened and what to do. */
export function LinkGone({ error }: { error: unknown }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 sm:px-6">
      <Card className="flex flex-col items-center gap-4 p-8 text-center">
        <Link2Off aria-hidden="true" className="size-10 text-muted-foreground" />
        <h1 className="text-2xl font-semibold">{linkGoneHeading(error)}</h1>
        <Alert variant="info" className="text-left">
          {error instanceof Error ? error.message : 'Please try again in a moment.'}
        </Alert>
      </Card>
    </div>
  );
}
