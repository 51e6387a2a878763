import { useState } from 'react';
import { plans } from '@shared/plans';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Modal } from '@web/components/ui/modal';
import { useLeaveAgencyPlan } from '../api/team';
import { messageOf } from '../lib/team-format';

/**
 * A client workspace on an agency's Agency plan, seen by its owner (issue 28, req 1): who pays, and taking it off that
 * plan after a confirmation (the agency is told; it can attach it again only with the owner).
 */
export function AgencyPlanCard() {
  const leave = useLeaveAgencyPlan();
  const [confirming, setConfirming] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Paid for by an agency</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-sm text-muted-foreground">
          An agency&rsquo;s {plans.agency.name} plan pays for this workspace: its limits are that plan&rsquo;s, shared
          with the agency&rsquo;s other clients, and nothing is charged to you. You can take it off that plan at any
          time.
        </p>
        {leave.isSuccess ? (
          <p role="status" className="text-sm">
            This workspace left the agency&rsquo;s plan: it is on {plans[leave.data.plan].name} now. The agency was
            told.
          </p>
        ) : (
          <Button variant="outline" className="justify-self-start" onClick={() => setConfirming(true)}>
            Leave the agency&rsquo;s plan
          </Button>
        )}
        {leave.isError ? (
          <Alert variant="destructive" title="Could not leave the agency’s plan">
            {messageOf(leave.error)}
          </Alert>
        ) : null}
        <Modal
          open={confirming}
          onClose={() => setConfirming(false)}
          role="alertdialog"
          title="Leave the agency’s plan?"
          description="This workspace goes back to its own plan (Free unless it pays for one) and its own limits from its next request; what it stored stays, and the agency keeps working in it as before. The agency is told, and only you can put it back on their plan."
        >
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setConfirming(false)} data-autofocus>
              Cancel
            </Button>
            <Button
              variant="destructive"
              disabled={leave.isPending}
              onClick={() => leave.mutate(undefined, { onSettled: () => setConfirming(false) })}
            >
              Leave the plan
            </Button>
          </div>
        </Modal>
      </CardContent>
    </Card>
  );
}
