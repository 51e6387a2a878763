/**
 * Where button clicks go, an operator's setting (issue 25: 31 of 42 Slack posts were click digests, burying the
 * sign-ups and messages the channel is for):
 * - `metrics` (the default): clicks are counted (the Slack forwarder's `SlackClicksCounted` metric), never posted;
 * - `slack`: each batch of clicks is posted as one digest, as before, for an operator who asks for it.
 * Deployed with `cdk deploy -c slackClicks=slack` (infra/cdk/config.ts); the twin takes it as a notification tuning.
 */
export const SLACK_CLICK_MODES = ['metrics', 'slack'] as const;
export type SlackClickMode = (typeof SLACK_CLICK_MODES)[number];
export const DEFAULT_SLACK_CLICKS: SlackClickMode = 'metrics';
