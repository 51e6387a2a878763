import { lazy, Suspense } from 'react';
import { useAuth } from '../../lib/auth/use-auth';
import { PricingPage } from '../../features/site/components/pricing-page';

/** Loaded only for a signed-in user: visitors keep the prerendered page with no auth or API code. */
const SignedInPricing = lazy(() => import('../../features/billing/components/signed-in-pricing'));

export default function PricingRoute() {
  const { currentUser } = useAuth();
  if (!currentUser) return <PricingPage />;
  return (
    <Suspense fallback={<PricingPage />}>
      <SignedInPricing render={(account) => <PricingPage account={account} />} />
    </Suspense>
  );
}
