import { useLocation } from 'react-router-dom';
import { AuthPage } from '../../features/auth/components/auth-page';

export default function AuthRoute() {
  // A new query (header "Get started", an emailed reset link) starts the page afresh in the view it asks for.
  const { search } = useLocation();
  return <AuthPage key={search} />;
}
