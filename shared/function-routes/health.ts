import { HealthSchema } from '../schemas/account';
import { route } from '../route-declaration';

/** The routes `health` serves (its part of the routes table, shared/routes.ts): its bundle loads only these. */
export const healthRoutes = {
  health: route({
    method: 'GET',
    path: '/api/health',
    fn: 'health',
    access: 'public',
    publicBecause: 'it reports only that the API answers; no user data behind it',
    response: HealthSchema,
  }),
} as const;
