import type { MmmReport } from '@shared/schemas/mmm';
import { Button } from '@web/components/ui/button';
import { channelsCsv, decompositionCsv, download, fileStem } from '../lib/report-files';
import { CalibrationPanel } from './calibration-panel';
import { AllocationChart, ResponseCurves, RoiChart } from './channel-charts';
import { ChannelTable } from './channel-table';
import { FitChart, WaterfallChart } from './model-fit-charts';
import { TrustPanel } from './trust-panel';

/** Every chart of a fitted model, its channel table and the downloads. */
export function MmmReportView({ name, report }: { name: string; report: MmmReport }) {
  const stem = fileStem(name);
  return (
    <div className="grid gap-6">
      {report.trust ? <TrustPanel trust={report.trust} /> : null}
      {report.calibration ? <CalibrationPanel calibration={report.calibration} kpiKind={report.kpiKind} /> : null}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() => download(`${stem}-decomposition.csv`, decompositionCsv(report), 'text/csv')}
        >
          Download decomposition (CSV)
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => download(`${stem}-channels.csv`, channelsCsv(report), 'text/csv')}
        >
          Download channels (CSV)
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => download(`${stem}-model.json`, JSON.stringify(report.model, null, 2), 'application/json')}
        >
          Download model (JSON)
        </Button>
      </div>
      <div className="grid gap-6 xl:grid-cols-2">
        <FitChart report={report} />
        <WaterfallChart report={report} />
        <ResponseCurves report={report} />
        <RoiChart report={report} />
        <AllocationChart report={report} />
      </div>
      <ChannelTable report={report} />
    </div>
  );
}
