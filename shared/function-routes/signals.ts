import { AdAccountParamsSchema } from '../schemas/meta';
import { SignalsHealthSchema } from '../schemas/signals';
import { route } from '../route-declaration';

/** The routes `signals` serves (its part of the routes table, shared/routes.ts): its bundle loads only these. */
export const signalsRoutes = {
  // Signals (/signals): each pixel's events as Meta received them, their quality, and what to fix first.
  signalsHealth: route({
    method: 'GET',
    path: '/api/signals/ad-accounts/{id}/health',
    fn: 'signals',
    access: 'user',
    params: AdAccountParamsSchema,
    response: SignalsHealthSchema,
  }),
} as const;
