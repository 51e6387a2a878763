import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { UpdateMe } from '@shared/schemas/account';
import { apiRequest } from '@web/lib/api';
import { useAuth } from '@web/lib/auth/use-auth';

/** PATCH /api/me: the server owns the user's attributes; the browser only asks. */
export function updateMe(body: UpdateMe) {
  return apiRequest('updateMe', { body });
}

export function useUpdateMe() {
  const { refreshUser } = useAuth();
  return useMutation({
    mutationFn: updateMe,
    meta: { component: 'AccountSettings.updateMe' },
    onSuccess: async () => {
      await refreshUser();
      toast.success('Your name was saved.');
    },
  });
}
