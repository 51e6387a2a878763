import * as z from 'zod';

/**
 * The error catalogue: every code the API can answer with, its HTTP status and
 * the message a person sees when the server has nothing more specific to say.
 * Lambdas build error bodies from it; the web shows toasts from it.
 */
export const errorCatalogue = {
  VALIDATION_ERROR: { status: 400, message: 'Please check your input and try again.' },
  AUTH_ERROR: { status: 401, message: 'Authentication failed. Please sign in again.' },
  FORBIDDEN: { status: 403, message: 'You do not have permission to do that.' },
  NOT_FOUND: { status: 404, message: 'We could not find what you asked for.' },
  CONFLICT: { status: 409, message: 'That cannot be done in the current state.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large.' },
  /** The user has no Meta connection (the message tells them to connect first). */
  META_NOT_CONNECTED: { status: 409, message: 'Not connected to Meta.' },
  /** Meta no longer honours the stored token (expired, revoked, password changed): the web offers to reconnect. */
  META_RECONNECT_REQUIRED: { status: 409, message: 'Your Meta connection has expired. Please reconnect Meta.' },
  /** A Meta permission Adsmith needs was declined: the web offers to ask again (auth_type=rerequest). */
  META_PERMISSION_MISSING: {
    status: 403,
    message: 'Adsmith is missing a Meta permission it needs. Please reconnect Meta and grant it.',
  },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please wait a moment and try again.' },
  /**
   * A limit of the user's plan (shared/plans.ts) is used up. Details: `quota`, `limit`, `plan`, `resetsAt`
   * (windowed limits only) and `upgradeTo` (the cheapest plan allowing more, absent on the top plan).
   */
  QUOTA_EXCEEDED: { status: 429, message: 'You have reached a limit of your plan. Upgrade to do more.' },
  /**
   * A charge Stripe tried (a plan change's prorated difference) was declined: nothing changed. The message names the
   * plan kept and what to do.
   */
  PAYMENT_FAILED: { status: 402, message: 'Your payment did not go through, so nothing was changed.' },
  INTERNAL_ERROR: { status: 500, message: 'Something went wrong. Please try again.' },
  UPSTREAM_ERROR: {
    status: 502,
    message: 'A service we depend on did not answer properly. Please try again shortly.',
  },
  /** A team invitation link that was used, revoked or has expired (each token works once). */
  INVITATION_INVALID: {
    status: 410,
    message: 'This invitation is no longer valid. Ask the workspace owner to send a new one.',
  },
  /**
   * The workspace requires a client's approval before publishing (issue 28, req 3) and this plan has none, or was
   * changed after it was approved. Details: `approvalStatus` (none, pending, changes_requested, changed).
   */
  APPROVAL_REQUIRED: {
    status: 409,
    message: 'This workspace publishes a plan only once its client has approved it. Send it for approval first.',
  },
  /** An approval link that expired, was already answered, or never existed (each link decides once). */
  APPROVAL_LINK_INVALID: {
    status: 410,
    message: 'This approval link is no longer valid. Ask the sender for a new one.',
  },
  /** A client onboarding link that expired or was already used (each connects Meta once). */
  ONBOARDING_LINK_INVALID: {
    status: 410,
    message: 'This onboarding link is no longer valid. Ask your agency for a new one.',
  },
  /** Members share the owner's workspace, but billing and the team are the owner's to manage. */
  OWNER_ONLY: { status: 403, message: 'Only the workspace owner can do that.' },
  /** A route for those who manage the workspace's team (its owner and admins), asked by a member. */
  ADMINS_ONLY: { status: 403, message: 'Only the workspace owner and its admins can do that.' },
  /** A client (read-only role) asked for something beyond dashboards, reports and approvals (shared/workspace-roles.ts). */
  CLIENT_READ_ONLY: {
    status: 403,
    message: 'Your role in this workspace is read-only (client): you can see dashboards, reports and approvals only.',
  },
  /** The workspace a request names (X-Adsmith-Workspace) is not one the signed-in person belongs to. */
  WORKSPACE_FORBIDDEN: {
    status: 403,
    message: 'You are not a member of that workspace. Choose one of your workspaces in the switcher.',
  },
  /**
   * The owner of a workspace on a paid plan asked to move money (billing, budgets, publishing) without
   * authenticator-app MFA, where the deployment requires it (lambdas/lib/http/strong-sign-in.ts). The web links to
   * the security section of /settings.
   */
  MFA_REQUIRED: {
    status: 403,
    message:
      'Set up two-step sign-in first: on a paid plan, changes to billing, budgets and publishing need an authenticator app (Settings → Security).',
  },
  /**
   * A budget below the ad account's minimum (Meta's `min_daily_budget`, a lifetime budget that much per scheduled
   * day), refused before Meta is asked. Details: `minimum` (minor units), `currency`, `kind` (daily or lifetime).
   */
  BUDGET_TOO_LOW: { status: 400, message: 'That budget is below the minimum Meta accepts for this ad account.' },
  /**
   * A proposed change's "before" (budget, status, creative) is no longer what Meta has: it was computed from
   * values someone has changed since. Nothing is written. Details: per object id, the object with both values.
   */
  STALE_BEFORE: {
    status: 409,
    message: 'Meta’s values changed since this was proposed. Refresh the recommendations and review it again.',
  },
  /**
   * Meta refuses customer lists until someone with access to the ad account accepts its Custom Audience terms
   * (Meta's #2663). Details: `termsUrl`, where to accept them.
   */
  CUSTOM_AUDIENCE_TERMS: {
    status: 409,
    message: 'Accept Meta’s Custom Audience terms for this ad account first, then upload the list again.',
  },
  /** A member uploading customer data without the owner's permission. */
  CUSTOMER_UPLOAD_NOT_ALLOWED: {
    status: 403,
    message: 'Uploading customer lists needs the workspace owner’s permission. Ask the owner to allow it.',
  },
} as const;

export type ApiErrorCode = keyof typeof errorCatalogue;
export const apiErrorCodes = Object.keys(errorCatalogue) as [ApiErrorCode, ...ApiErrorCode[]];

/** Codes that exist only in the browser (no HTTP reply was had, or none matched). */
export const clientErrorCatalogue = {
  NETWORK_ERROR: { message: 'Network connection issue. Please check your internet connection.' },
  UNKNOWN_ERROR: { message: 'Something went wrong. Please try again.' },
} as const;

export type ClientErrorCode = keyof typeof clientErrorCatalogue;

/** Every non-2xx API reply has exactly this shape. */
export const ErrorBodySchema = z.object({
  error: z.object({
    code: z.enum(apiErrorCodes),
    message: z.string(),
    /** Field-level problems for VALIDATION_ERROR, keyed by dotted path. */
    details: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** Maximum request body the API accepts, in bytes (413 above it). */
export const MAX_REQUEST_BODY_BYTES = 256 * 1024;

export type ErrorSeverity = 'critical' | 'warning' | 'info';

/** Critical if code or message mentions "critical"; warning for NETWORK/AUTH codes; else info. */
export function errorSeverity(code: string, message: string): ErrorSeverity {
  if (/critical/i.test(code) || /critical/i.test(message)) return 'critical';
  if (/NETWORK|AUTH/.test(code)) return 'warning';
  return 'info';
}
