import { BarChart3 } from 'lucide-react';
import { ComingSoon } from '../../components/layout/coming-soon';

export default function OptimizerRoute() {
  return (
    <ComingSoon
      title="Optimizer"
      icon={BarChart3}
      summary="Recommendations to get more from your budget across all your campaigns."
      plans={[
        'See which campaigns and ad sets are over- or under-delivering',
        'Get budget and bid recommendations with the reasoning behind them',
        'Apply a recommendation to your Meta ad account in one click',
      ]}
    />
  );
}
