import { routes } from '@shared/routes';
import { httpHandler } from '../lib/http/http-function';

export const handler = httpHandler(routes.health, async () => ({ status: 'ok' as const }));
