import { ModelReportPage } from '../../features/marketing-mix/components/model-report-page';

export default function MarketingMixReportRoute() {
  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6">
      <ModelReportPage />
    </div>
  );
}
