import { useLocation } from 'react-router-dom';
import { VERIFY_EMAIL_MODE, parseAuthLink } from '@shared/auth-links';
import { VerifyEmailLanding } from '../../features/auth/components/verify-email-landing';
import { HomePage } from '../../features/marketing/components/home-page';

/** The site root is also where the verification email's link lands (spec §4). */
export default function HomeRoute() {
  const { search } = useLocation();
  const verifyLink = parseAuthLink(search, VERIFY_EMAIL_MODE);
  return verifyLink ? <VerifyEmailLanding link={verifyLink} /> : <HomePage />;
}
