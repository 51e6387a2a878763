/** Meta's ODAX objectives as a marketer names them. */
export const objectiveLabels: Record<string, string> = {
  OUTCOME_SALES: 'Sales',
  OUTCOME_LEADS: 'Leads',
  OUTCOME_TRAFFIC: 'Traffic',
  OUTCOME_ENGAGEMENT: 'Engagement',
  OUTCOME_AWARENESS: 'Awareness',
  OUTCOME_APP_PROMOTION: 'App promotion',
  // Legacy objectives still seen on old campaigns.
  CONVERSIONS: 'Conversions',
  LINK_CLICKS: 'Traffic',
  REACH: 'Reach',
  BRAND_AWARENESS: 'Brand awareness',
  LEAD_GENERATION: 'Leads',
  MESSAGES: 'Messages',
  VIDEO_VIEWS: 'Video views',
  POST_ENGAGEMENT: 'Engagement',
  APP_INSTALLS: 'App installs',
  PRODUCT_CATALOG_SALES: 'Catalogue sales',
};

function titleCase(raw: string): string {
  const words = raw
    .replace(/^OUTCOME_/, '')
    .toLowerCase()
    .split('_')
    .filter(Boolean);
  const text = words.join(' ');
  return text ? text[0]!.toUpperCase() + text.slice(1) : raw;
}

export function objectiveLabel(objective: string): string {
  return objectiveLabels[objective] ?? titleCase(objective);
}

export const statusLabels: Record<string, string> = {
  ACTIVE: 'Active',
  PAUSED: 'Paused',
  ARCHIVED: 'Archived',
  DELETED: 'Deleted',
  CAMPAIGN_PAUSED: 'Paused',
  ADSET_PAUSED: 'Ad sets paused',
  IN_PROCESS: 'In process',
  WITH_ISSUES: 'With issues',
  PENDING_REVIEW: 'In review',
  DISAPPROVED: 'Disapproved',
};

export function statusLabel(status: string): string {
  return statusLabels[status] ?? titleCase(status);
}

/** Meta result types (`actions` keys) as people say them, plural as shown beside a count. */
const resultTypeLabels: Record<string, string> = {
  purchase: 'Purchases',
  omni_purchase: 'Purchases',
  lead: 'Leads',
  link_click: 'Link clicks',
  landing_page_view: 'Landing page views',
  reach: 'People reached',
  impressions: 'Impressions',
  post_engagement: 'Post engagements',
  page_engagement: 'Page engagements',
  video_view: 'Video views',
  thruplay: 'ThruPlays',
  mobile_app_install: 'App installs',
  app_install: 'App installs',
  complete_registration: 'Registrations',
  add_to_cart: 'Adds to cart',
};

/** The label of a Meta result type (`purchase`, `lead`, `link_click`…); "Results" when there is none. */
export function resultTypeLabel(resultType: string | null | undefined): string {
  if (!resultType) return 'Results';
  const simple = resultType.replace(/^offsite_conversion\.fb_pixel_/, '').replace(/^onsite_conversion\./, '');
  const known = resultTypeLabels[simple] ?? resultTypeLabels[resultType];
  if (known) return known;
  const label = titleCase(simple);
  return /(s|sh|ch|x)$/.test(label) ? `${label}es` : `${label}s`;
}
