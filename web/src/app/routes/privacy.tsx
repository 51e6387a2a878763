import { PrivacyPage } from '../../features/site/components/privacy-page';

export default function PrivacyRoute() {
  return <PrivacyPage />;
}
