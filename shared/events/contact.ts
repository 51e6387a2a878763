import * as z from 'zod';
import type { EventDeclaration } from './declaration';

/** A message sent with the contact form, for Slack. */
export const contactEvent = {
  detailType: 'contact',
  // Free form. Ours carries the contact form's fields and the stored message id.
  detail: z.record(z.string(), z.unknown()),
  deliverTo: ['slack'],
} as const satisfies EventDeclaration;

/** Automation webhook: a submitted public form (the contact form). */
export const formSubmissionEvent = {
  detailType: 'form_submission',
  detail: z.object({ formData: z.record(z.string(), z.unknown()) }),
  deliverTo: ['webhook'],
} as const satisfies EventDeclaration;
