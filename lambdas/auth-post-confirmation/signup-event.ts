import type { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import type { ClientAccess } from '../lib/aws/lazy-sdk';
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { publishEvents } from '../lib/events';
import { signupEvent, userSignupEvent } from '@shared/events/signup';

/**
 * A new user's first confirmed sign-in is a signup — notify Slack and
 * the automation webhook. Done here, once, server-side, rather than from the browser.
 * Password-reset confirmations are not signups.
 */
export async function announceSignup(
  event: PostConfirmationTriggerEvent,
  deps: { eventBridge: ClientAccess<EventBridgeClient>; busName: string },
): Promise<boolean> {
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return false;
  const attributes = event.request.userAttributes;
  const email = attributes.email ?? '';
  const userId = attributes.sub ?? event.userName;
  // Both in one PutEvents call: Slack's `signup` and the automation webhook's `user_signup`.
  // A retried trigger puts them again with new event ids; the forwarders' dedupe keys
  // (by userId, see the events table) still deliver each once.
  await publishEvents(deps.eventBridge, deps.busName, [
    { event: signupEvent, detail: { email, name: attributes.name ?? '', userId } },
    { event: userSignupEvent, detail: { email, userId } },
  ]);
  return true;
}
