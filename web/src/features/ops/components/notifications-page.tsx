import { Send } from 'lucide-react';
import type { Delivery, NotificationStatus, NotificationTarget } from '@shared/schemas/notifications';
import { PageHeader } from '@web/components/layout/page-header';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { Spinner } from '@web/components/ui/spinner';
import { useNotificationStatus, useSendTestNotification } from '../api/notification-status';

const TARGETS: { target: NotificationTarget; name: string; what: string }[] = [
  {
    target: 'slack',
    name: 'Slack',
    what: 'Signups, contact messages, button clicks (as digests), payments, errors and campaign changes.',
  },
  {
    target: 'webhook',
    name: 'Automation webhook',
    what: 'Signups (user_signup) and contact form submissions (form_submission).',
  },
];

function TargetCard({
  target,
  name,
  what,
  status,
}: {
  target: NotificationTarget;
  name: string;
  what: string;
  status: NotificationStatus[NotificationTarget];
}) {
  const sendTest = useSendTestNotification();
  const sending = sendTest.isPending && sendTest.variables === target;
  return (
    <Card>
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle>{name}</CardTitle>
          {status.configured ? (
            <Badge variant="success">Connected</Badge>
          ) : (
            <Badge variant="outline">Not configured</Badge>
          )}
        </div>
        <CardDescription>{what}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <p>
          {status.configured ? (
            <>
              Posting to <code className="font-mono">{status.host}</code>
            </>
          ) : (
            'No URL is set: fill it in the notifications secret (see docs/operating.md).'
          )}
        </p>
        <div>
          {/* A long target name wraps on a phone instead of pushing the card past the screen. */}
          <Button
            variant="outline"
            className="h-auto min-h-10 whitespace-normal text-left"
            onClick={() => sendTest.mutate(target)}
            disabled={sending || !status.configured}
          >
            {sending ? <Spinner label="Sending" className="size-4" /> : <Send aria-hidden="true" />}
            Send test to {name}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function DeliveriesTable({ deliveries }: { deliveries: Delivery[] }) {
  if (deliveries.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">Nothing delivered yet. Send a test above to see the pipe work.</p>
    );
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Latest deliveries</caption>
        <thead className="text-xs uppercase text-muted-foreground">
          <tr>
            <th scope="col" className="py-2 pr-4">
              When
            </th>
            <th scope="col" className="py-2 pr-4">
              To
            </th>
            <th scope="col" className="py-2 pr-4">
              What
            </th>
            <th scope="col" className="py-2 pr-4">
              Status
            </th>
          </tr>
        </thead>
        <tbody>
          {deliveries.map((d) => (
            <tr key={d.id} className="border-t">
              <td className="py-2 pr-4 whitespace-nowrap">
                <time dateTime={d.at}>{new Date(d.at).toLocaleTimeString()}</time>
              </td>
              <td className="py-2 pr-4">{d.target === 'slack' ? 'Slack' : 'Webhook'}</td>
              <td className="py-2 pr-4">
                {d.eventCount} × {d.detailTypes.join(', ')}
              </td>
              <td className="py-2 pr-4">
                {d.status === 'delivered' ? (
                  <Badge variant="success">Delivered ({d.httpStatus})</Badge>
                ) : (
                  <span className="text-destructive">Failed: {d.note ?? d.httpStatus}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Settings › Notifications: shows a team that the pipe works without opening AWS. */
export function NotificationsPage() {
  const status = useNotificationStatus();
  return (
    <div className="mx-auto grid max-w-5xl grid-cols-1 gap-6 px-4 py-10">
      <PageHeader
        eyebrow="Settings"
        title="Notifications"
        description="Where this deployment sends its notifications, and what it sent last. Failed posts are retried automatically."
      />
      {status.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2" aria-busy="true" aria-label="Loading notification settings">
          <Skeleton className="h-40" />
          <Skeleton className="h-40" />
        </div>
      ) : status.isError ? (
        <Alert variant="destructive" title="Could not load the notification settings">
          {status.error.message}
        </Alert>
      ) : (
        <>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            {TARGETS.map((t) => (
              <TargetCard key={t.target} {...t} status={status.data[t.target]} />
            ))}
          </div>
          <Card>
            <CardHeader>
              <CardTitle>Last deliveries</CardTitle>
              <CardDescription>Newest first; refreshed every few seconds.</CardDescription>
            </CardHeader>
            <CardContent>
              <DeliveriesTable deliveries={status.data.deliveries} />
            </CardContent>
          </Card>
        </>
      )}
    </div>
  );
}
