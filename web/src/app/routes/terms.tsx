import { TermsPage } from '../../features/marketing/components/terms-page';

export default function TermsRoute() {
  return <TermsPage />;
}
