import { PageHeader } from '../../components/layout/page-header';
import { AudiencesScreen } from '../../features/audiences/components/audiences-screen';

export default function AudiencesRoute() {
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-10 sm:px-6">
      <PageHeader
        eyebrow="Targeting"
        title="Audiences"
        description="Your customers, your website’s visitors and people like them, as Meta audiences. Customer lists are hashed before they leave your account."
      />
      <AudiencesScreen />
    </div>
  );
}
