import type { AppFunctionName } from './functions';
import type { RouteDeclaration } from './route-declaration';
import { healthRoutes } from './function-routes/health';
import { accountRoutes } from './function-routes/account';
import { metaOauthCallbackRoutes } from './function-routes/meta-oauth-callback';
import { secureMetaApiRoutes } from './function-routes/secure-meta-api';
import { billingRoutes } from './function-routes/billing';
import { aiCampaignOptimizerRoutes } from './function-routes/ai-campaign-optimizer';
import { notificationsRoutes } from './function-routes/notifications';
import { contactRoutes } from './function-routes/contact';
import { marketingMixRoutes } from './function-routes/marketing-mix';
import { approvalsRoutes } from './function-routes/approvals';
import { agentRoutes } from './function-routes/agent';
import { agentSettingsRoutes } from './function-routes/agent-settings';
import { mcpRoutes } from './function-routes/mcp';
import { chatbotRoutes } from './function-routes/chatbot';
import { campaignGeneratorRoutes } from './function-routes/campaign-generator';
import { optimizerRoutes } from './function-routes/optimizer';
import { automationRulesRoutes } from './function-routes/automation-rules';
import { graphicsRoutes } from './function-routes/graphics';
import { adOptimizerRoutes } from './function-routes/ad-optimizer';
import { graphicsExportRoutes } from './function-routes/graphics-export';
import { graphicsVideoRoutes } from './function-routes/graphics-video';
import { teamRoutes } from './function-routes/team';
import { agencyOverviewRoutes } from './function-routes/agency-overview';
import { signalsRoutes } from './function-routes/signals';
import { audiencesRoutes } from './function-routes/audiences';
import { signalsIntakeRoutes } from './function-routes/signals-intake';
import { reportsRoutes } from './function-routes/reports';

export type { HttpMethod, RouteAccess, RouteDeclaration, WorkspaceScope } from './route-declaration';
export { routeKey } from './route-declaration';

/**
 * The routes table: one entry per endpoint. CDK makes an HTTP API route from each,
 * the local gateway mounts the same entries, the web client takes its types from them.
 * Each function declares its own routes in shared/function-routes/<fn>.ts, so its bundle loads only
 * those schemas; this table lists them all, in one order. Paths use API Gateway's `{param}` syntax.
 */
export const routes = {
  health: healthRoutes.health,
  getMe: accountRoutes.getMe,
  updateMe: accountRoutes.updateMe,
  metaOAuthConfig: metaOauthCallbackRoutes.metaOAuthConfig,
  metaOAuthCallback: metaOauthCallbackRoutes.metaOAuthCallback,
  metaConnection: secureMetaApiRoutes.metaConnection,
  metaDisconnect: secureMetaApiRoutes.metaDisconnect,
  metaAdAccounts: secureMetaApiRoutes.metaAdAccounts,
  metaAccountInsights: secureMetaApiRoutes.metaAccountInsights,
  metaCampaigns: secureMetaApiRoutes.metaCampaigns,
  metaCampaignInsights: secureMetaApiRoutes.metaCampaignInsights,
  metaPerformanceTable: secureMetaApiRoutes.metaPerformanceTable,
  metaUpdateCampaign: secureMetaApiRoutes.metaUpdateCampaign,
  billingStatus: billingRoutes.billingStatus,
  billingUsage: billingRoutes.billingUsage,
  billingCheckout: billingRoutes.billingCheckout,
  billingChangePlan: billingRoutes.billingChangePlan,
  billingPortal: billingRoutes.billingPortal,
  billingWebhook: billingRoutes.billingWebhook,
  aiTestConnection: aiCampaignOptimizerRoutes.aiTestConnection,
  aiGenerateAdCopy: aiCampaignOptimizerRoutes.aiGenerateAdCopy,
  aiAdCopyHistory: aiCampaignOptimizerRoutes.aiAdCopyHistory,
  aiSaveAdCopy: aiCampaignOptimizerRoutes.aiSaveAdCopy,
  notify: notificationsRoutes.notify,
  notifyBatch: notificationsRoutes.notifyBatch,
  trackClicks: contactRoutes.trackClicks,
  notificationStatus: notificationsRoutes.notificationStatus,
  notificationTest: notificationsRoutes.notificationTest,
  clientErrors: notificationsRoutes.clientErrors,
  contact: contactRoutes.contact,
  mmmCreateDataset: marketingMixRoutes.mmmCreateDataset,
  mmmListDatasets: marketingMixRoutes.mmmListDatasets,
  mmmStartFit: marketingMixRoutes.mmmStartFit,
  mmmListModels: marketingMixRoutes.mmmListModels,
  mmmGetModel: marketingMixRoutes.mmmGetModel,
  mmmDeleteModel: marketingMixRoutes.mmmDeleteModel,
  mmmWeekPlan: marketingMixRoutes.mmmWeekPlan,
  chat: chatbotRoutes.chat,
  agentTurn: agentRoutes.agentTurn,
  agentConversation: agentSettingsRoutes.agentConversation,
  agentDeleteConversation: agentSettingsRoutes.agentDeleteConversation,
  agentGuardrails: agentSettingsRoutes.agentGuardrails,
  agentUpdateGuardrails: agentSettingsRoutes.agentUpdateGuardrails,
  agentAccessTokens: agentSettingsRoutes.agentAccessTokens,
  agentCreateAccessToken: agentSettingsRoutes.agentCreateAccessToken,
  agentRevokeAccessToken: agentSettingsRoutes.agentRevokeAccessToken,
  mcpMessage: mcpRoutes.mcpMessage,
  mcpStream: mcpRoutes.mcpStream,
  campaignGeneratorPlan: campaignGeneratorRoutes.campaignGeneratorPlan,
  campaignGeneratorDrafts: campaignGeneratorRoutes.campaignGeneratorDrafts,
  campaignGeneratorDraft: campaignGeneratorRoutes.campaignGeneratorDraft,
  campaignGeneratorSaveDraft: campaignGeneratorRoutes.campaignGeneratorSaveDraft,
  campaignGeneratorPublish: campaignGeneratorRoutes.campaignGeneratorPublish,
  campaignGeneratorInterests: campaignGeneratorRoutes.campaignGeneratorInterests,
  campaignGeneratorEstimate: campaignGeneratorRoutes.campaignGeneratorEstimate,
  campaignGeneratorPreviews: campaignGeneratorRoutes.campaignGeneratorPreviews,
  businessLanguages: campaignGeneratorRoutes.businessLanguages,
  saveBusinessLanguages: campaignGeneratorRoutes.saveBusinessLanguages,
  billingKeepAdAccounts: billingRoutes.billingKeepAdAccounts,
  optimizerRecommendations: optimizerRoutes.optimizerRecommendations,
  optimizerApprove: optimizerRoutes.optimizerApprove,
  optimizerUndo: optimizerRoutes.optimizerUndo,
  mmmDeleteDataset: marketingMixRoutes.mmmDeleteDataset,
  mmmCreateShare: marketingMixRoutes.mmmCreateShare,
  mmmListShares: marketingMixRoutes.mmmListShares,
  mmmRevokeShare: marketingMixRoutes.mmmRevokeShare,
  mmmSharedReport: marketingMixRoutes.mmmSharedReport,
  rulesList: automationRulesRoutes.rulesList,
  rulesCreate: automationRulesRoutes.rulesCreate,
  rulesUpdate: automationRulesRoutes.rulesUpdate,
  rulesSetStatus: automationRulesRoutes.rulesSetStatus,
  rulesDelete: automationRulesRoutes.rulesDelete,
  rulesVersions: automationRulesRoutes.rulesVersions,
  rulesRunNow: automationRulesRoutes.rulesRunNow,
  rulesBacktest: automationRulesRoutes.rulesBacktest,
  rulesRuns: automationRulesRoutes.rulesRuns,
  rulesSettings: automationRulesRoutes.rulesSettings,
  graphicsStartUpload: graphicsRoutes.graphicsStartUpload,
  graphicsConfirmUpload: graphicsRoutes.graphicsConfirmUpload,
  graphicsAssets: graphicsRoutes.graphicsAssets,
  graphicsDeleteAsset: graphicsRoutes.graphicsDeleteAsset,
  graphicsBrandKit: graphicsRoutes.graphicsBrandKit,
  graphicsSaveBrandKit: graphicsRoutes.graphicsSaveBrandKit,
  graphicsDesigns: graphicsRoutes.graphicsDesigns,
  graphicsDesign: graphicsRoutes.graphicsDesign,
  graphicsCreateDesign: graphicsRoutes.graphicsCreateDesign,
  graphicsSaveDesign: graphicsRoutes.graphicsSaveDesign,
  graphicsDeleteDesign: graphicsRoutes.graphicsDeleteDesign,
  graphicsAiImage: graphicsRoutes.graphicsAiImage,
  graphicsMetaImages: graphicsRoutes.graphicsMetaImages,
  graphicsAdImages: graphicsRoutes.graphicsAdImages,
  adOptimizerAds: adOptimizerRoutes.adOptimizerAds,
  adOptimizerRewrite: adOptimizerRoutes.adOptimizerRewrite,
  adOptimizerApprove: adOptimizerRoutes.adOptimizerApprove,
  adOptimizerUndo: adOptimizerRoutes.adOptimizerUndo,
  adOptimizerElementTests: adOptimizerRoutes.adOptimizerElementTests,
  creativeReport: adOptimizerRoutes.creativeReport,
  creativeTags: adOptimizerRoutes.creativeTags,
  graphicsExportDesign: graphicsExportRoutes.graphicsExportDesign,
  graphicsRenderVideo: graphicsVideoRoutes.graphicsRenderVideo,
  graphicsVideos: graphicsRoutes.graphicsVideos,
  graphicsVideoRender: graphicsVideoRoutes.graphicsVideoRender,
  graphicsVideoRenders: graphicsVideoRoutes.graphicsVideoRenders,
  graphicsAcknowledgeVideoRender: graphicsVideoRoutes.graphicsAcknowledgeVideoRender,
  graphicsVideo: graphicsRoutes.graphicsVideo,
  signalsHealth: signalsRoutes.signalsHealth,
  listAudiences: audiencesRoutes.listAudiences,
  createCustomerListAudience: audiencesRoutes.createCustomerListAudience,
  refreshCustomerListAudience: audiencesRoutes.refreshCustomerListAudience,
  startCustomerListUpload: audiencesRoutes.startCustomerListUpload,
  startCustomerListRefresh: audiencesRoutes.startCustomerListRefresh,
  processCustomerListUpload: audiencesRoutes.processCustomerListUpload,
  customerListUploadProgress: audiencesRoutes.customerListUploadProgress,
  createWebsiteAudience: audiencesRoutes.createWebsiteAudience,
  createEngagementAudience: audiencesRoutes.createEngagementAudience,
  createLookalikeAudience: audiencesRoutes.createLookalikeAudience,
  deleteAudience: audiencesRoutes.deleteAudience,
  setCustomerUploadPermission: audiencesRoutes.setCustomerUploadPermission,
  listCustomerUploads: audiencesRoutes.listCustomerUploads,
  signalsSiteKeys: signalsRoutes.signalsSiteKeys,
  signalsCreateSiteKey: signalsRoutes.signalsCreateSiteKey,
  signalsRevokeSiteKey: signalsRoutes.signalsRevokeSiteKey,
  signalsSendEvents: signalsIntakeRoutes.signalsSendEvents,
  optimizerMmmHandoff: optimizerRoutes.optimizerMmmHandoff,
  optimizerApplied: optimizerRoutes.optimizerApplied,
  getTeam: teamRoutes.getTeam,
  inviteTeammate: teamRoutes.inviteTeammate,
  revokeInvitation: teamRoutes.revokeInvitation,
  removeTeammate: teamRoutes.removeTeammate,
  leaveTeam: teamRoutes.leaveTeam,
  acceptInvitation: teamRoutes.acceptInvitation,
  listWorkspaces: teamRoutes.listWorkspaces,
  createClientWorkspace: teamRoutes.createClientWorkspace,
  listClientWorkspaces: teamRoutes.listClientWorkspaces,
  attachClientWorkspace: teamRoutes.attachClientWorkspace,
  detachClientWorkspace: teamRoutes.detachClientWorkspace,
  leaveAgencyPlan: teamRoutes.leaveAgencyPlan,
  getAgencyOverview: agencyOverviewRoutes.getAgencyOverview,
  putClientTargets: agencyOverviewRoutes.putClientTargets,
  metaCampaignAdSets: secureMetaApiRoutes.metaCampaignAdSets,
  graphicsExports: graphicsRoutes.graphicsExports,
  graphicsDeleteExport: graphicsRoutes.graphicsDeleteExport,
  approvalsSend: approvalsRoutes.approvalsSend,
  approvalsList: approvalsRoutes.approvalsList,
  approvalsSettings: approvalsRoutes.approvalsSettings,
  approvalsSaveSettings: approvalsRoutes.approvalsSaveSettings,
  approvalsDetail: approvalsRoutes.approvalsDetail,
  approvalsDecide: approvalsRoutes.approvalsDecide,
  approvalsRevoke: approvalsRoutes.approvalsRevoke,
  approvalsResend: approvalsRoutes.approvalsResend,
  approvalLink: approvalsRoutes.approvalLink,
  approvalLinkDecide: approvalsRoutes.approvalLinkDecide,
  reportSettings: reportsRoutes.reportSettings,
  reportUpdateSettings: reportsRoutes.reportUpdateSettings,
  reportPreview: reportsRoutes.reportPreview,
  reportPdf: reportsRoutes.reportPdf,
  reportSends: reportsRoutes.reportSends,
  metaOnboardingCreate: metaOauthCallbackRoutes.metaOnboardingCreate,
  metaOnboardingList: metaOauthCallbackRoutes.metaOnboardingList,
  metaOnboardingConfig: metaOauthCallbackRoutes.metaOnboardingConfig,
  metaOnboardingCallback: metaOauthCallbackRoutes.metaOnboardingCallback,
} as const;

export type Routes = typeof routes;
export type RouteName = keyof Routes;

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
 * The functions that serve a signed-in route keyed by the workspace: each queries its user's rows in
 * `workspace_memberships` once per request (Query only), whatever its entry in shared/functions.ts declares.
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

/**
 * The functions that serve a route that moves money (`movesMoney`): each checks the strong sign-in of a paid
 * workspace's owner, so each is told whether the deployment requires it (shared/granted-needs.ts).
 */
export function moneyMovingFunctionNames(): AppFunctionName[] {
  return [
    ...new Set(
      Object.values(routes as Record<string, RouteDeclaration>)
        .filter((r) => r.movesMoney)
        .map((r): AppFunctionName => r.fn as AppFunctionName),
    ),
  ].sort();
}
