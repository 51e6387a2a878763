import { useLocation, useNavigate } from 'react-router-dom';
import { webPaths } from '@shared/web-paths';
import { PageHeader } from '../../components/layout/page-header';
import { Tabs } from '../../components/ui/tabs';
import { OptimizerApplied } from '../../features/optimizer/components/applied/applied-screen';
import { OptimizerRecommendations } from '../../features/optimizer/components/recommendations/optimizer-screen';
import { RulesPage } from '../../features/optimizer/components/rules/rules-page';

/** Each tab has its own path, so a rule link or a reload lands on the tab it names. */
const TABS = [
  { value: webPaths.optimizer, label: 'Recommendations' },
  { value: webPaths.optimizerRules, label: 'Rules' },
  { value: webPaths.optimizerApplied, label: 'Applied' },
] as const;
type Tab = (typeof TABS)[number]['value'];

export default function OptimizerRoute() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tab: Tab = pathname.startsWith(webPaths.optimizerRules)
    ? webPaths.optimizerRules
    : pathname.startsWith(webPaths.optimizerApplied)
      ? webPaths.optimizerApplied
      : webPaths.optimizer;
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-10 sm:px-6">
      <PageHeader
        eyebrow="AI tools"
        title="Optimizer"
        description="Recommendations from your own results, each with the numbers behind it, the expected effect and the exact change, and rules that act for you once they have proven themselves on your history. Nothing reaches Meta until you approve it."
      />
      <Tabs label="Optimizer sections" items={TABS} value={tab} onValueChange={(next) => void navigate(next)}>
        {tab === webPaths.optimizer ? (
          <OptimizerRecommendations />
        ) : tab === webPaths.optimizerApplied ? (
          <OptimizerApplied />
        ) : (
          <RulesPage />
        )}
      </Tabs>
    </div>
  );
}
