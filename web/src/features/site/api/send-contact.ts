import { useMutation } from '@tanstack/react-query';
import { DEFAULT_API_BASE_URL } from '@shared/click-tracking';
import type { ContactRequest } from '@shared/schemas/contact';
import { createApiClient } from '@web/lib/api-client';

/**
 * The public pages' own API client: /contact is visited signed out, before (and
 * without) the auth runtime that loads /config.json and Amplify, so it cannot use
 * the app's client. The API is on the site's own origin in every stage, and the
 * contact route is public, so no token is ever asked for.
 */
let publicClient: ReturnType<typeof createApiClient> | undefined;
function publicApi() {
  publicClient ??= createApiClient({ baseUrl: DEFAULT_API_BASE_URL, getAccessToken: async () => null });
  return publicClient;
}

/** POST /api/contact: public; the server stores the message before announcing it. */
export function useSendContact() {
  return useMutation({
    mutationFn: (body: ContactRequest) => publicApi().request('contact', { body }),
    // The form explains its own failure inline and keeps what was typed; no second, generic toast.
    meta: { component: 'ContactForm', ownErrorToast: true },
  });
}
