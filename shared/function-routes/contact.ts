import { CLICK_PATHS } from '../click-tracking';
import { ContactReceivedSchema, ContactRequestSchema } from '../schemas/contact';
import { AnonymousClicksSchema, NotificationAcceptedSchema } from '../schemas/notifications';
import { route } from '../route-declaration';

/** The routes `contact` serves (its part of the routes table, shared/routes.ts): its bundle loads only these. */
export const contactRoutes = {
  trackClicks: route({
    method: 'POST',
    path: CLICK_PATHS.anonymous,
    fn: 'contact',
    access: 'public',
    publicBecause: 'visitors of the public site are not signed in; it takes click counts and returns no data',
    body: AnonymousClicksSchema,
    response: NotificationAcceptedSchema,
    successStatus: 202,
  }),
  contact: route({
    method: 'POST',
    path: '/api/contact',
    fn: 'contact',
    access: 'public',
    publicBecause: 'the public contact form: visitors are not signed in; it takes a message and returns no stored data',
    body: ContactRequestSchema,
    response: ContactReceivedSchema,
    successStatus: 201,
  }),
} as const;
