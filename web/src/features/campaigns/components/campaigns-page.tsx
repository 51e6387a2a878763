import { Megaphone } from 'lucide-react';
import { ComingSoon } from '../../../components/layout/coming-soon';

export function CampaignsPage() {
  return (
    <ComingSoon
      title="Campaigns"
      icon={Megaphone}
      summary="Your Facebook and Instagram campaigns, straight from your Meta ad account."
      plans={[
        'Connect your Meta ad account and choose which ad accounts to work with',
        'See every campaign with its status, budget and daily results',
        'Open a campaign to optimise it or generate new ads for it',
      ]}
    />
  );
}
