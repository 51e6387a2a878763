import { CampaignsScreen } from '../../features/meta/components/campaigns-screen';

export default function CampaignsRoute() {
  return <CampaignsScreen />;
}
