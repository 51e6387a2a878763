import { signalsRoutes as routes } from '@shared/function-routes/signals';
import { httpFunction, on } from '../lib/http/http-function';
import { metaSession } from '../lib/meta-session/meta-route';
import { signalsHealth } from './signals-health';

export const handler = httpFunction([
  on(routes.signalsHealth, ({ session, params }) => signalsHealth(session, params.id), metaSession()),
]);
