import * as z from 'zod';
import { dedupeKeyFrom, type EventDeclaration } from './declaration';
import { SHORT } from './detail-text';

/** A confirmed signup, for Slack (written by the Cognito post-confirmation trigger). */
export const signupEvent = {
  detailType: 'signup',
  detail: z.object({ email: SHORT, name: SHORT, userId: SHORT }),
  deliverTo: ['slack'],
  dedupeKey: dedupeKeyFrom('signup', ['userId']),
} as const satisfies EventDeclaration;

/** Automation webhook: a confirmed signup. */
export const userSignupEvent = {
  detailType: 'user_signup',
  detail: z.object({ email: SHORT, userId: SHORT }),
  deliverTo: ['webhook'],
  dedupeKey: dedupeKeyFrom('user_signup', ['userId']),
} as const satisfies EventDeclaration;
