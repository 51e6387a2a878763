import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { MmmReport } from '@shared/schemas/mmm';
import { webPaths } from '@shared/web-paths';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { useMetaConnection } from '@web/lib/meta-account/use-meta-connection';
import { useAuth } from '@web/lib/auth/use-auth';
import { formatNumber } from '@web/lib/format';
import { useMetaHandoff } from '../api/mmm-api';
import { AdAccountField, MetaChannelField } from './handoff-fields';

/** Channel names that are Meta by their look: the usual column names of an uploaded file. */
const META_NAME = /meta|facebook|\bfb\b|instagram|\big\b/i;

/**
 * The channel to preselect: the one the model's data took from the connected Meta account ("use my Meta spend"),
 * whatever it was named; otherwise a column whose name says Meta; otherwise none (the marketer chooses).
 */
export function metaChannelOf(report: Pick<MmmReport, 'metaChannel' | 'allocation'>): string {
  const channels = report.allocation.channels.map((c) => c.name);
  if (report.metaChannel && channels.includes(report.metaChannel)) return report.metaChannel;
  return channels.find((c) => META_NAME.test(c)) ?? '';
}

/**
 * "Send Meta budget to the optimizer": the allocation's amount for the channel that is Meta becomes
 * daily budgets proposed in /optimizer, where the marketer approves the diff. Shown to the report's
 * owner with Meta connected; nothing changes at Meta from here.
 */
export function MetaHandoff({ modelId, report }: { modelId: string; report: MmmReport }) {
  const { currentUser } = useAuth();
  const { isConnected, adAccounts, selectedAdAccount, selectAdAccount } = useMetaConnection();
  const channels = report.allocation.channels.map((c) => c.name);
  const [channel, setChannel] = useState(() => metaChannelOf(report));
  const [accountId, setAccountId] = useState<string | undefined>(undefined);
  const [targetRoi, setTargetRoi] = useState('');
  const handoff = useMetaHandoff(currentUser?.uid);
  if (!isConnected || adAccounts.length === 0 || channels.length === 0) return null;

  const account = adAccounts.find((a) => a.id === accountId) ?? selectedAdAccount ?? adAccounts[0]!;
  const roi = targetRoi.trim() === '' ? undefined : Number(targetRoi);
  const roiInvalid = roi !== undefined && !(roi > 0 && roi <= 1000);
  const allocated = report.allocation.channels.find((c) => c.name === channel);
  const send = () => {
    handoff.mutate(
      { adAccountId: account.id, body: { modelId, channel, ...(roi !== undefined ? { targetRoi: roi } : {}) } },
      // /optimizer opens on the account the proposal is for.
      { onSuccess: () => selectAdAccount(account.id) },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Send the Meta budget to the optimizer</CardTitle>
        <CardDescription>
          The allocation’s amount for Meta becomes daily budgets of the ad account’s active campaigns and ad sets, split
          by their last 7 days’ spend. You review and approve every change in the optimizer; nothing reaches Meta before
          that.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-3">
          <MetaChannelField
            label="Meta channel"
            description={
              allocated
                ? `${formatNumber(allocated.current)} now, ${formatNumber(allocated.optimal)} proposed over the window.`
                : 'The channel of this model that is your Meta spend.'
            }
            channels={channels}
            channel={channel}
            onChannel={setChannel}
          />
          <AdAccountField label="Ad account" adAccounts={adAccounts} accountId={account.id} onAccount={setAccountId} />
          <FormField
            className="content-start"
            label="Target ROI (optional)"
            description="Empty: same total budget. A target: the largest budget that still returns it, as caps."
            error={roiInvalid ? 'A target ROI is a number above 0, at most 1,000.' : undefined}
          >
            {(control) => (
              <Input
                {...control}
                inputMode="decimal"
                value={targetRoi}
                onChange={(e) => setTargetRoi(e.target.value)}
                placeholder="e.g. 2.5"
              />
            )}
          </FormField>
        </div>
        <div>
          <Button onClick={send} disabled={!channel || roiInvalid || handoff.isPending}>
            {handoff.isPending ? <Spinner label="Sending" className="size-4" /> : null}
            Send Meta budget to the optimizer
          </Button>
        </div>
        {handoff.isError ? (
          <Alert variant="destructive" title="Not handed off">
            {handoff.error.message}
          </Alert>
        ) : null}
        {handoff.isSuccess ? (
          <Alert variant="success" title="Waiting for your approval in the optimizer">
            {handoff.data.title}: {handoff.data.changes.length} budget
            {handoff.data.changes.length === 1 ? '' : 's'} to review.{' '}
            <Link className="font-medium underline underline-offset-4" to={webPaths.optimizer}>
              Review it in the optimizer
            </Link>
          </Alert>
        ) : null}
      </CardContent>
    </Card>
  );
}
