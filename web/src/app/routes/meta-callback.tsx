import { MetaCallbackPage } from '../../components/meta-account/meta-callback-page';

export default function MetaCallbackRoute() {
  return <MetaCallbackPage />;
}
