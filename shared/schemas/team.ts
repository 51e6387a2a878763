import * as z from 'zod';
import { PlanKeySchema } from './billing';
import { InvitedRoleSchema, WorkspaceIdSchema, WorkspaceRoleSchema } from '../workspace-roles';

/**
 * The team of a workspace. A workspace is the paying account: its owner's plan, quotas, Meta connection and
 * data. People invited into it work in it with the role their invitation named (shared/workspace-roles.ts):
 * billing and the Meta connection stay the owner's, the team is the owner's and admins', clients only read.
 */
export const TeamRoleSchema = WorkspaceRoleSchema;
export type TeamRole = z.infer<typeof TeamRoleSchema>;

/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 7;

export const TeamMemberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  role: TeamRoleSchema,
  /** When they accepted; null for the owner. */
  joinedAt: z.iso.datetime().nullable(),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

export const PendingInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: InvitedRoleSchema,
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
});
export type PendingInvitation = z.infer<typeof PendingInvitationSchema>;

export const TeamSchema = z.object({
  /** The signed-in user's role in the workspace they work in now. */
  role: TeamRoleSchema,
  /** The workspace's plan: the owner's, which members share. */
  plan: PlanKeySchema,
  ownerEmail: z.string(),
  members: z.array(TeamMemberSchema),
  /** Pending invitations (shown to those who manage the team: the owner and admins; others see none). */
  invitations: z.array(PendingInvitationSchema),
  /** Seats held: the owner, every member and every pending invitation. */
  seats: z.object({ used: z.number().int().nonnegative(), limit: z.number().int().positive() }),
  /** Another workspace's Agency plan pays for this one (issue 28, req 1): its owner may take it off that plan. */
  paidByAgency: z.boolean().optional(),
});
export type Team = z.infer<typeof TeamSchema>;

/** A client workspace that left its agency's plan: the plan it is on now (its own). */
export const LeftAgencyPlanSchema = z.object({ plan: PlanKeySchema });

/** Email addresses are compared lower-cased (Cognito's pool treats them case-insensitively). */
export const InviteBodySchema = z
  .object({
    email: z
      .string()
      .trim()
      .max(254, 'An email address is at most 254 characters.')
      .pipe(z.email({ message: 'Enter a valid email address.' }))
      .transform((email) => email.toLowerCase()),
    /** The role the invited person will hold; `member` when not said (the invitations before roles). */
    role: InvitedRoleSchema.default('member'),
  })
  .strict();
export type InviteBody = z.infer<typeof InviteBodySchema>;

/** One workspace the signed-in person can work in: their own, or one they were invited into. */
export const WorkspaceChoiceSchema = z.object({
  id: z.string(),
  role: WorkspaceRoleSchema,
  /** Its owner's email address: how people tell workspaces apart (the person's own says theirs). */
  ownerEmail: z.string(),
  /** A client workspace's name, as the agency that created it named it (person's workspaces have none). */
  name: z.string().optional(),
});
export type WorkspaceChoice = z.infer<typeof WorkspaceChoiceSchema>;

export const WorkspacesSchema = z.object({
  /** The workspace this request worked in: the one it named when that is theirs, else their default. */
  current: WorkspaceChoiceSchema,
  /** Their own first, then the ones they were invited into, oldest first. */
  workspaces: z.array(WorkspaceChoiceSchema),
});
export type Workspaces = z.infer<typeof WorkspacesSchema>;

/** An agency creates a client workspace by naming it (issue 28, req 1). */
export const CreateClientWorkspaceBodySchema = z
  .object({
    name: z
      .string({ message: 'Name the client workspace.' })
      .trim()
      .min(1, 'Name the client workspace.')
      .max(80, 'A client workspace name is at most 80 characters.'),
  })
  .strict();
export type CreateClientWorkspaceBody = z.infer<typeof CreateClientWorkspaceBodySchema>;

/**
 * A workspace an Agency plan pays for (issue 28, req 1): attached, it works on the agency's plan and draws its AI
 * generations, graphics exports, marketing-mix fits and ad accounts from the agency's pool.
 */
export const ClientWorkspaceSchema = z.object({
  id: z.string(),
  /** The client workspace's name, else its owner's address. */
  name: z.string(),
  /** When it was attached (absent for a workspace that could be attached). */
  attachedAt: z.string().optional(),
});
export type ClientWorkspace = z.infer<typeof ClientWorkspaceSchema>;

export const ClientWorkspacesSchema = z.object({
  /** Whether this workspace's own plan is the Agency plan now (only then are its clients covered). */
  paying: z.boolean(),
  clients: z.array(ClientWorkspaceSchema),
  /** The caller's other workspaces that may be attached: ones they own, or client workspaces they administer. */
  attachable: z.array(ClientWorkspaceSchema),
});
export type ClientWorkspaces = z.infer<typeof ClientWorkspacesSchema>;

export const AttachClientBodySchema = z.object({ workspaceId: WorkspaceIdSchema }).strict();
export type AttachClientBody = z.infer<typeof AttachClientBodySchema>;
export const ClientParamsSchema = z.object({ workspaceId: WorkspaceIdSchema });

export const InvitationCreatedSchema = z.object({
  invitation: PendingInvitationSchema,
  /** The join link (the token is in it and nowhere else: only its hash is stored). */
  link: z.url(),
  /** False when no sender address is configured: share the link yourself. */
  emailed: z.boolean(),
  team: TeamSchema,
});
export type InvitationCreated = z.infer<typeof InvitationCreatedSchema>;

/** `<invitation id>.<secret>`: the id finds the row, the secret's hash must match it. */
export const InvitationTokenSchema = z
  .string()
  .trim()
  .regex(
    /^[A-Za-z0-9_-]{16,64}\.[A-Za-z0-9_-]{32,128}$/,
    'This invitation link is incomplete. Open the link from the email again.',
  );

export const AcceptInvitationBodySchema = z.object({ token: InvitationTokenSchema }).strict();
export type AcceptInvitationBody = z.infer<typeof AcceptInvitationBodySchema>;

export const InvitationParamsSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'Unknown invitation.'),
});
export const MemberParamsSchema = z.object({ userId: z.string().min(1).max(128) });
