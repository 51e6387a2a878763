import { TermsPage } from '../../features/site/components/terms-page';

export default function TermsRoute() {
  return <TermsPage />;
}
