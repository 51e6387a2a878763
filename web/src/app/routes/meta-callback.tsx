import { MetaCallbackPage } from '../../features/meta/components/meta-callback-page';

export default function MetaCallbackRoute() {
  return <MetaCallbackPage />;
}
