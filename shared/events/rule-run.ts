import * as z from 'zod';
import type { EventDeclaration } from './declaration';
import { SHORT, TEXT } from './detail-text';

/** An automation rule ran and acted (or failed): what it did to which objects, and why. */
export const ruleRunEvent = {
  detailType: 'rule_run',
  detail: z.object({
    ruleId: SHORT,
    ruleName: SHORT,
    /** The rule in one plain sentence. */
    description: TEXT,
    outcome: z.enum(['acted', 'failed']),
    actions: z
      .array(
        z.object({
          objectName: SHORT,
          objectId: SHORT,
          action: SHORT,
          /** The condition readings in words. */
          reason: TEXT,
          status: z.enum(['done', 'failed']),
          error: SHORT.optional(),
        }),
      )
      .max(20),
    /** Actions beyond the 20 listed. */
    moreActions: z.number().int().min(0).optional(),
    error: SHORT.optional(),
    userId: SHORT,
    runKey: SHORT,
  }),
  deliverTo: ['slack'],
  dedupeKey: (detail) => (typeof detail.runKey === 'string' ? `rule_run:${detail.userId}:${detail.runKey}` : undefined),
} as const satisfies EventDeclaration;
