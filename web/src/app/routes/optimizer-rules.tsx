import { RulesPage } from '../../features/rules/components/rules-page';

export default function OptimizerRulesRoute() {
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6">
      <RulesPage />
    </div>
  );
}
