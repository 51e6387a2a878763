import { SharedReportPage } from '../../features/marketing-mix/components/shared-report-page';

export default function MarketingMixSharedRoute() {
  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6">
      <SharedReportPage />
    </div>
  );
}
