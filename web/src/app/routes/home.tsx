import { lazy } from 'react';
import { useLocation } from 'react-router-dom';
import { VERIFY_EMAIL_MODE, parseAuthLink } from '@shared/auth-links';
import { RequireAuthRuntime } from '../../lib/auth/require-auth-runtime';
import { HomePage } from '../../features/site/components/home-page';

// Only a visitor arriving from the verification email needs auth: the home page itself never loads it.
const VerifyEmailLanding = lazy(() =>
  import('../../features/auth/components/verify-email-landing').then((m) => ({ default: m.VerifyEmailLanding })),
);

/** The site root is also where the verification email's link lands. */
export default function HomeRoute() {
  const { search } = useLocation();
  const verifyLink = parseAuthLink(search, VERIFY_EMAIL_MODE);
  return verifyLink ? (
    <RequireAuthRuntime>
      <VerifyEmailLanding link={verifyLink} />
    </RequireAuthRuntime>
  ) : (
    <HomePage />
  );
}
