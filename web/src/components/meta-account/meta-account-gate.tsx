import type { LucideIcon } from 'lucide-react';
import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import type { AdAccount } from '@shared/schemas/meta';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { useMetaConnection } from '@web/lib/meta-account/use-meta-connection';
import { AdAccountPicker } from './ad-account-picker';
import { ConnectErrorAlert } from './connect-error-alert';
import { ConnectMetaButton } from './connect-meta-button';
import { QueryErrorAlert } from './query-error-alert';

/**
 * What every screen working on one ad account (the optimizer, the ad optimizer) shows before it can:
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
  const { loading, isConnected, adAccounts, adAccountsLoading, adAccountsError, refresh } = useMetaConnection();
  if (loading) return <Skeleton className="h-40 w-full" />;
  if (!isConnected) {
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
  if (adAccountsError) {
    return (
      <QueryErrorAlert
        title="Your ad accounts could not be loaded"
        error={adAccountsError}
        onRetry={() => void refresh()}
      />
    );
  }
  if (adAccountsLoading) return <Skeleton className="h-96 w-full" />;
  if (adAccounts.length === 0)
    return <Alert title="No ad accounts">This Meta user has no ad accounts we may read.</Alert>;
  return children;
}

/** The account picker and the button that reads the account again (busy while it does). */
export function AdAccountToolbar({
  accounts,
  value,
  onChange,
  fetching,
  onRefetch,
  idleLabel,
  busyLabel,
}: {
  accounts: AdAccount[];
  value: string | undefined;
  onChange: (id: string) => void;
  fetching: boolean;
  onRefetch: () => void;
  idleLabel: string;
  busyLabel: string;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3 rounded-lg border bg-card p-4 shadow-sm">
      <AdAccountPicker accounts={accounts} value={value} onChange={onChange} />
      <Button variant="outline" onClick={onRefetch} disabled={fetching}>
        <RefreshCw aria-hidden="true" className={fetching ? 'animate-spin' : ''} />
        {fetching ? busyLabel : idleLabel}
      </Button>
    </div>
  );
}
