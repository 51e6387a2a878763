import { BarChart3 } from 'lucide-react';
import { AdAccountWorkspace } from '@web/components/meta-account/ad-account-workspace';
import { Skeleton } from '@web/components/ui/skeleton';
import { Spinner } from '@web/components/ui/spinner';
import { formatDay } from '@web/lib/format';
import { useAdAccountSelection } from '@web/lib/meta-account/use-ad-account-selection';
import { useCreativeReport } from '../api/creative-report-api';
import { ElementSection } from './element-section';

/** /creative-report: which creative elements win across the account's ads, with significance and weekly trends. */
export function CreativeReportScreen() {
  const selection = useAdAccountSelection();
  const report = useCreativeReport(selection.uid, selection.accountId);
  return (
    <AdAccountWorkspace
      connect={{
        icon: BarChart3,
        title: 'Connect Meta to see your creative report',
        description:
          'The creative report reads eight weeks of results of your ads and says which elements win: headline angle, call to action, format and more.',
      }}
      selection={selection}
      query={report}
      toolbar={{ idleLabel: 'Read again', busyLabel: 'Reading results…' }}
      errorTitle="Your creative report could not be read"
      loading={
        <div className="grid gap-3" aria-busy="true" aria-label="Reading your results">
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner label="Reading" /> Reading eight weeks of results by ad from Meta…
          </p>
          <Skeleton className="h-72 w-full" />
        </div>
      }
    >
      {(data) => (
        <div className="grid gap-4">
          <p className="text-sm text-muted-foreground">
            {`${formatDay(data.since)} – ${formatDay(data.until)}: ${data.adsWithElements} ads with known elements`}
            {data.adsWithoutElements > 0 ? `, ${data.adsWithoutElements} ads made elsewhere not yet tagged` : ''}.
          </p>
          {data.elements.length === 0 ? (
            <p role="status">
              None of the ads with results in these weeks was made with Adsmith yet: publish ads from the campaign
              generator and their elements are recorded.
            </p>
          ) : (
            data.elements.map((element) => (
              <ElementSection
                key={element.element}
                report={element}
                currency={data.currency}
                threshold={data.winnerThreshold}
              />
            ))
          )}
        </div>
      )}
    </AdAccountWorkspace>
  );
}
