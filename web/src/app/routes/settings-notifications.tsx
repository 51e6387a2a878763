import { NotificationsPage } from '../../features/ops/components/notifications-page';

export default function SettingsNotificationsRoute() {
  return <NotificationsPage />;
}
