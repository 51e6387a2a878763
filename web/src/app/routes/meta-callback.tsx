import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { MetaCallbackPage } from '../../components/meta-account/meta-callback-page';
import {
  OnboardingAttemptLost,
  OnboardingCallbackPage,
} from '../../features/client-onboarding/components/onboarding-callback-page';
import { isOnboardingState, onboardingAttemptFor } from '../../features/client-onboarding/lib/onboarding-attempt';

/**
 * Meta's one return URI serves two flows: a signed-in person connecting their workspace, and a client finishing an
 * agency's onboarding link (no account), recognised by the state the link's page stored for this tab.
 */
export default function MetaCallbackRoute() {
  const [params] = useSearchParams();
  // Read once per return: finishing clears the stored attempt, and the page must not switch flows then.
  const attempt = useMemo(() => onboardingAttemptFor(params), [params]);
  if (attempt) return <OnboardingCallbackPage attempt={attempt} />;
  if (isOnboardingState(params.get('state'))) return <OnboardingAttemptLost />;
  return <MetaCallbackPage />;
}
