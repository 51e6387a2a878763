import { useState } from 'react';
import { PageHeader } from '../../components/layout/page-header';
import { Tabs } from '../../components/ui/tabs';
import { OptimizerRecommendations } from '../../features/meta/components/optimizer-screen';

/** The page's tabs: the rules engineer adds "Rules" here (its own feature, composed by this route). */
const TABS = [{ value: 'recommendations', label: 'Recommendations' }] as const;
type Tab = (typeof TABS)[number]['value'];

export default function OptimizerRoute() {
  const [tab, setTab] = useState<Tab>('recommendations');
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-10 sm:px-6">
      <PageHeader
        eyebrow="AI tools"
        title="Optimizer"
        description="Recommendations from your own results, each with the numbers behind it, the expected effect and the exact change. Nothing reaches Meta until you approve it."
      />
      <Tabs label="Optimizer sections" items={TABS} value={tab} onValueChange={setTab}>
        {tab === 'recommendations' ? (
          <div className="grid gap-6">
            <OptimizerRecommendations />
          </div>
        ) : null}
      </Tabs>
    </div>
  );
}
