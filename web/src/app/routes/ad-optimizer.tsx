import { PageHeader } from '../../components/layout/page-header';
import { AdOptimizerScreen } from '../../features/ad-optimizer/components/ad-optimizer-screen';

export default function AdOptimizerRoute() {
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-10 sm:px-6">
      <PageHeader
        eyebrow="AI tools"
        title="Ad optimizer"
        description="Your ads with their results, the ones your audience has tired of, and new copy to test against them: an A/B copy of the ad, created paused, only when you approve it."
      />
      <AdOptimizerScreen />
    </div>
  );
}
