import { History } from 'lucide-react';
import { AdAccountWorkspace } from '@web/components/meta-account/ad-account-workspace';
import { Card, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { useAdAccountSelection } from '@web/lib/meta-account/use-ad-account-selection';
import { useAppliedOutcomes, useUndoApplied } from '../../api/optimizer-applied';
import { AbTestCard } from './ab-test-card';
import { AppliedCard } from './applied-card';
import { DetectorTable } from './detector-table';

/** /optimizer/applied: what applied recommendations predicted, what happened, and how each detector scores. */
export function OptimizerApplied() {
  const selection = useAdAccountSelection();
  const list = useAppliedOutcomes(selection.uid, selection.accountId);
  const undo = useUndoApplied(selection.uid, selection.accountId);
  return (
    <AdAccountWorkspace
      connect={{
        icon: History,
        title: 'Connect Meta to see what applied recommendations did',
        description: 'Each recommendation you approve is measured 7 days later against Meta’s own results.',
      }}
      selection={selection}
      query={list}
      toolbar={{ idleLabel: 'Measure again', busyLabel: 'Measuring…' }}
      errorTitle="Applied recommendations could not be measured"
      loading={
        <div className="grid gap-3" role="status" aria-label="Measuring applied recommendations">
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      }
      className="grid gap-4"
    >
      {(data) => (
        <>
          {data.data.length === 0 && data.abTests.length === 0 ? (
            <Card className="border-dashed">
              <CardHeader className="items-center text-center">
                <History aria-hidden="true" className="size-10 text-primary" />
                <CardTitle>Nothing applied yet</CardTitle>
                <CardDescription className="max-w-lg">
                  Approve a recommendation and it appears here: 7 days later, its predicted effect next to what Meta
                  then reported.
                </CardDescription>
              </CardHeader>
            </Card>
          ) : data.data.length === 0 ? null : (
            <ul aria-label="Applied recommendations" className="grid gap-3">
              {data.data.map((item) => (
                <AppliedCard
                  key={item.id}
                  item={item}
                  currency={data.currency}
                  onUndo={() => undo.mutate(item.id)}
                  undoing={undo.isPending && undo.variables === item.id}
                  readAt={list.dataUpdatedAt}
                />
              ))}
            </ul>
          )}
          {data.abTests.length > 0 ? (
            <section aria-labelledby="applied-ab-tests" className="grid gap-3">
              <div>
                <h2 id="applied-ab-tests" className="text-base font-semibold">
                  A/B tests
                </h2>
                <p className="text-sm text-muted-foreground">
                  Each copy the ad optimizer made against its original, over the same days in one ad set. Their spend is
                  what the test cost, never a saving, and they are not in the detectors’ hit rates.
                </p>
              </div>
              <ul aria-label="A/B tests" className="grid gap-3">
                {data.abTests.map((item) => (
                  <AbTestCard key={item.id} item={item} currency={data.currency} />
                ))}
              </ul>
            </section>
          ) : null}
          <DetectorTable list={data} />
        </>
      )}
    </AdAccountWorkspace>
  );
}
