import { NotificationsPage } from '../../features/ops/components/notifications-page';
import { OperatorsOnly } from '../router/operators-only';

export default function SettingsNotificationsRoute() {
  return (
    <OperatorsOnly>
      <NotificationsPage />
    </OperatorsOnly>
  );
}
