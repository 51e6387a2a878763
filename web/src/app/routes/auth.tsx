import { AuthPage } from '../../features/auth/components/auth-page';

export default function AuthRoute() {
  return <AuthPage />;
}
