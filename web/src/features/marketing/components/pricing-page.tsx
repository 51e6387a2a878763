import { Tags } from 'lucide-react';
import { ComingSoon } from '@web/components/layout/coming-soon';

export function PricingPage() {
  return (
    <ComingSoon
      title="Pricing"
      icon={Tags}
      summary="Plans and prices are being finalised and will be published here."
      plans={[
        'Compare plans side by side, from solo marketers to agencies',
        'See exactly what each plan includes before you pay',
        'Upgrade or cancel at any time from your account',
      ]}
    />
  );
}
