import { healthRoutes as routes } from '@shared/function-routes/health';
import { httpHandler } from '../lib/http/http-function';

export const handler = httpHandler(routes.health, async () => ({ status: 'ok' as const }));
