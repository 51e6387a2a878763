import { Alert } from '@web/components/ui/alert';
import { useMetaConnection } from '@web/lib/meta-account/use-meta-connection';

/** Why the last connect attempt did not connect (cancelled, popup closed, app not configured…). */
export function ConnectErrorAlert() {
  const { connectError } = useMetaConnection();
  if (!connectError) return null;
  return (
    <Alert variant="warning" title="Meta is not connected">
      {connectError}
    </Alert>
  );
}
