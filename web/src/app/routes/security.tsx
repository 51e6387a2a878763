import { SecurityPage } from '../../features/site/components/security-page';

export default function SecurityRoute() {
  return <SecurityPage />;
}
