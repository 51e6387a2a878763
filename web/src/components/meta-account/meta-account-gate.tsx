import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '@web/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { useMetaConnection } from '@web/lib/meta-account/use-meta-connection';
import { workspaceGate } from '@web/lib/meta-account/workspace-gate';
import { ConnectErrorAlert } from './connect-error-alert';
import { ConnectMetaButton } from './connect-meta-button';
import { QueryErrorAlert } from './query-error-alert';

/**
 * What every screen working on one ad account (campaigns, the optimizer, the ad optimizer) shows before it can:
 * progress while the connection loads, an invitation to connect Meta (saying what the screen will do),
 * the ad accounts' load error with a retry, and an account-less Meta user. `children` renders once an
 * ad account can be chosen.
 */
export function MetaAccountGate({
  icon: Icon,
  title,
  description,
  children,
}: {
  icon: LucideIcon;
  /** The not-connected card's title, e.g. "Connect Meta to see your ads". */
  title: string;
  description: string;
  children: ReactNode;
}) {
  const meta = useMetaConnection();
  const gate = workspaceGate(meta);
  if (gate === 'loading') return <Skeleton className="h-40 w-full" />;
  if (gate === 'not-connected') {
    return (
      <Card className="border-dashed">
        <CardHeader className="items-center text-center">
          <Icon aria-hidden="true" className="size-10 text-primary" />
          <CardTitle>{title}</CardTitle>
          <CardDescription className="max-w-lg">{description}</CardDescription>
        </CardHeader>
        <CardContent className="grid justify-items-center gap-4">
          <ConnectErrorAlert />
          <ConnectMetaButton />
        </CardContent>
      </Card>
    );
  }
  if (gate === 'accounts-error') {
    return (
      <QueryErrorAlert
        title="Your ad accounts could not be loaded"
        error={meta.adAccountsError}
        onRetry={() => void meta.refresh()}
      />
    );
  }
  if (gate === 'accounts-loading') return <Skeleton className="h-96 w-full" />;
  if (gate === 'no-accounts')
    return <Alert title="No ad accounts">This Meta user has no ad accounts we may read.</Alert>;
  return children;
}
