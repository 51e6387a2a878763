/** Meta result types (`actions` keys) as people say them, plural as shown beside a count. */
const resultTypeLabels: Record<string, string> = {
  purchase: 'Purchases',
  omni_purchase: 'Purchases',
  lead: 'Leads',
  link_click: 'Link clicks',
  landing_page_view: 'Landing page views',
  reach: 'People reached',
  impressions: 'Impressions',
  lead_grouped: 'Leads',
  video_thruplay_watched_actions: 'ThruPlays',
  estimated_ad_recallers: 'Estimated ad recall lift (people)',
  omni_app_install: 'App installs',
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
  const label = sentenceCase(simple);
  return /(s|sh|ch|x)$/.test(label) ? `${label}es` : `${label}s`;
}

/** `fb_pixel_custom` → "Fb pixel custom". */
function sentenceCase(raw: string): string {
  const text = raw.toLowerCase().split('_').filter(Boolean).join(' ');
  return text ? text[0]!.toUpperCase() + text.slice(1) : raw;
}
