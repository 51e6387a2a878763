import { Alert } from '@web/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { useApprovalSettings, useSaveApprovalSettings } from '../api/team';

/**
 * "Require the client's approval before publishing" (issue 28, req 3): when on, the server refuses to publish a
 * campaign plan the client has not approved as it stands (409 APPROVAL_REQUIRED). For those who manage the team.
 */
export function ApprovalSettingCard() {
  const settings = useApprovalSettings();
  const save = useSaveApprovalSettings();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Client approval</CardTitle>
        <CardDescription>
          Send plans from the campaign generator for approval, to the client in Adsmith or by a link that needs no
          account.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4"
            checked={settings.data?.requireApproval ?? false}
            disabled={settings.isPending || save.isPending}
            onChange={(event) => save.mutate(event.target.checked)}
          />
          Require the client’s approval before a campaign plan is published
        </label>
        {settings.isError ? <Alert variant="destructive">{settings.error.message}</Alert> : null}
        {save.isError ? <Alert variant="destructive">{save.error.message}</Alert> : null}
      </CardContent>
    </Card>
  );
}
