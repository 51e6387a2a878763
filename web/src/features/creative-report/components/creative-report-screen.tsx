import { useId, useState } from 'react';
import { BarChart3 } from 'lucide-react';
import type { CreativeReport } from '@shared/schemas/creative-report';
import { AdAccountWorkspace } from '@web/components/meta-account/ad-account-workspace';
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/components/ui/select-field';
import { Skeleton } from '@web/components/ui/skeleton';
import { Spinner } from '@web/components/ui/spinner';
import { formatDay, formatMoney } from '@web/lib/format';
import { useAdAccountSelection } from '@web/lib/meta-account/use-ad-account-selection';
import { useCreativeReport } from '../api/creative-report-api';
import { ElementSection } from './element-section';
import { TagOutsideAds } from './tag-outside-ads';

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
          <TagOutsideAds
            key={selection.accountId}
            uid={selection.uid}
            accountId={selection.accountId}
            untagged={data.adsWithoutElements}
          />
          <ReportBody report={data} />
        </div>
      )}
    </AdAccountWorkspace>
  );
}

/**
 * One objective and result type at a time (most spend first, the default): an awareness ad's
 * person reached and an app ad's install have costs that do not compare, so they are never ranked
 * together.
 */
function ReportBody({ report }: { report: CreativeReport }) {
  const selectId = useId();
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const group = report.groups.find((g) => g.key === chosen) ?? report.groups[0];
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        {`${formatDay(report.since)} – ${formatDay(report.until)}: ${report.adsWithElements} ads with known elements`}
        {report.adsWithoutElements > 0 ? `, ${report.adsWithoutElements} ads made elsewhere not yet tagged` : ''}.
      </p>
      {report.groups.length > 1 && group ? (
        <div className="grid max-w-md gap-1">
          <Label htmlFor={selectId}>Objective and result</Label>
          <NativeSelect id={selectId} value={group.key} onChange={(event) => setChosen(event.target.value)}>
            {report.groups.map((g) => (
              <option key={g.key} value={g.key}>
                {`${g.label} (${formatMoney(g.spend, report.currency)} spent)`}
              </option>
            ))}
          </NativeSelect>
          <p className="text-xs text-muted-foreground">
            Results of different objectives are not comparable, so elements are ranked within one at a time.
          </p>
        </div>
      ) : null}
      {!group || group.elements.length === 0 ? (
        <p role="status">
          None of the ads with results in these weeks was made with Adsmith yet: publish ads from the campaign generator
          and their elements are recorded.
        </p>
      ) : (
        <>
          {report.groups.length === 1 ? <p className="text-sm font-medium">{group.label}</p> : null}
          {group.elements.map((element) => (
            <ElementSection
              key={`${group.key}-${element.element}`}
              report={element}
              currency={report.currency}
              threshold={report.winnerThreshold}
            />
          ))}
        </>
      )}
    </div>
  );
}
