import * as z from 'zod';

/**
 * Personal access tokens for the agent's MCP server (issue 26, requirement 5): what an MCP client (Claude, ChatGPT,
 * any client of the Model Context Protocol) sends as `Authorization: Bearer adsm_pat_…` to /api/mcp. A token is one
 * person's in one workspace, scoped, expiring and revocable; only its SHA-256 is stored, and it is shown once.
 */

/** Every token starts with this, so a leaked one is recognisable (secret scanners, logs) for what it is. */
export const ACCESS_TOKEN_PREFIX = 'adsm_pat_';

/** `read`: the agent's read tools only. `read+propose`: also its propose tools, whose proposals wait in the drawer. */
export const ACCESS_TOKEN_SCOPES = ['read', 'read+propose'] as const;
export type AccessTokenScope = (typeof ACCESS_TOKEN_SCOPES)[number];

/** Lifetimes a person chooses from: every token expires. */
export const ACCESS_TOKEN_LIFETIMES_DAYS = [30, 90, 365] as const;

/** Tokens one person may hold in a workspace (revoked and expired ones included until they are deleted). */
export const MAX_ACCESS_TOKENS = 20;

export const AccessTokenSchema = z.object({
  id: z.string(),
  label: z.string(),
  scope: z.enum(ACCESS_TOKEN_SCOPES),
  /** The first characters of the token, so a person can tell tokens apart; the rest is never shown again. */
  tokenStart: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().optional(),
  revokedAt: z.string().optional(),
});
export const AccessTokenListSchema = z.object({ tokens: z.array(AccessTokenSchema) });

export const CreateAccessTokenRequestSchema = z
  .object({
    label: z.string().trim().min(1, 'is required').max(60),
    scope: z.enum(ACCESS_TOKEN_SCOPES),
    expiresInDays: z.union(
      ACCESS_TOKEN_LIFETIMES_DAYS.map((days) => z.literal(days)) as unknown as [
        z.ZodLiteral<30>,
        z.ZodLiteral<90>,
        z.ZodLiteral<365>,
      ],
      { error: `must be one of ${ACCESS_TOKEN_LIFETIMES_DAYS.join(', ')} days` },
    ),
  })
  .strict();

/** The created token: `token` is in this reply only. */
export const CreatedAccessTokenSchema = AccessTokenSchema.extend({ token: z.string().startsWith(ACCESS_TOKEN_PREFIX) });
export const AccessTokenParamsSchema = z.object({
  tokenId: z.string().regex(/^[a-f0-9]{16}$/, 'is not an access token id'),
});
export const AccessTokenRevokedSchema = z.object({ revoked: z.literal(true) });

export type AccessToken = z.infer<typeof AccessTokenSchema>;
export type CreatedAccessToken = z.infer<typeof CreatedAccessTokenSchema>;
export type CreateAccessTokenRequest = z.infer<typeof CreateAccessTokenRequestSchema>;
