import { CampaignsPage } from '../../features/campaigns/components/campaigns-page';

export default function CampaignsRoute() {
  return <CampaignsPage />;
}
