import { PageHeader } from '../../components/layout/page-header';
import { AdCopyGenerator } from '../../features/ad-copy/components/ad-copy-generator';
import { AiSettingsPanel } from '../../features/ai-settings/components/ai-settings-panel';

/** The ad copy generator beside the AI connection it writes with (features composed here, not inside each other). */
export default function AdCopyRoute() {
  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6">
      <PageHeader
        eyebrow="AI tools"
        title="Ad copy generator"
        description="Headlines, primary text, descriptions and calls to action for Facebook and Instagram, from a different angle each."
      />
      <div className="grid gap-8 2xl:grid-cols-[minmax(0,1fr)_20rem]">
        <AdCopyGenerator />
        <aside aria-label="AI settings" className="2xl:order-last">
          <AiSettingsPanel />
        </aside>
      </div>
    </div>
  );
}
