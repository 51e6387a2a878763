import { PageHeader } from '../../components/layout/page-header';
import { MarketingMixPage } from '../../features/marketing-mix/components/marketing-mix-page';

export default function MarketingMixRoute() {
  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6">
      <PageHeader
        eyebrow="Measurement"
        title="Marketing mix"
        description="What each channel is really worth, with honest uncertainty, and where the next dollar should go."
      />
      <MarketingMixPage />
    </div>
  );
}
