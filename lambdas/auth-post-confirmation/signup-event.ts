import type { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { publishEvent } from '../lib/events';

/**
 * A new user's first confirmed sign-in is a signup — notify Slack and
 * the automation webhook. Done here, once, server-side, rather than from the browser.
 * Password-reset confirmations are not signups.
 */
export async function announceSignup(
  event: PostConfirmationTriggerEvent,
  deps: { eventBridge: EventBridgeClient; busName: string },
): Promise<boolean> {
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return false;
  const attributes = event.request.userAttributes;
  await publishEvent(deps.eventBridge, deps.busName, 'signup', {
    email: attributes.email ?? '',
    name: attributes.name ?? '',
    userId: attributes.sub ?? event.userName,
  });
  return true;
}
