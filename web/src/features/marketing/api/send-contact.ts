import { useMutation } from '@tanstack/react-query';
import type { ContactRequest } from '@shared/schemas/contact';
import { apiRequest } from '@web/lib/api';

/** POST /api/contact: public; the server stores the message before announcing it. */
export function useSendContact() {
  return useMutation({
    mutationFn: (body: ContactRequest) => apiRequest('contact', { body }),
    // The form explains its own failure inline and keeps what was typed; no second, generic toast.
    meta: { component: 'ContactForm', ownErrorToast: true },
  });
}
