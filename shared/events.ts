import * as z from 'zod';

/**
 * The events table: every event Adsmith puts on its EventBridge bus, the detail
 * it carries (notification types and webhook events) and where it is
 * delivered. CDK turns `deliverTo` into rules (bus → SQS → forwarder), the local
 * bus routes by it, forwarders parse `detail` with the same schemas.
 */
export const EVENT_SOURCE = 'adsmith.app';

export type EventTarget = 'slack' | 'webhook';

/** Longest free text a notification carries; Slack's section text limit is 3000. */
const TEXT = z.string().trim().max(2000);
const SHORT = z.string().trim().max(300);

export interface EventDeclaration {
  detailType: string;
  detail: z.ZodType;
  deliverTo: readonly EventTarget[];
  /**
   * What makes two events "the same" for duplicate suppression, when that is more
   * than EventBridge's event id: a retried Cognito trigger puts a second event with
   * a new id for the same signup, and that must still reach Slack once.
   */
  dedupeKey?: (detail: Record<string, unknown>) => string | undefined;
}

export const events = {
  signup: {
    detailType: 'signup',
    detail: z.object({ email: SHORT, name: SHORT, userId: SHORT }),
    deliverTo: ['slack'],
    dedupeKey: (detail) => (typeof detail.userId === 'string' ? `signup:${detail.userId}` : undefined),
  },
  contact: {
    detailType: 'contact',
    // Free form. Ours carries the contact form's fields and the stored message id.
    detail: z.record(z.string(), z.unknown()),
    deliverTo: ['slack'],
  },
  buttonClick: {
    detailType: 'button_click',
    detail: z.object({ buttonText: SHORT, page: SHORT, userEmail: SHORT.optional() }),
    deliverTo: ['slack'],
  },
  payment: {
    detailType: 'payment',
    // Emitted by billing (server-side only): amount in the currency's minor units.
    detail: z.object({
      amount: z.number(),
      currency: z.string().length(3).optional(),
      customerEmail: SHORT,
      paymentId: SHORT,
    }),
    deliverTo: ['slack'],
    dedupeKey: (detail) => (typeof detail.paymentId === 'string' ? `payment:${detail.paymentId}` : undefined),
  },
  error: {
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
  },
  campaign: {
    detailType: 'campaign',
    detail: z.object({
      action: z.string(),
      campaignName: z.string(),
      userEmail: z.string().optional(),
      budget: z.number().optional(),
      campaignId: z.string().optional(),
      userId: z.string().optional(),
      /** Set when an ad set or ad changed (campaignName then names that object; campaignId its campaign). */
      level: z.enum(['campaign', 'adset', 'ad']).optional(),
      objectId: z.string().optional(),
      /** The outbox row it was relayed from (set by lambdas/lib/outbox, never by the caller). */
      outboxId: z.string().optional(),
    }),
    deliverTo: ['slack'],
    // The outbox's relay (an EventBridge Pipe) delivers at least once: a row relayed twice becomes two bus
    // events with different ids but one outbox id, and must still reach Slack once.
    dedupeKey: (detail) => (typeof detail.outboxId === 'string' ? `outbox:${detail.outboxId}` : undefined),
  },
  /** Automation webhook: a confirmed signup. */
  userSignup: {
    detailType: 'user_signup',
    detail: z.object({ email: SHORT, userId: SHORT }),
    deliverTo: ['webhook'],
    dedupeKey: (detail) => (typeof detail.userId === 'string' ? `user_signup:${detail.userId}` : undefined),
  },
  /** Automation webhook: a submitted public form (the contact form). */
  formSubmission: {
    detailType: 'form_submission',
    detail: z.object({ formData: z.record(z.string(), z.unknown()) }),
    deliverTo: ['webhook'],
  },
  /** "Send test" on the Notifications page: proves the Slack pipe end to end. */
  slackTest: {
    detailType: 'notification_test_slack',
    detail: z.object({ requestedBy: SHORT }),
    deliverTo: ['slack'],
  },
  /** "Send test" on the Notifications page: proves the webhook pipe end to end. */
  webhookTest: {
    detailType: 'notification_test_webhook',
    detail: z.object({ requestedBy: SHORT }),
    deliverTo: ['webhook'],
  },
  /** An automation rule ran and acted (or failed): what it did to which objects, and why. */
  ruleRun: {
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
    dedupeKey: (detail) =>
      typeof detail.runKey === 'string' ? `rule_run:${detail.userId}:${detail.runKey}` : undefined,
  },
  /**
   * The signals monitor (lambdas/signals-monitor) saw a pixel's event stop, its de-duplication fall or its match
   * quality drop in Meta's own figures. Once per workspace, pixel, event, kind and day: the monitor claims each
   * alert before putting it on the bus, and the forwarders drop a second delivery by the same key.
   */
  signalAlert: {
    detailType: 'signal_alert',
    detail: z.object({
      workspaceId: SHORT,
      adAccountId: SHORT,
      pixelId: SHORT,
      pixelName: SHORT,
      eventName: SHORT,
      kind: z.enum(['stopped', 'deduplication', 'matchQuality']),
      /** The UTC day (YYYY-MM-DD) the alert is about: when the event was last received, or the day of the drop. */
      day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      title: SHORT,
      detail: TEXT,
      /** The signals screen of the ad account. */
      url: SHORT.optional(),
    }),
    deliverTo: ['slack', 'webhook'],
    dedupeKey: (detail) =>
      ['workspaceId', 'pixelId', 'eventName', 'kind', 'day'].every((key) => typeof detail[key] === 'string')
        ? `signal_alert:${String(detail.workspaceId)}:${String(detail.pixelId)}:${String(detail.eventName)}:${String(detail.kind)}:${String(detail.day)}`
        : undefined,
  },
  /**
   * A client workspace went off target (cost per result above, or ROAS below, its agency's target) or off its
   * monthly budget's pace (issue 28, req 2). Once per workspace, kind and day: the agency monitor claims each alert
   * before putting it on the bus, and the forwarders drop a second delivery by the same key.
   */
  clientAlert: {
    detailType: 'client_alert',
    detail: z.object({
      workspaceId: SHORT,
      workspaceName: SHORT,
      adAccountId: SHORT,
      kind: z.enum(['off_target', 'over_pace', 'under_pace']),
      /** The account's day (YYYY-MM-DD) the figures run to. */
      day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      title: SHORT,
      detail: TEXT,
      /** The agency overview screen. */
      url: SHORT.optional(),
    }),
    deliverTo: ['slack', 'webhook'],
    dedupeKey: (detail) =>
      ['workspaceId', 'kind', 'day'].every((key) => typeof detail[key] === 'string')
        ? `client_alert:${String(detail.workspaceId)}:${String(detail.kind)}:${String(detail.day)}`
        : undefined,
  },
  /**
   * A client workspace's owner took it off its agency's Agency plan (issue 28 req 1): the agency hears it through the
   * fan-out, as it hears its clients' alerts. Written through the outbox (the detach must not lose it).
   */
  clientDetached: {
    detailType: 'client_detached',
    detail: z.object({
      agencyId: SHORT,
      clientId: SHORT,
      /** The client workspace's name as the agency listed it. */
      workspaceName: SHORT,
      /** Who detached it (the client workspace's owner's email, when known). */
      detachedBy: SHORT.optional(),
      /** The agency's team settings, where its client workspaces are listed. */
      url: SHORT.optional(),
      /** The outbox row it was relayed from (set by lambdas/lib/outbox, never by the caller). */
      outboxId: z.string().optional(),
    }),
    deliverTo: ['slack', 'webhook'],
    dedupeKey: (detail) => (typeof detail.outboxId === 'string' ? `outbox:${detail.outboxId}` : undefined),
  },
} as const satisfies Record<string, EventDeclaration>;

export type EventKey = keyof typeof events;
export type EventDetail<K extends EventKey> = z.infer<(typeof events)[K]['detail']>;

/** The events-table entry for a detail-type, if any. */
export function eventKeyOf(detailType: string): EventKey | undefined {
  return (Object.keys(events) as EventKey[]).find((key) => events[key].detailType === detailType);
}

/** The event keys a target receives: what CDK's rule for that target matches. */
export function eventKeysFor(target: EventTarget): EventKey[] {
  return (Object.keys(events) as EventKey[]).filter((key) =>
    (events[key].deliverTo as readonly EventTarget[]).includes(target),
  );
}

/** The bus's name without stage prefix; the physical name reaches functions as EVENT_BUS_NAME. */
export const EVENT_BUS_BASE_NAME = 'adsmith';
