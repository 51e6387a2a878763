import { PageHeader } from '../../components/layout/page-header';
import { SignalsScreen } from '../../features/signals/components/signals-screen';

export default function SignalsRoute() {
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-10 sm:px-6">
      <PageHeader
        eyebrow="Measurement"
        title="Signals"
        description="What Meta receives from your pixel and your server, how well it can use it, and what to fix first."
      />
      <SignalsScreen />
    </div>
  );
}
