import { Wand2 } from 'lucide-react';
import { ComingSoon } from '../../components/layout/coming-soon';

export default function CampaignGeneratorRoute() {
  return (
    <ComingSoon
      title="Campaign generator"
      icon={Wand2}
      summary="Describe your product, goal and budget, and get a complete campaign plan."
      plans={[
        'Choose an objective such as sales, leads or traffic',
        'Get ad sets with audiences, placements and budgets',
        'Review generated ad copy for each ad before anything goes live',
      ]}
    />
  );
}
