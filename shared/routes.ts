import { type z } from 'zod';
import { CLICK_PATHS } from './click-tracking';
import type { AppFunctionName } from './functions';
import { HealthSchema, MeSchema, UpdateMeSchema } from './schemas/account';
import {
  AdAccountListSchema,
  AdAccountParamsSchema,
  CampaignAdSetListSchema,
  CampaignListSchema,
  CampaignParamsSchema,
  CampaignSchema,
  CampaignUpdateSchema,
  DailyInsightsQuerySchema,
  DateRangeQuerySchema,
  InsightsQuerySchema,
  InsightsSeriesReplySchema,
  isReportPending,
  MetaConnectionSchema,
  MetaOAuthCallbackBodySchema,
  MetaOAuthConfigSchema,
  MetaOAuthConfigQuerySchema,
} from './schemas/meta';
import {
  BillingRedirectSchema,
  BillingStatusSchema,
  CheckoutRequestSchema,
  KeepAdAccountsSchema,
  UsageSchema,
  WebhookReceiptSchema,
} from './schemas/billing';
import {
  AdCopyHistoryPageSchema,
  AdCopyHistoryQuerySchema,
  AdCopyRequestSchema,
  AdCopyResultSchema,
  AiConnectionTestSchema,
  SaveAdCopyBodySchema,
  SavedAdCopySchema,
} from './schemas/ai';
import { ContactReceivedSchema, ContactRequestSchema } from './schemas/contact';
import {
  AnonymousClicksSchema,
  ClientErrorRecordedSchema,
  ClientErrorReportSchema,
  NotificationAcceptedSchema,
  NotificationBatchSchema,
  NotificationSchema,
  NotificationStatusSchema,
  NotificationTestQueuedSchema,
  NotificationTestSchema,
} from './schemas/notifications';
import {
  CreateDatasetBodySchema,
  DatasetListSchema,
  DatasetSummarySchema,
  DatasetDeletedSchema,
  DatasetParamsSchema,
  DeletedSchema,
  ModelDetailSchema,
  ModelListSchema,
  ModelParamsSchema,
  ModelSummarySchema,
  StartFitBodySchema,
} from './schemas/mmm';
import {
  AdCardListSchema,
  AdParamsSchema,
  AdTestParamsSchema,
  AdTestSchema,
  ApproveAdTestBodySchema,
  RewriteAdBodySchema,
} from './schemas/ad-optimizer';
import { ChatRequestSchema, ChatStreamEventSchema } from './schemas/chat';
import { BrandKitSchema } from './graphics/brand-kit-schema';
import {
  AdImageListSchema,
  AdImagesQuerySchema,
  AiImageRequestSchema,
  AssetListSchema,
  AssetSchema,
  BrandKitReplySchema,
  DeletedSchema as GraphicsDeletedSchema,
  ExportListSchema,
  ExportReplySchema,
  ExportRequestSchema,
  DesignListSchema,
  IdParamsSchema,
  MetaImagesReplySchema,
  MetaImagesRequestSchema,
  SavedDesignSchema,
  SaveDesignBodySchema,
  UploadRequestSchema,
  UploadTicketSchema,
} from './schemas/graphics';
import {
  ApproveRecommendationBodySchema,
  RecommendationListSchema,
  RecommendationParamsSchema,
  StoredRecommendationSchema,
} from './schemas/optimizer';
import { AppliedListSchema } from './schemas/optimizer-outcomes';
import {
  CreateShareBodySchema,
  SharedReportSchema,
  SharedTokenParamsSchema,
  ShareLinkSchema,
  ShareListSchema,
  ShareParamsSchema,
  ShareRevokedSchema,
} from './schemas/mmm-share';
import { MmmHandoffBodySchema } from './schemas/mmm-handoff';
import {
  CampaignBriefSchema,
  CampaignDraftSchema,
  DeliveryEstimateBodySchema,
  DeliveryEstimateSchema,
  DraftListSchema,
  DraftParamsSchema,
  InterestSearchQuerySchema,
  InterestSearchResultSchema,
  PreviewBodySchema,
  PreviewListSchema,
  PublishRequestSchema,
  SaveDraftBodySchema,
} from './schemas/campaign-plan';
import {
  BacktestBodySchema,
  BacktestResultSchema,
  DeletedRuleSchema,
  RuleDraftSchema,
  RuleListSchema,
  RuleParamsSchema,
  RuleRunsSchema,
  RuleSchema,
  RuleSettingsSchema,
  RuleSettingsStateSchema,
  RuleStatusBodySchema,
  RuleVersionsSchema,
  RunNowSchema,
  UpdateRuleBodySchema,
} from './schemas/rules';
import {
  AcceptInvitationBodySchema,
  InvitationCreatedSchema,
  InvitationParamsSchema,
  InviteBodySchema,
  MemberParamsSchema,
  TeamSchema,
} from './schemas/team';

/**
 * The routes table: one entry per endpoint. CDK makes an HTTP API route from each,
 * the local gateway mounts the same entries, the web client takes its types from them.
 * Paths use API Gateway's `{param}` syntax.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type RouteAccess = 'public' | 'user';

/** `F` is the function name type: the routes table below takes only names of shared/functions.ts. */
export interface RouteDeclaration<F extends string = string> {
  method: HttpMethod;
  path: `/api/${string}` | '/api';
  /** The function (folder under lambdas/, entry in shared/functions.ts) that serves it. */
  fn: F;
  access: RouteAccess;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  response: z.ZodType;
  /** Status on success; 200 unless said. */
  successStatus?: number;
  /**
   * Largest request body the route takes, in bytes; above it the function answers 413 PAYLOAD_TOO_LARGE
   * before reading it. Default MAX_REQUEST_BODY_BYTES (256 KiB). The WAF leaves body size to this: its
   * managed 8 KB body rule only counts (infra/cdk/lib/stacks/waf-stack.ts).
   */
  maxBodyBytes?: number;
  /**
   * For `access: 'public'` routes: what the route exposes without sign-in and what guards it instead. It is
   * the reason the CDK app gives cdk-nag for a route without an authorizer, so it must stay true.
   */
  publicBecause?: string;
  /** A reply for which this holds answers 202 Accepted instead: a job the client polls is still running. */
  acceptedWhen?: (reply: never) => boolean;
  /**
   * The reply streams (server-sent events; `response` is one event). API Gateway's HTTP API buffers
   * a Lambda reply whole, so in AWS such a route gets no HTTP API route: CloudFront serves its path
   * (same origin, no parameters) from the function's URL in RESPONSE_STREAM mode, signing each request
   * with origin access control, so the function must be an `edge` entry of shared/functions.ts. The
   * twin's gateway streams it the same way (shared/streaming-headers.ts).
   */
  stream?: true;
  /**
   * Whose data a signed-in request works on (lambdas/lib/team resolves it once per request). Default
   * `shared`: the workspace's (a member works on the owner's plan, quotas, Meta connection and data).
   * `personal`: the signed-in person's own (their profile, the team routes, which resolve it themselves).
   * `owner`: the workspace's, and a member is refused with OWNER_ONLY (billing, the Meta connection itself).
   */
  workspace?: WorkspaceScope;
}

export type WorkspaceScope = 'shared' | 'personal' | 'owner';

function route<const R extends RouteDeclaration<AppFunctionName>>(declaration: R): R {
  return declaration;
}

export const routes = {
  health: route({
    method: 'GET',
    path: '/api/health',
    fn: 'health',
    access: 'public',
    publicBecause: 'it reports only that the API answers; no user data behind it',
    response: HealthSchema,
  }),
  getMe: route({
    method: 'GET',
    path: '/api/me',
    fn: 'account',
    access: 'user',
    workspace: 'personal',
    response: MeSchema,
  }),
  updateMe: route({
    method: 'PATCH',
    path: '/api/me',
    fn: 'account',
    access: 'user',
    workspace: 'personal',
    body: UpdateMeSchema,
    response: MeSchema,
  }),

  // Meta: the `meta-oauth-callback` and `secure-meta-api` functions.
  metaOAuthConfig: route({
    method: 'GET',
    path: '/api/meta/oauth/config',
    fn: 'meta-oauth-callback',
    access: 'user',
    workspace: 'owner',
    query: MetaOAuthConfigQuerySchema,
    response: MetaOAuthConfigSchema,
  }),
  metaOAuthCallback: route({
    method: 'POST',
    path: '/api/meta/oauth/callback',
    fn: 'meta-oauth-callback',
    access: 'user',
    workspace: 'owner',
    body: MetaOAuthCallbackBodySchema,
    response: MetaConnectionSchema,
  }),
  metaConnection: route({
    method: 'GET',
    path: '/api/meta/connection',
    fn: 'secure-meta-api',
    access: 'user',
    response: MetaConnectionSchema,
  }),
  metaDisconnect: route({
    method: 'DELETE',
    path: '/api/meta/connection',
    fn: 'secure-meta-api',
    access: 'user',
    workspace: 'owner',
    response: MetaConnectionSchema,
  }),
  metaAdAccounts: route({
    method: 'GET',
    path: '/api/meta/ad-accounts',
    fn: 'secure-meta-api',
    access: 'user',
    response: AdAccountListSchema,
  }),
  metaAccountInsights: route({
    method: 'GET',
    path: '/api/meta/ad-accounts/{id}/insights',
    fn: 'secure-meta-api',
    access: 'user',
    params: AdAccountParamsSchema,
    query: InsightsQuerySchema,
    // 202 with a report ticket and Meta's percent while a report run builds the series.
    response: InsightsSeriesReplySchema,
    acceptedWhen: isReportPending,
  }),
  metaCampaigns: route({
    method: 'GET',
    path: '/api/meta/ad-accounts/{id}/campaigns',
    fn: 'secure-meta-api',
    access: 'user',
    params: AdAccountParamsSchema,
    query: DateRangeQuerySchema,
    response: CampaignListSchema,
  }),
  metaCampaignInsights: route({
    method: 'GET',
    path: '/api/meta/campaigns/{id}/insights',
    fn: 'secure-meta-api',
    access: 'user',
    params: CampaignParamsSchema,
    query: DailyInsightsQuerySchema,
    response: InsightsSeriesReplySchema,
    acceptedWhen: isReportPending,
  }),
  metaUpdateCampaign: route({
    method: 'PATCH',
    path: '/api/meta/campaigns/{id}',
    fn: 'secure-meta-api',
    access: 'user',
    params: CampaignParamsSchema,
    body: CampaignUpdateSchema,
    response: CampaignSchema,
  }),

  // Plans and billing (Stripe).
  billingStatus: route({
    method: 'GET',
    path: '/api/billing',
    fn: 'billing',
    access: 'user',
    response: BillingStatusSchema,
  }),
  billingUsage: route({
    method: 'GET',
    path: '/api/billing/usage',
    fn: 'billing',
    access: 'user',
    response: UsageSchema,
  }),
  billingCheckout: route({
    method: 'POST',
    path: '/api/billing/checkout',
    fn: 'billing',
    access: 'user',
    workspace: 'owner',
    body: CheckoutRequestSchema,
    response: BillingRedirectSchema,
  }),
  /** Pro ↔ Agency (or monthly ↔ yearly) for a paying user: the Stripe subscription's price changes, prorated. */
  billingChangePlan: route({
    method: 'PUT',
    path: '/api/billing/plan',
    fn: 'billing',
    access: 'user',
    workspace: 'owner',
    body: CheckoutRequestSchema,
    response: BillingStatusSchema,
  }),
  billingPortal: route({
    method: 'POST',
    path: '/api/billing/portal',
    fn: 'billing',
    access: 'user',
    workspace: 'owner',
    response: BillingRedirectSchema,
  }),
  /** Stripe calls this; the raw body is checked against Stripe's signature, so it declares no body schema. */
  billingWebhook: route({
    method: 'POST',
    path: '/api/billing/webhook',
    fn: 'billing',
    access: 'public',
    publicBecause:
      'Stripe calls it with no Cognito user; the function acts only on events signed with the endpoint secret (Stripe-Signature) and returns no data',
    response: WebhookReceiptSchema,
  }),
  // AI: the spec's `ai-campaign-optimizer` function (the AI engine).
  aiTestConnection: route({
    method: 'POST',
    path: '/api/ai/test-connection',
    fn: 'ai-campaign-optimizer',
    access: 'user',
    response: AiConnectionTestSchema,
  }),
  aiGenerateAdCopy: route({
    method: 'POST',
    path: '/api/ai/ad-copy',
    fn: 'ai-campaign-optimizer',
    access: 'user',
    body: AdCopyRequestSchema,
    response: AdCopyResultSchema,
  }),
  aiAdCopyHistory: route({
    method: 'GET',
    path: '/api/ai/ad-copy/history',
    fn: 'ai-campaign-optimizer',
    access: 'user',
    query: AdCopyHistoryQuerySchema,
    response: AdCopyHistoryPageSchema,
  }),
  aiSaveAdCopy: route({
    method: 'POST',
    path: '/api/ai/ad-copy/history',
    fn: 'ai-campaign-optimizer',
    access: 'user',
    body: SaveAdCopyBodySchema,
    response: SavedAdCopySchema,
    successStatus: 201,
  }),
  // Notifications (the chat notification function) and the operators' views of them.
  notify: route({
    method: 'POST',
    path: '/api/notifications',
    fn: 'notifications',
    access: 'user',
    body: NotificationSchema,
    response: NotificationAcceptedSchema,
    successStatus: 202,
  }),
  notifyBatch: route({
    method: 'POST',
    path: CLICK_PATHS.signedIn,
    fn: 'notifications',
    access: 'user',
    body: NotificationBatchSchema,
    response: NotificationAcceptedSchema,
    successStatus: 202,
  }),
  trackClicks: route({
    method: 'POST',
    path: CLICK_PATHS.anonymous,
    fn: 'contact',
    access: 'public',
    publicBecause: 'visitors of the public site are not signed in; it takes click counts and returns no data',
    body: AnonymousClicksSchema,
    response: NotificationAcceptedSchema,
    successStatus: 202,
  }),
  notificationStatus: route({
    method: 'GET',
    path: '/api/notifications/status',
    fn: 'notifications',
    access: 'user',
    response: NotificationStatusSchema,
  }),
  notificationTest: route({
    method: 'POST',
    path: '/api/notifications/test',
    fn: 'notifications',
    access: 'user',
    body: NotificationTestSchema,
    response: NotificationTestQueuedSchema,
    successStatus: 202,
  }),
  clientErrors: route({
    method: 'POST',
    path: '/api/client-errors',
    fn: 'notifications',
    access: 'user',
    body: ClientErrorReportSchema,
    response: ClientErrorRecordedSchema,
    successStatus: 202,
  }),
  contact: route({
    method: 'POST',
    path: '/api/contact',
    fn: 'contact',
    access: 'public',
    publicBecause: 'the public contact form: visitors are not signed in; it takes a message and returns no stored data',
    body: ContactRequestSchema,
    response: ContactReceivedSchema,
    successStatus: 201,
  }),
  // Marketing mix: datasets, fits (queued to marketing-mix-worker), saved models and reports.
  mmmCreateDataset: route({
    method: 'POST',
    path: '/api/mmm/datasets',
    fn: 'marketing-mix',
    access: 'user',
    body: CreateDatasetBodySchema,
    response: DatasetSummarySchema,
    successStatus: 201,
  }),
  mmmListDatasets: route({
    method: 'GET',
    path: '/api/mmm/datasets',
    fn: 'marketing-mix',
    access: 'user',
    response: DatasetListSchema,
  }),
  mmmStartFit: route({
    method: 'POST',
    path: '/api/mmm/models',
    fn: 'marketing-mix',
    access: 'user',
    body: StartFitBodySchema,
    response: ModelSummarySchema,
    successStatus: 202,
  }),
  mmmListModels: route({
    method: 'GET',
    path: '/api/mmm/models',
    fn: 'marketing-mix',
    access: 'user',
    response: ModelListSchema,
  }),
  mmmGetModel: route({
    method: 'GET',
    path: '/api/mmm/models/{id}',
    fn: 'marketing-mix',
    access: 'user',
    params: ModelParamsSchema,
    response: ModelDetailSchema,
  }),
  mmmDeleteModel: route({
    method: 'DELETE',
    path: '/api/mmm/models/{id}',
    fn: 'marketing-mix',
    access: 'user',
    params: ModelParamsSchema,
    response: DeletedSchema,
  }),

  // The chatbot widget: anonymous visitors and signed-in users alike (a token, when sent, is verified).
  chat: route({
    method: 'POST',
    path: '/api/chat',
    fn: 'chatbot',
    access: 'public',
    publicBecause:
      "visitors may ask the chat before signing in (answers limited per address); a signed-in user's account data is used only with their access token, which the function verifies",
    body: ChatRequestSchema,
    response: ChatStreamEventSchema,
    stream: true,
  }),
  campaignGeneratorPlan: route({
    method: 'POST',
    path: '/api/campaign-generator/drafts',
    fn: 'campaign-generator',
    access: 'user',
    body: CampaignBriefSchema,
    response: CampaignDraftSchema,
    successStatus: 201,
  }),
  campaignGeneratorDrafts: route({
    method: 'GET',
    path: '/api/campaign-generator/drafts',
    fn: 'campaign-generator',
    access: 'user',
    response: DraftListSchema,
  }),
  campaignGeneratorDraft: route({
    method: 'GET',
    path: '/api/campaign-generator/drafts/{id}',
    fn: 'campaign-generator',
    access: 'user',
    params: DraftParamsSchema,
    response: CampaignDraftSchema,
  }),
  campaignGeneratorSaveDraft: route({
    method: 'PUT',
    path: '/api/campaign-generator/drafts/{id}',
    fn: 'campaign-generator',
    access: 'user',
    params: DraftParamsSchema,
    body: SaveDraftBodySchema,
    response: CampaignDraftSchema,
  }),
  campaignGeneratorPublish: route({
    method: 'POST',
    path: '/api/campaign-generator/drafts/{id}/publish',
    fn: 'campaign-generator',
    access: 'user',
    params: DraftParamsSchema,
    body: PublishRequestSchema,
    response: CampaignDraftSchema,
  }),
  campaignGeneratorInterests: route({
    method: 'GET',
    path: '/api/campaign-generator/interests',
    fn: 'campaign-generator',
    access: 'user',
    query: InterestSearchQuerySchema,
    response: InterestSearchResultSchema,
  }),
  campaignGeneratorEstimate: route({
    method: 'POST',
    path: '/api/campaign-generator/delivery-estimate',
    fn: 'campaign-generator',
    access: 'user',
    body: DeliveryEstimateBodySchema,
    response: DeliveryEstimateSchema,
  }),
  campaignGeneratorPreviews: route({
    method: 'POST',
    path: '/api/campaign-generator/previews',
    fn: 'campaign-generator',
    access: 'user',
    body: PreviewBodySchema,
    response: PreviewListSchema,
  }),
  /** Above the plan's ad-account limit (after a downgrade): keep these accounts, give the others' places back. */
  billingKeepAdAccounts: route({
    method: 'PUT',
    path: '/api/billing/ad-accounts',
    fn: 'billing',
    access: 'user',
    workspace: 'owner',
    body: KeepAdAccountsSchema,
    response: UsageSchema,
  }),

  // Optimizer: recommendations from the account's own results, applied only on approval.
  optimizerRecommendations: route({
    method: 'GET',
    path: '/api/optimizer/ad-accounts/{id}/recommendations',
    fn: 'optimizer',
    access: 'user',
    params: AdAccountParamsSchema,
    response: RecommendationListSchema,
  }),
  optimizerApprove: route({
    method: 'POST',
    path: '/api/optimizer/recommendations/{id}/approve',
    fn: 'optimizer',
    access: 'user',
    params: RecommendationParamsSchema,
    body: ApproveRecommendationBodySchema,
    response: StoredRecommendationSchema,
  }),
  optimizerUndo: route({
    method: 'POST',
    path: '/api/optimizer/recommendations/{id}/undo',
    fn: 'optimizer',
    access: 'user',
    params: RecommendationParamsSchema,
    response: StoredRecommendationSchema,
  }),
  // Marketing mix: deleting a dataset (models fitted from it are kept) and share links of reports.
  mmmDeleteDataset: route({
    method: 'DELETE',
    path: '/api/mmm/datasets/{id}',
    fn: 'marketing-mix',
    access: 'user',
    params: DatasetParamsSchema,
    response: DatasetDeletedSchema,
  }),
  mmmCreateShare: route({
    method: 'POST',
    path: '/api/mmm/models/{id}/shares',
    fn: 'marketing-mix',
    access: 'user',
    params: ModelParamsSchema,
    body: CreateShareBodySchema,
    response: ShareLinkSchema,
    successStatus: 201,
  }),
  mmmListShares: route({
    method: 'GET',
    path: '/api/mmm/models/{id}/shares',
    fn: 'marketing-mix',
    access: 'user',
    params: ModelParamsSchema,
    response: ShareListSchema,
  }),
  mmmRevokeShare: route({
    method: 'DELETE',
    path: '/api/mmm/shares/{id}',
    fn: 'marketing-mix',
    access: 'user',
    params: ShareParamsSchema,
    response: ShareRevokedSchema,
  }),
  // Anyone holding a signed share link (no sign-in): one report, read-only.
  mmmSharedReport: route({
    method: 'GET',
    path: '/api/mmm/shared/{token}',
    fn: 'marketing-mix',
    access: 'public',
    publicBecause:
      "it does serve user data: one marketing-mix report its owner shared, only to a holder of the link's HMAC-signed, expiring, revocable token (checked by the function), rate-limited per viewer address",
    params: SharedTokenParamsSchema,
    response: SharedReportSchema,
  }),
  rulesList: route({
    method: 'GET',
    path: '/api/rules',
    fn: 'automation-rules',
    access: 'user',
    response: RuleListSchema,
  }),
  rulesCreate: route({
    method: 'POST',
    path: '/api/rules',
    fn: 'automation-rules',
    access: 'user',
    body: RuleDraftSchema,
    response: RuleSchema,
    successStatus: 201,
  }),
  rulesUpdate: route({
    method: 'PUT',
    path: '/api/rules/{id}',
    fn: 'automation-rules',
    access: 'user',
    params: RuleParamsSchema,
    body: UpdateRuleBodySchema,
    response: RuleSchema,
  }),
  rulesSetStatus: route({
    method: 'PUT',
    path: '/api/rules/{id}/status',
    fn: 'automation-rules',
    access: 'user',
    params: RuleParamsSchema,
    body: RuleStatusBodySchema,
    response: RuleSchema,
  }),
  rulesDelete: route({
    method: 'DELETE',
    path: '/api/rules/{id}',
    fn: 'automation-rules',
    access: 'user',
    params: RuleParamsSchema,
    response: DeletedRuleSchema,
  }),
  rulesVersions: route({
    method: 'GET',
    path: '/api/rules/{id}/versions',
    fn: 'automation-rules',
    access: 'user',
    params: RuleParamsSchema,
    response: RuleVersionsSchema,
  }),
  rulesRunNow: route({
    method: 'POST',
    path: '/api/rules/{id}/run',
    fn: 'automation-rules',
    access: 'user',
    params: RuleParamsSchema,
    response: RunNowSchema,
    successStatus: 202,
  }),
  rulesBacktest: route({
    method: 'POST',
    path: '/api/rules/backtest',
    fn: 'automation-rules',
    access: 'user',
    body: BacktestBodySchema,
    response: BacktestResultSchema,
  }),
  rulesRuns: route({
    method: 'GET',
    path: '/api/rules/runs',
    fn: 'automation-rules',
    access: 'user',
    response: RuleRunsSchema,
  }),
  rulesSettings: route({
    method: 'PUT',
    path: '/api/rule-settings',
    fn: 'automation-rules',
    access: 'user',
    body: RuleSettingsSchema,
    response: RuleSettingsStateSchema,
  }),
  // Graphics generator, service side: the `graphics` function.
  graphicsStartUpload: route({
    method: 'POST',
    path: '/api/graphics/uploads',
    fn: 'graphics',
    access: 'user',
    body: UploadRequestSchema,
    response: UploadTicketSchema,
    successStatus: 201,
  }),
  graphicsConfirmUpload: route({
    method: 'POST',
    path: '/api/graphics/uploads/{id}/confirm',
    fn: 'graphics',
    access: 'user',
    params: IdParamsSchema,
    response: AssetSchema,
  }),
  graphicsAssets: route({
    method: 'GET',
    path: '/api/graphics/assets',
    fn: 'graphics',
    access: 'user',
    response: AssetListSchema,
  }),
  graphicsDeleteAsset: route({
    method: 'DELETE',
    path: '/api/graphics/assets/{id}',
    fn: 'graphics',
    access: 'user',
    params: IdParamsSchema,
    response: GraphicsDeletedSchema,
  }),
  graphicsBrandKit: route({
    method: 'GET',
    path: '/api/graphics/brand-kit',
    fn: 'graphics',
    access: 'user',
    response: BrandKitReplySchema,
  }),
  graphicsSaveBrandKit: route({
    method: 'PUT',
    path: '/api/graphics/brand-kit',
    fn: 'graphics',
    access: 'user',
    body: BrandKitSchema,
    response: BrandKitReplySchema,
  }),
  graphicsDesigns: route({
    method: 'GET',
    path: '/api/graphics/designs',
    fn: 'graphics',
    access: 'user',
    response: DesignListSchema,
  }),
  graphicsDesign: route({
    method: 'GET',
    path: '/api/graphics/designs/{id}',
    fn: 'graphics',
    access: 'user',
    params: IdParamsSchema,
    response: SavedDesignSchema,
  }),
  graphicsCreateDesign: route({
    method: 'POST',
    path: '/api/graphics/designs',
    fn: 'graphics',
    access: 'user',
    body: SaveDesignBodySchema,
    response: SavedDesignSchema,
    successStatus: 201,
  }),
  graphicsSaveDesign: route({
    method: 'PUT',
    path: '/api/graphics/designs/{id}',
    fn: 'graphics',
    access: 'user',
    params: IdParamsSchema,
    body: SaveDesignBodySchema,
    response: SavedDesignSchema,
  }),
  graphicsDeleteDesign: route({
    method: 'DELETE',
    path: '/api/graphics/designs/{id}',
    fn: 'graphics',
    access: 'user',
    params: IdParamsSchema,
    response: GraphicsDeletedSchema,
  }),
  graphicsAiImage: route({
    method: 'POST',
    path: '/api/graphics/ai-images',
    fn: 'graphics',
    access: 'user',
    body: AiImageRequestSchema,
    response: AssetSchema,
    successStatus: 201,
  }),
  graphicsMetaImages: route({
    method: 'POST',
    path: '/api/graphics/meta-images',
    fn: 'graphics',
    access: 'user',
    body: MetaImagesRequestSchema,
    response: MetaImagesReplySchema,
  }),
  // The images sent to one ad account, newest first, with thumbnails: what the campaign generator offers.
  graphicsAdImages: route({
    method: 'GET',
    path: '/api/graphics/ad-images',
    fn: 'graphics',
    access: 'user',
    query: AdImagesQuerySchema,
    response: AdImageListSchema,
  }),
  // Ad optimizer (/ad-optimizer): ad cards, rewrites through the ad copy generator, A/B copies created paused.
  adOptimizerAds: route({
    method: 'GET',
    path: '/api/ad-optimizer/ad-accounts/{id}/ads',
    fn: 'ad-optimizer',
    access: 'user',
    params: AdAccountParamsSchema,
    response: AdCardListSchema,
  }),
  adOptimizerRewrite: route({
    method: 'POST',
    path: '/api/ad-optimizer/ads/{id}/rewrites',
    fn: 'ad-optimizer',
    access: 'user',
    params: AdParamsSchema,
    body: RewriteAdBodySchema,
    response: AdTestSchema,
    successStatus: 201,
  }),
  adOptimizerApprove: route({
    method: 'POST',
    path: '/api/ad-optimizer/rewrites/{id}/approve',
    fn: 'ad-optimizer',
    access: 'user',
    params: AdTestParamsSchema,
    body: ApproveAdTestBodySchema,
    response: AdTestSchema,
  }),
  adOptimizerUndo: route({
    method: 'POST',
    path: '/api/ad-optimizer/rewrites/{id}/undo',
    fn: 'ad-optimizer',
    access: 'user',
    params: AdTestParamsSchema,
    response: AdTestSchema,
  }),
  // Graphics export: its own function (`graphics-export`: more memory, the renderer's fonts and WASM bundled).
  graphicsExportDesign: route({
    method: 'POST',
    path: '/api/graphics/designs/{id}/exports',
    fn: 'graphics-export',
    access: 'user',
    params: IdParamsSchema,
    body: ExportRequestSchema,
    response: ExportReplySchema,
    successStatus: 201,
  }),
  // Marketing mix → optimizer: a model's Meta allocation proposed as budgets, approved in /optimizer's drawer.
  optimizerMmmHandoff: route({
    method: 'POST',
    path: '/api/optimizer/ad-accounts/{id}/mmm-handoffs',
    fn: 'optimizer',
    access: 'user',
    params: AdAccountParamsSchema,
    body: MmmHandoffBodySchema,
    response: StoredRecommendationSchema,
    successStatus: 201,
  }),
  // Optimizer, closing the loop: applied recommendations, predicted against actual after 7 days, detector hit rates.
  optimizerApplied: route({
    method: 'GET',
    path: '/api/optimizer/ad-accounts/{id}/applied',
    fn: 'optimizer',
    access: 'user',
    params: AdAccountParamsSchema,
    response: AppliedListSchema,
  }),
  // Team: a workspace's members and invitations (lambdas/team). Personal: the routes resolve the workspace themselves.
  getTeam: route({
    method: 'GET',
    path: '/api/team',
    fn: 'team',
    access: 'user',
    workspace: 'personal',
    response: TeamSchema,
  }),
  inviteTeammate: route({
    method: 'POST',
    path: '/api/team/invitations',
    fn: 'team',
    access: 'user',
    workspace: 'personal',
    body: InviteBodySchema,
    response: InvitationCreatedSchema,
    successStatus: 201,
  }),
  revokeInvitation: route({
    method: 'DELETE',
    path: '/api/team/invitations/{id}',
    fn: 'team',
    access: 'user',
    workspace: 'personal',
    params: InvitationParamsSchema,
    response: TeamSchema,
  }),
  removeTeammate: route({
    method: 'DELETE',
    path: '/api/team/members/{userId}',
    fn: 'team',
    access: 'user',
    workspace: 'personal',
    params: MemberParamsSchema,
    response: TeamSchema,
  }),
  leaveTeam: route({
    method: 'POST',
    path: '/api/team/leave',
    fn: 'team',
    access: 'user',
    workspace: 'personal',
    response: TeamSchema,
  }),
  acceptInvitation: route({
    method: 'POST',
    path: '/api/team/accept',
    fn: 'team',
    access: 'user',
    workspace: 'personal',
    body: AcceptInvitationBodySchema,
    response: TeamSchema,
  }),
  // A campaign's ad sets with their budgets: where /campaigns shows budgets that sit on the ad sets.
  metaCampaignAdSets: route({
    method: 'GET',
    path: '/api/meta/campaigns/{id}/adsets',
    fn: 'secure-meta-api',
    access: 'user',
    params: CampaignParamsSchema,
    response: CampaignAdSetListSchema,
  }),
  // Past graphics exports (served by the light `graphics` function, not the renderer's): list, and delete one's ZIP.
  graphicsExports: route({
    method: 'GET',
    path: '/api/graphics/exports',
    fn: 'graphics',
    access: 'user',
    response: ExportListSchema,
  }),
  graphicsDeleteExport: route({
    method: 'DELETE',
    path: '/api/graphics/exports/{id}',
    fn: 'graphics',
    access: 'user',
    params: IdParamsSchema,
    response: GraphicsDeletedSchema,
  }),
} as const;

export type Routes = typeof routes;
export type RouteName = keyof Routes;

/** API Gateway's route key, e.g. `GET /api/me`, also the event's `routeKey`. */
export function routeKey(r: RouteDeclaration): string {
  return `${r.method} ${r.path}`;
}

/** The names of all functions that serve HTTP routes. */
export function httpFunctionNames(): AppFunctionName[] {
  return [...new Set(Object.values(routes).map((r): AppFunctionName => r.fn))].sort();
}

/**
 * The functions that answer through the HTTP API (a route that does not stream): each refuses a
 * request that did not come through CloudFront (see `originVerify` in shared/secrets.ts), so each
 * reads the origin-verify secret whatever its entry in shared/functions.ts declares.
 */
export function apiGatewayFunctionNames(): AppFunctionName[] {
  return [
    ...new Set(
      Object.values(routes as Record<string, RouteDeclaration>)
        .filter((r) => !r.stream)
        .map((r): AppFunctionName => r.fn as AppFunctionName),
    ),
  ].sort();
}

/**
 * The functions that serve a signed-in route keyed by the workspace: each looks its user up in
 * `team_memberships` once per request (GetItem only), whatever its entry in shared/functions.ts declares.
 */
export function workspaceFunctionNames(): AppFunctionName[] {
  return [
    ...new Set(
      Object.values(routes as Record<string, RouteDeclaration>)
        .filter((r) => r.access === 'user' && r.workspace !== 'personal')
        .map((r): AppFunctionName => r.fn as AppFunctionName),
    ),
  ].sort();
}
