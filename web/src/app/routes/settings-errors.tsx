import { ErrorLogPage } from '../../features/ops/components/error-log-page';

export default function SettingsErrorsRoute() {
  return <ErrorLogPage />;
}
