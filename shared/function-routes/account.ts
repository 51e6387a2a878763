import { MeSchema, UpdateMeSchema } from '../schemas/account';
import { route } from '../route-declaration';

/** The routes `account` serves (its part of the routes table, shared/routes.ts): its bundle loads only these. */
export const accountRoutes = {
  getMe: route({
    method: 'GET',
    path: '/api/me',
    fn: 'account',
    access: 'user',
    workspace: 'personal',
    response: MeSchema,
  }),
  updateMe: route({
    method: 'PATCH',
    path: '/api/me',
    fn: 'account',
    access: 'user',
    workspace: 'personal',
    body: UpdateMeSchema,
    response: MeSchema,
  }),
} as const;
