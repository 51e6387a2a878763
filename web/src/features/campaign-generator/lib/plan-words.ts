import type { PlanAdSet } from '@shared/schemas/campaign-plan';

/** Meta's optimization goals as Ads Manager words them ("Performance goal"). */
const goalWords: Record<string, string> = {
  LINK_CLICKS: 'link clicks',
  LANDING_PAGE_VIEWS: 'landing page views',
  IMPRESSIONS: 'impressions',
  REACH: 'daily unique reach',
  AD_RECALL_LIFT: 'ad recall lift',
  OFFSITE_CONVERSIONS: 'conversions',
  ONSITE_CONVERSIONS: 'conversions on Meta',
  VALUE: 'value of conversions',
  APP_INSTALLS: 'app installs',
  APP_INSTALLS_AND_OFFSITE_CONVERSIONS: 'app installs and app events',
  LEAD_GENERATION: 'leads',
  QUALITY_LEAD: 'conversion leads',
  QUALITY_CALL: 'calls',
  CONVERSATIONS: 'conversations',
  THRUPLAY: 'ThruPlays',
  TWO_SECOND_CONTINUOUS_VIDEO_VIEWS: '2-second continuous video views',
  POST_ENGAGEMENT: 'post engagement',
  EVENT_RESPONSES: 'event responses',
  PAGE_LIKES: 'Page likes',
};

/** What Meta charges for ("When you are charged"). */
const billingWords: Record<string, string> = {
  IMPRESSIONS: 'impression (CPM)',
  LINK_CLICKS: 'link click (CPC)',
  THRUPLAY: 'ThruPlay',
  APP_INSTALLS: 'app install',
  POST_ENGAGEMENT: 'post engagement',
  PAGE_LIKES: 'Page like',
};

/** Where people are sent (Ads Manager's "conversion location"). */
const destinationWords: Record<string, string> = {
  WEBSITE: 'your website',
  APP: 'your app',
  MESSENGER: 'Messenger',
  WHATSAPP: 'WhatsApp',
  INSTAGRAM_DIRECT: 'Instagram Direct',
  ON_AD: 'an instant form',
  ON_POST: 'your post',
  ON_PAGE: 'your Page',
  ON_VIDEO: 'your video',
  ON_EVENT: 'your event',
  PHONE_CALL: 'phone calls',
  WEBSITE_AND_APP: 'your website and app',
};

/** A code Meta adds later reads as words rather than as SHOUTED_CODE. */
const plain = (code: string) => code.toLowerCase().replace(/_/g, ' ');

/** One sentence on how an ad set delivers and is billed, in Ads Manager's words rather than API enums. */
export function deliverySentence(set: Pick<PlanAdSet, 'optimizationGoal' | 'billingEvent' | 'destinationType'>) {
  const goal = goalWords[set.optimizationGoal] ?? plain(set.optimizationGoal);
  const billing = billingWords[set.billingEvent] ?? plain(set.billingEvent);
  const destination = set.destinationType
    ? `; people go to ${destinationWords[set.destinationType] ?? plain(set.destinationType)}`
    : '';
  return `Optimised for ${goal}, charged per ${billing}${destination}.`;
}

/** Which part of the plan a validator path points at, as the editor labels it ("Ad set 2", "Ad 2.1"). */
export function issuePlace(path: string): string {
  const ad = /^adSets\.(\d+)\.ads\.(\d+)/.exec(path);
  if (ad) return `Ad ${Number(ad[1]) + 1}.${Number(ad[2]) + 1}`;
  const set = /^adSets\.(\d+)/.exec(path);
  if (set) return `Ad set ${Number(set[1]) + 1}`;
  return 'Campaign';
}
