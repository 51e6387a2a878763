import { CheckCircle2, PlugZap, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { REQUIRED_META_PERMISSIONS } from '@shared/schemas/meta';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { useWorkspaceRole } from '@web/lib/team/workspace-role';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { useMetaConnection } from '@web/lib/meta-account/use-meta-connection';
import { META_TOKEN_EXPIRED_MESSAGE } from '@web/lib/meta-account/meta-error-message';
import { ConnectErrorAlert } from './connect-error-alert';
import { ConnectMetaButton } from './connect-meta-button';
import { Modal } from '@web/components/ui/modal';

/** Under this many days left, the card asks the person to reconnect before the token stops working. */
export const TOKEN_WARNING_DAYS = 7;

export function daysUntil(iso: string | null, now = Date.now()): number | null {
  if (!iso) return null;
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.floor((at - now) / 86_400_000));
}

const PERMISSION_PURPOSE: Record<(typeof REQUIRED_META_PERMISSIONS)[number], string> = {
  ads_read: 'read your campaigns and results',
  ads_management: 'pause, resume and re-budget campaigns',
};

/** Plain words for declined permissions Adsmith needs, and what they stop. */
export function declinedPermissionsMessage(declined: readonly (typeof REQUIRED_META_PERMISSIONS)[number][]): string {
  const names = declined.join(' and ');
  const purposes = declined.map((p) => PERMISSION_PURPOSE[p]).join(', or ');
  return `You declined ${names} on Meta, so Adsmith cannot ${purposes}. Ask Meta again to grant ${declined.length === 1 ? 'it' : 'them'}.`;
}

/** Connection state, scopes, token health, declined permissions, reconnect and disconnect. */
export function MetaConnectionCard() {
  const { loading, isConnected, connection, tokenExpired, disconnect, disconnecting } = useMetaConnection();
  const [confirming, setConfirming] = useState(false);
  const member = useWorkspaceRole().role !== 'owner';

  if (loading) {
    return (
      <Card aria-busy="true" aria-label="Meta connection">
        <CardHeader>
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-4 w-72" />
        </CardHeader>
      </Card>
    );
  }

  if (!isConnected || !connection) {
    return (
      <Card className="border-dashed">
        <CardHeader className="flex-row items-start gap-4">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-secondary">
            <PlugZap aria-hidden="true" className="size-5 text-primary" />
          </span>
          <div className="grid gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <CardTitle>Meta ad account</CardTitle>
              <Badge variant="outline">{tokenExpired ? 'Reconnect needed' : 'Not connected'}</Badge>
            </div>
            {tokenExpired ? (
              <CardDescription>
                Meta no longer accepts Adsmith&apos;s access to your ad account: it expired, or it was removed in your
                Facebook settings. Reconnect to see your campaigns and results again; nothing you set up is lost.
              </CardDescription>
            ) : (
              <CardDescription>
                Connect your Meta (Facebook and Instagram) ad account to see your spend, results and cost per result
                here, and to pause, resume and re-budget campaigns without leaving Adsmith. You choose what to share on
                Meta&apos;s own page; we never see your Facebook password, and you can disconnect at any time.
              </CardDescription>
            )}
          </div>
        </CardHeader>
        <CardContent className="grid gap-4">
          <ConnectErrorAlert />
          <div>{tokenExpired ? <ConnectMetaButton label="Reconnect Meta" /> : <ConnectMetaButton />}</div>
        </CardContent>
      </Card>
    );
  }

  const declinedNeeded = REQUIRED_META_PERMISSIONS.filter((p) => connection.declinedScopes?.includes(p));
  const days = daysUntil(connection.expiresAt);
  const expiringSoon = days !== null && days < TOKEN_WARNING_DAYS;
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
        <div className="flex items-start gap-4">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-success/15">
            <CheckCircle2 aria-hidden="true" className="size-5 text-success" />
          </span>
          <div className="grid gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <CardTitle>Meta ad account</CardTitle>
              <Badge variant="success">Connected</Badge>
            </div>
            <CardDescription>
              Connected as <span className="font-medium text-foreground">{connection.metaUserName ?? 'Meta user'}</span>
              {days !== null ? (
                <>
                  {' · '}
                  <span className={expiringSoon ? 'font-medium text-destructive' : undefined}>
                    Access expires in {days} {days === 1 ? 'day' : 'days'}
                  </span>
                </>
              ) : null}
            </CardDescription>
          </div>
        </div>
        {member ? (
          <p className="text-sm text-muted-foreground">Managed by your workspace owner</p>
        ) : (
          <Button variant="outline" size="sm" onClick={() => setConfirming(true)} disabled={disconnecting}>
            Disconnect
          </Button>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul aria-label="Granted permissions" className="flex flex-wrap gap-1.5">
          {connection.scopes.map((scope) => (
            <li key={scope}>
              <Badge variant="outline" className="font-mono">
                {scope}
              </Badge>
            </li>
          ))}
        </ul>
        {declinedNeeded.length > 0 ? (
          <Alert variant="warning" title="Meta permissions missing">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <span>{declinedPermissionsMessage(declinedNeeded)}</span>
              <ConnectMetaButton label="Ask Meta again" rerequest size="sm" />
            </div>
          </Alert>
        ) : null}
        {tokenExpired || expiringSoon ? (
          <Alert variant="warning" title={tokenExpired ? 'Meta access has expired' : 'Meta access expires soon'}>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <span>
                {tokenExpired
                  ? META_TOKEN_EXPIRED_MESSAGE
                  : `Meta access ends in ${days} ${days === 1 ? 'day' : 'days'}. Reconnect to keep your figures up to date.`}
              </span>
              <ConnectMetaButton label="Reconnect Meta" size="sm" />
            </div>
          </Alert>
        ) : null}
        <ConnectErrorAlert />
      </CardContent>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        role="alertdialog"
        title="Disconnect Meta?"
        description="Adsmith removes its access to your Meta ad accounts and deletes the connection it holds. Your campaigns keep running on Meta."
      >
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => setConfirming(false)} data-autofocus>
            Cancel
          </Button>
          <Button
            variant="destructive"
            disabled={disconnecting}
            onClick={() => {
              setConfirming(false);
              void disconnect();
            }}
          >
            <ShieldAlert aria-hidden="true" />
            Disconnect Meta
          </Button>
        </div>
      </Modal>
    </Card>
  );
}
