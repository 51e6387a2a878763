/** Business constants (product name, session timing, Meta popup and scopes), declared once. */
export const PRODUCT_NAME = 'Adsmith';
export const PRODUCT_TAGLINE = 'AI-Powered Facebook Advertising Platform';
export const LOADING_MESSAGE = 'Initializing AI components and platform features...';
export const LOADING_TILES = ['AI Engine', 'Integrations', 'Campaigns'] as const;

export const SESSION_CHECK_INTERVAL_MS = 30_000;
export const SESSION_REFRESH_THRESHOLD_S = 90;

export const META_POPUP = { width: 500, height: 600 } as const;
export const META_POPUP_CLOSED_WAIT_MS = 8_000;
export const META_SCOPES = ['ads_management', 'ads_read', 'business_management', 'pages_read_engagement'] as const;
/** The readable prefix of the OAuth state (a fixed prefix plus the user id). */
export const META_STATE_PREFIX = 'adsmith_meta_';
export const META_DEFAULT_GRAPH_VERSION = 'v26.0';
/**
 * Each user's request budget on the Meta routes (a token bucket): bursts of up to 120 requests,
 * 2 a second sustained. Well above what a person clicking through the dashboard sends, and it
 * keeps one account (or a runaway script) from spending the app's Meta rate limit for everyone.
 */
export const META_USER_REQUEST_BUCKET = { capacity: 120, refillPerSecond: 2 } as const;

/**
 * The public marketing-mix report (a share link, no sign-in) has its own budget, per viewer address and per
 * link: a person reading a report opens it a few times; a scraper or a link posted somewhere busy is held to
 * a trickle instead of reading report rows as fast as it can.
 */
export const MMM_SHARE_VIEWER_BUCKET = { capacity: 20, refillPerSecond: 1 / 6 } as const;
export const MMM_SHARE_LINK_BUCKET = { capacity: 60, refillPerSecond: 0.5 } as const;

/** The public approval page's limits (issue 28, req 3): per viewer address, as the share page's. */
export const APPROVAL_LINK_VIEWER_BUCKET = { capacity: 20, refillPerSecond: 1 / 6 } as const;

export const OWN_AI_KEY = { prefix: 'sk-', minLength: 21, storageKey: 'openai_api_key' } as const;
export const AI_COMPLETION = { model: 'gpt-4o-mini', maxTokens: 1000, temperature: 0.7 } as const;

/** Messages shown verbatim. */
export const messages = {
  verifyEmailFirst: 'Please verify your email first. Check your inbox for the verification link.',
  noUserLoggedIn: 'No user logged in.',
  useAuthOutsideProvider: 'useAuth must be used within an AuthProvider',
  notConnectedToMeta: 'Not connected to Meta.',
  metaAppNotConfigured: 'Meta app not configured. Please contact support.',
  errorLogCleared: 'Error log cleared',
} as const;

/**
 * How long after a change approved in the optimizer or the ad optimizer (a budget, a status, an A/B copy) its
 * undo is offered: long enough to notice a mistake the next morning, short enough that restoring "before" still
 * means something. The server enforces it; the web hides the undo once it has passed.
 */
export const UNDO_WINDOW_MS = 24 * 3600 * 1000;
