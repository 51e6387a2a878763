import * as z from 'zod';
import type { EventDeclaration } from './declaration';
import { SHORT, TEXT } from './detail-text';

/** What a browser can honestly witness (shared/schemas/notifications.ts): a click, for Slack. */
export const buttonClickEvent = {
  detailType: 'button_click',
  detail: z.object({ buttonText: SHORT, page: SHORT, userEmail: SHORT.optional() }),
  deliverTo: ['slack'],
} as const satisfies EventDeclaration;

/** What a browser can honestly witness: an error it met, for Slack. */
export const errorEvent = {
  detailType: 'error',
  detail: z.object({
    errorType: SHORT,
    message: TEXT,
    component: SHORT.optional(),
    userEmail: SHORT.optional(),
    url: SHORT.optional(),
    severity: z.enum(['critical', 'warning', 'info']).optional(),
  }),
  deliverTo: ['slack'],
} as const satisfies EventDeclaration;
