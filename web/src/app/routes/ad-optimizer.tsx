import { Sparkles } from 'lucide-react';
import { ComingSoon } from '../../components/layout/coming-soon';

export default function AdOptimizerRoute() {
  return (
    <ComingSoon
      title="Ad optimizer"
      icon={Sparkles}
      summary="Improve a single ad: its headline, description, call to action and creative."
      plans={[
        'Generate a headline, description and call to action for your product and audience',
        'Compare variants side by side',
        'Keep the versions you like for your next campaign',
      ]}
    />
  );
}
