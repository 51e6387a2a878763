import type { NotificationTuning } from '@infra/twin/events/notification-queues';

/**
 * The integration twin's notification timings: production's divided by 10, so a
 * 20 s Slack outage replays in 2 s. The reliability test scales its fault windows
 * by the same factor; `npm run bench` runs them at full length.
 */
export const TIME_SCALE = 10;

export const SCALED_NOTIFICATIONS: NotificationTuning = {
  visibilityTimeoutMs: 1_000,
  batchingWindowMs: 200,
  minPostIntervalMs: 1000 / TIME_SCALE,
  serverErrorBackoffMs: 1000 / TIME_SCALE,
  // These suites measure click digests (delivery, pacing, retries), so their twin posts clicks, as an operator may ask.
  slackClicks: 'slack',
};
