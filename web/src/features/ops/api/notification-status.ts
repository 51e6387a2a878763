import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { NotificationTarget } from '@shared/schemas/notifications';
import { apiRequest } from '@web/lib/api';

const statusKey = ['notifications', 'status'] as const;

/** What this deployment sends where, and the latest posts; polled while the page is open. */
export function useNotificationStatus() {
  return useQuery({
    queryKey: statusKey,
    queryFn: ({ signal }) => apiRequest('notificationStatus', { signal }),
    refetchInterval: 5_000,
  });
}

export function useSendTestNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: NotificationTarget) => apiRequest('notificationTest', { body: { target } }),
    meta: { component: 'Notifications.sendTest' },
    onSuccess: async ({ target }) => {
      toast.success(`Test sent to ${target === 'slack' ? 'Slack' : 'the webhook'}. It appears below within seconds.`);
      await queryClient.invalidateQueries({ queryKey: statusKey });
    },
  });
}
