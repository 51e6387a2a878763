import type { ComponentType } from 'react';
import type { ScreenKey } from '@shared/screens';

export type PageModule = { default: ComponentType };

/**
 * Each screen's page (shared/screens.ts declares the screens), imported lazily: every page is its own chunk,
 * whose code loads when someone opens it. The Optimizer's tabs share one page, which picks the tab by path.
 */
export const screenPages: Record<ScreenKey, () => Promise<PageModule>> = {
  home: () => import('../routes/home'),
  about: () => import('../routes/about'),
  howItWorks: () => import('../routes/how-it-works'),
  pricing: () => import('../routes/pricing'),
  blog: () => import('../routes/blog'),
  contact: () => import('../routes/contact'),
  privacy: () => import('../routes/privacy'),
  terms: () => import('../routes/terms'),
  security: () => import('../routes/security'),
  auth: () => import('../routes/auth'),
  metaCallback: () => import('../routes/meta-callback'),
  dashboard: () => import('../routes/dashboard'),
  campaigns: () => import('../routes/campaigns'),
  adCopy: () => import('../routes/ad-copy'),
  campaignGenerator: () => import('../routes/campaign-generator'),
  optimizer: () => import('../routes/optimizer'),
  optimizerRules: () => import('../routes/optimizer'),
  optimizerApplied: () => import('../routes/optimizer'),
  adOptimizer: () => import('../routes/ad-optimizer'),
  creativeReport: () => import('../routes/creative-report'),
  reports: () => import('../../features/reports/components/reports-page'),
  signals: () => import('../routes/signals'),
  agencyOverview: () => import('../../features/agency/components/agency-overview-page'),
  audiences: () => import('../routes/audiences'),
  adsGraphicsGenerator: () => import('../routes/ads-graphics-generator'),
  marketingMix: () => import('../routes/marketing-mix'),
  marketingMixReport: () => import('../routes/marketing-mix-report'),
  marketingMixShared: () => import('../routes/marketing-mix-shared'),
  settings: () => import('../routes/settings'),
  settingsTeam: () => import('../routes/settings-team'),
  settingsNotifications: () => import('../routes/settings-notifications'),
  settingsErrors: () => import('../routes/settings-errors'),
  teamJoin: () => import('../routes/team-join'),
  approvals: () => import('../../features/approvals/components/approvals-page'),
  approvalLink: () => import('../../features/approvals/components/approval-link-page'),
  clientOnboarding: () => import('../../features/client-onboarding/components/onboarding-link-page'),
};
