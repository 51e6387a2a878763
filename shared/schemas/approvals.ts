import * as z from 'zod';
import { CampaignPlanSchema } from './campaign-draft';
import { ObjectLevelSchema } from './object-change';
import { ProposedChangeSchema, RecommendationKindSchema } from './recommendation';

/**
 * Client approvals (issue 28, req 3): a campaign plan, a set of the optimizer's recommendations or an agent's
 * proposal sent for the client's approval, in the app (the workspace's client role) or by a signed link that needs
 * no account. The approval keeps a snapshot of what was sent, so the client decides on exactly that, and publishing
 * (or applying) checks it has not changed since.
 */

/** Days a link stays open, 7 unless the sender picks otherwise. */
export const APPROVAL_LINK_DAYS = { default: 7, min: 1, max: 30 } as const;

/** `revoked`: its sender withdrew it before it was answered (a revoked link answers 410 like an expired one). */
export const ApprovalStatusSchema = z.enum(['pending', 'approved', 'changes_requested', 'revoked']);
export type ApprovalStatus = z.infer<typeof ApprovalStatusSchema>;

export const ApprovalDecisionSchema = z.enum(['approved', 'changes_requested']);

const draftId = z.string().regex(/^[0-9a-f-]{36}$/, 'Unknown draft.');
const approvalId = z.string().regex(/^[0-9A-Za-z_-]{10,64}$/, 'Unknown approval.');
const recommendationId = z
  .string()
  .max(300)
  .regex(/^[a-z0-9_.-]+$/, 'Unknown recommendation.');

/** What an approval is for: one plan, a set of recommendations (applied one by one), or one agent proposal. */
export const APPROVAL_KINDS = ['campaign_plan', 'recommendations', 'agent_proposal'] as const;
export const ApprovalKindSchema = z.enum(APPROVAL_KINDS);
export type ApprovalKind = z.infer<typeof ApprovalKindSchema>;

/** Recommendations one approval can carry: a client reads each before → after, so a set stays short. */
export const MAX_APPROVAL_RECOMMENDATIONS = 20;

export const ApprovalSubjectInputSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('campaign_plan'), draftId }),
    z.object({
      kind: z.literal('recommendations'),
      recommendationIds: z
        .array(recommendationId)
        .min(1, 'Choose at least one recommendation.')
        .max(
          MAX_APPROVAL_RECOMMENDATIONS,
          `At most ${MAX_APPROVAL_RECOMMENDATIONS} recommendations go in one approval.`,
        )
        .refine((ids) => new Set(ids).size === ids.length, 'Each recommendation is sent once.'),
    }),
    z.object({ kind: z.literal('agent_proposal'), recommendationId }),
  ],
  { error: 'Send a campaign plan, recommendations or an agent proposal.' },
);

/** The name an emailed link comes from (the agency's, as the client knows it): it goes in the From header. */
export const ApprovalSenderNameSchema = z
  .string()
  .trim()
  .min(1, 'Say who the email is from.')
  .max(64, 'A sender name is at most 64 characters.')
  .regex(/^[^<>"\r\n]+$/, 'A sender name cannot contain <, >, quotes or line breaks.');

const clientAddress = z
  .email('Give the client’s email address.')
  .max(254, 'An email address is at most 254 characters.');

/**
 * A link also emailed to the client (SES), from the agency's name. No name given: the server uses the workspace's
 * Reports sender name, else the workspace's name (lambdas/lib/approvals/sender-name.ts), never an empty From.
 */
export const ApprovalEmailSchema = z.object({
  to: clientAddress,
  senderName: ApprovalSenderNameSchema.optional(),
});

/**
 * Resending a link's email: at most `max` times per approval and `minMinutes` apart (the first resend may follow
 * the send at once: a mistyped address is noticed at once). Each resend makes a fresh link and revokes the one
 * before: the token is shown once and stored hashed, so the old link cannot be sent again, and a link that went
 * to a wrong address must stop working.
 */
export const APPROVAL_RESEND = { max: 3, minMinutes: 10 } as const;

/** A resend goes to the address the link was emailed to unless another is given (a corrected address). */
export const ResendApprovalBodySchema = z.object({
  to: clientAddress.optional(),
  senderName: ApprovalSenderNameSchema.optional(),
});
export type ResendApprovalBody = z.input<typeof ResendApprovalBodySchema>;

export const SendApprovalBodySchema = z
  .object({
    subject: ApprovalSubjectInputSchema,
    /** `client`: the workspace's client role sees it in the app; `link`: a signed link the sender passes on. */
    via: z.enum(['client', 'link'], { error: 'Choose how to send it: to the client in the app, or by link.' }),
    expiresInDays: z
      .number()
      .int()
      .min(APPROVAL_LINK_DAYS.min, `A link lasts ${APPROVAL_LINK_DAYS.min} to ${APPROVAL_LINK_DAYS.max} days.`)
      .max(APPROVAL_LINK_DAYS.max, `A link lasts ${APPROVAL_LINK_DAYS.min} to ${APPROVAL_LINK_DAYS.max} days.`)
      .optional(),
    /** Links only: also email the link to the client. */
    email: ApprovalEmailSchema.optional(),
  })
  // The client role finds its approvals in the app: there is no link to email.
  .refine((body) => body.via === 'link' || !body.email, {
    message: 'Only a link is emailed: send by link to email it.',
    path: ['email'],
  });
export type SendApprovalBody = z.input<typeof SendApprovalBodySchema>;

const DecisionFieldsSchema = z.object({
  decision: ApprovalDecisionSchema,
  comment: z.string().trim().max(2000, 'A comment is at most 2,000 characters.').default(''),
});
// Asking for changes without saying which leaves the sender guessing.
const commentWhenChanges = {
  check: (body: { decision: string; comment: string }) => body.decision === 'approved' || body.comment.length > 0,
  params: { message: 'Say what should change.', path: ['comment'] },
};

export const DecisionBodySchema = DecisionFieldsSchema.refine(commentWhenChanges.check, commentWhenChanges.params);
export type DecisionBody = z.input<typeof DecisionBodySchema>;

/** A link's answer also says who answered (no account: the name they give). */
export const LinkDecisionBodySchema = DecisionFieldsSchema.extend({
  name: z.string().trim().min(1, 'Say who is answering.').max(120, 'A name is at most 120 characters.'),
}).refine(commentWhenChanges.check, commentWhenChanges.params);
export type LinkDecisionBody = z.input<typeof LinkDecisionBodySchema>;

export const ApprovalSchema = z.object({
  id: approvalId,
  subject: z.object({
    kind: ApprovalKindSchema,
    /** Plans only. */
    draftId: draftId.optional(),
    /** Recommendations and agent proposals: the stored recommendations sent. */
    recommendationIds: z.array(z.string()).optional(),
    name: z.string(),
  }),
  via: z.enum(['client', 'link']),
  status: ApprovalStatusSchema,
  sentAt: z.string(),
  /** Who sent it (the acting person's sub) and their email when known. */
  sentBy: z.string(),
  sentByEmail: z.string().optional(),
  /** Links only. */
  expiresAt: z.string().optional(),
  decidedAt: z.string().optional(),
  /** The client's sub (in the app) or `link`. */
  decidedBy: z.string().optional(),
  decidedByName: z.string().optional(),
  comment: z.string().optional(),
  /** Links emailed to the client: the address (set once SES took the email). */
  emailedTo: z.string().optional(),
  /** When and by whom (the acting person's sub) it was revoked. */
  revokedAt: z.string().optional(),
  revokedBy: z.string().optional(),
  /** Each resend of the link's email (a fresh link each time, the one before revoked): when, by whom, to whom. */
  resends: z.array(z.object({ at: z.string(), by: z.string(), to: z.string() })).optional(),
});
export type Approval = z.output<typeof ApprovalSchema>;

export const SentApprovalSchema = z.object({
  approval: ApprovalSchema,
  /** Links only: the token, shown once (only its hash is stored); the page is `/approve/<token>`. */
  token: z.string().optional(),
  /** When the link was to be emailed: to whom, and whether SES took it (if not, the sender passes the link on). */
  email: z.object({ to: z.string(), sent: z.boolean() }).optional(),
});

/** A resend's answer: the fresh link's token (shown once, the email may have failed) and whether SES took it. */
export const ResentApprovalSchema = z.object({
  approval: ApprovalSchema,
  token: z.string(),
  email: z.object({ to: z.string(), sent: z.boolean() }),
});

export const ApprovalListSchema = z.object({ items: z.array(ApprovalSchema) });
export const ApprovalListQuerySchema = z.object({ draftId: draftId.optional() });
export const ApprovalParamsSchema = z.object({ id: approvalId });
export const ApprovalTokenParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This approval link is not valid. Check that it was copied whole.'),
});

/** One object's change as the client reads it: the values Meta had when it was sent, and after the change. */
export const ApprovalObjectChangeSchema = ProposedChangeSchema.extend({
  after: ProposedChangeSchema.shape.before.extend({ name: z.string().optional() }),
});
export type ApprovalObjectChange = z.infer<typeof ApprovalObjectChangeSchema>;

/** One recommendation (or agent proposal) as it was sent: what it does, why, and each object's before → after. */
export const ApprovalChangeSetSchema = z.object({
  recommendationId: z.string(),
  kind: RecommendationKindSchema,
  title: z.string(),
  why: z.string(),
  level: ObjectLevelSchema,
  adAccountId: z.string(),
  /** Budgets are minor units of this currency. */
  currency: z.string(),
  changes: z.array(ApprovalObjectChangeSchema),
});
export type ApprovalChangeSet = z.infer<typeof ApprovalChangeSetSchema>;

/** What the client reads: the approval and the plan or the changes exactly as they were sent. */
export const ApprovalDetailSchema = z.object({
  approval: ApprovalSchema,
  plan: CampaignPlanSchema.optional(),
  changes: z.array(ApprovalChangeSetSchema).optional(),
});
export type ApprovalDetail = z.output<typeof ApprovalDetailSchema>;

export const ApprovalSettingsSchema = z.object({
  /**
   * When on, a campaign plan publishes only once approved, as it was approved; a recommendation or an agent
   * proposal applies only once approved, unchanged since.
   */
  requireApproval: z.boolean(),
});
export type ApprovalSettings = z.output<typeof ApprovalSettingsSchema>;
