import type { NotificationInput } from '@shared/schemas/notifications';
import { apiRequest } from '../api';

/**
 * The chat notification call: POST {type, data, timestamp}. Resolves true
 * when the API accepted it; on any failure logs "Failed to send Slack
 * notification" and resolves false — it never throws, so reporting an
 * error can never raise another.
 */
export async function sendNotification(notification: NotificationInput): Promise<boolean> {
  try {
    await apiRequest('notify', { body: notification });
    return true;
  } catch (error) {
    console.error('Failed to send Slack notification', error);
    return false;
  }
}
