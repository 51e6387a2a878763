import type { PerformanceBreakdown } from '@shared/schemas/meta';

/** The breakdowns as the table's picker names them. */
export const breakdownLabels: Record<PerformanceBreakdown, string> = {
  age: 'Age',
  gender: 'Gender',
  placement: 'Placement',
  device: 'Device',
};

const words: Record<string, string> = {
  // gender
  female: 'Women',
  male: 'Men',
  unknown: 'Unknown',
  // publisher_platform
  facebook: 'Facebook',
  instagram: 'Instagram',
  audience_network: 'Audience Network',
  messenger: 'Messenger',
  // platform_position, after its platform's name
  feed: 'Feed',
  facebook_reels: 'Reels',
  facebook_stories: 'Stories',
  instagram_reels: 'Reels',
  instagram_stories: 'Stories',
  instagram_explore: 'Explore',
  marketplace: 'Marketplace',
  video_feeds: 'Video feeds',
  right_hand_column: 'Right column',
  an_classic: 'Native, banner and interstitial',
  rewarded_video: 'Rewarded video',
  messenger_inbox: 'Inbox',
  messenger_stories: 'Stories',
  // device_platform
  mobile_app: 'Mobile app',
  mobile_web: 'Mobile web',
  desktop: 'Desktop',
};

/** A row's segment in words: "25-34", "Women", "Instagram Reels", "Mobile app"; Meta's own value if unknown. */
export function segmentLabel(segment: Record<string, string>): string {
  return Object.values(segment)
    .map((value) => words[value] ?? value)
    .join(' ');
}
