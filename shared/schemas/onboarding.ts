import * as z from 'zod';
import { MetaOAuthCallbackBodySchema } from './meta';

/**
 * Onboarding a client without passwords (issue 28, req 5): an agency makes a link for a client workspace; the client
 * opens it and connects their Meta ad account through Meta's dialog into that workspace. The token Meta gives is
 * stored encrypted as every connection's is; nobody at the agency ever sees it.
 */
export const ONBOARDING_LINK_DAYS = 7;

export const OnboardingLinkSchema = z.object({
  /** 256 random bits, shown once (only its SHA-256 is stored); the page is `/onboard/<token>`. */
  token: z.string(),
  expiresAt: z.string(),
});

/** Who the client will see asking: the agency's name as the client knows it (else the creator's address). */
export const OnboardingCreateBodySchema = z.object({
  agencyName: z.string().trim().max(80, 'The agency name is at most 80 characters.').optional(),
});
export type OnboardingCreateBody = z.infer<typeof OnboardingCreateBodySchema>;

/** A link as the agency sees it afterwards: never its token (not stored), only whether it was used. */
export const OnboardingLinkStatusSchema = z.enum(['waiting', 'used', 'expired']);
export const OnboardingLinkSummarySchema = z.object({
  /** The start of the token's SHA-256: tells links apart, gives nothing towards the token. */
  id: z.string(),
  createdAt: z.string(),
  createdByEmail: z.string().nullable(),
  expiresAt: z.string(),
  usedAt: z.string().nullable(),
  status: OnboardingLinkStatusSchema,
});
export type OnboardingLinkSummary = z.infer<typeof OnboardingLinkSummarySchema>;
export const OnboardingLinkListSchema = z.object({ links: z.array(OnboardingLinkSummarySchema) });

export const OnboardingTokenParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This onboarding link is not valid. Check that it was copied whole.'),
});

/** What the link's page needs: the workspace's name and Meta's dialog for it. */
export const OnboardingMetaConfigSchema = z.object({
  workspaceName: z.string(),
  /** Who asks: the agency's name as its person typed it, or that person's address. */
  agencyName: z.string(),
  expiresAt: z.string(),
  dialogUrl: z.string().url(),
  state: z.string(),
});

export const OnboardingCallbackBodySchema = MetaOAuthCallbackBodySchema;

/** The outcome the client sees: which Meta user connected; never the token. */
export const OnboardingConnectedSchema = z.object({
  connected: z.literal(true),
  metaUserName: z.string(),
  workspaceName: z.string(),
});
