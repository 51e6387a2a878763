import { reportsRoutes as routes } from '@shared/function-routes/reports';
import { on } from '../lib/http/http-function';
import { getSettings, listSends, saveSettings } from './reports';
import { store } from './route-deps';

// The settings and the send log: no report sources, no Meta session (route-reports.ts has those).
export const settingsRoute = on(routes.reportSettings, ({ user }) => getSettings(user.sub, { store: store() }));
export const saveSettingsRoute = on(routes.reportUpdateSettings, ({ user, body }) =>
  saveSettings(user.sub, body, { store: store(), now: () => new Date() }),
);
export const sendsRoute = on(routes.reportSends, ({ user }) => listSends(user.sub, { store: store() }));
