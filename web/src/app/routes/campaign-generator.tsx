import { PageHeader } from '../../components/layout/page-header';
import { CampaignGenerator } from '../../features/campaign-generator/components/campaign-generator';

export default function CampaignGeneratorRoute() {
  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6">
      <PageHeader
        eyebrow="AI tools"
        title="Campaign generator"
        description="Write a brief; get a complete Meta campaign (ad sets, audiences, ads) that passes Meta's rules, preview it, and publish it paused."
      />
      <CampaignGenerator />
    </div>
  );
}
