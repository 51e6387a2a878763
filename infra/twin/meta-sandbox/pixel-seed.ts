import { pixelIdOf } from './account-assets.js';
import { PixelEventLog, type PixelEvent } from './pixel-events.js';
import { integerBetween, randomFor } from './prng.js';
import type { World } from './world.js';

/**
 * Two weeks of pixel and Conversions API traffic for each seeded ad account's pixel, with the problems marketers
 * most often have (issue 27): Purchase sent by the server with poor customer information (an email on only a fifth
 * of events), most server Purchases without an `event_id` (so they double count the pixel's), AddToCart that
 * stopped firing four days ago, and server Purchases arriving five to nine hours after they happened.
 * ViewContent is the healthy control: both channels, shared event ids, email and phone.
 */
const DAYS = 14;
const BROWSER_KEYS = ['fbp', 'client_ip_address', 'client_user_agent'];

interface EventPlan {
  name: string;
  browserPerDay: number;
  serverPerDay: number;
  /** Share of server events that carry the browser twin's event id. */
  serverWithEventId: number;
  /** Keys every server event carries, and keys carried by a share of them. */
  serverKeys: string[];
  sometimes?: { keys: string[]; share: number };
  /** Server delivery delay range in seconds. */
  delayS: [number, number];
  /** Days before the seed's instant since which nothing fired. */
  stoppedDaysAgo?: number;
}

const PLANS: EventPlan[] = [
  { name: 'PageView', browserPerDay: 60, serverPerDay: 0, serverWithEventId: 0, serverKeys: [], delayS: [0, 0] },
  {
    name: 'ViewContent',
    browserPerDay: 30,
    serverPerDay: 30,
    serverWithEventId: 1,
    serverKeys: ['em', 'ph', 'fbp', 'fbc', 'client_ip_address', 'client_user_agent', 'external_id'],
    delayS: [1, 20],
  },
  {
    name: 'AddToCart',
    browserPerDay: 12,
    serverPerDay: 12,
    serverWithEventId: 1,
    serverKeys: ['em', 'fbp', 'client_ip_address', 'client_user_agent'],
    delayS: [1, 30],
    stoppedDaysAgo: 4,
  },
  {
    name: 'Purchase',
    browserPerDay: 6,
    serverPerDay: 6,
    serverWithEventId: 0.3,
    serverKeys: ['client_ip_address', 'client_user_agent'],
    sometimes: { keys: ['em'], share: 0.2 },
    delayS: [5 * 3600, 9 * 3600],
  },
];

export function seedPixelEvents(world: World, at: Date, seed: number): PixelEventLog {
  const log = new PixelEventLog();
  const end = Math.floor(at.getTime() / 1000);
  const events: Array<Omit<PixelEvent, 'deduplicated'>> = [];
  for (const account of world.accounts.values()) {
    const pixelId = pixelIdOf(account);
    for (const plan of PLANS) {
      const random = randomFor(seed, 'pixel', pixelId, plan.name);
      for (let day = DAYS; day >= 1; day -= 1) {
        if (plan.stoppedDaysAgo !== undefined && day <= plan.stoppedDaysAgo) continue;
        const dayStart = end - day * 86_400;
        const count = Math.max(plan.browserPerDay, plan.serverPerDay);
        for (let n = 0; n < count; n += 1) {
          const eventTime = dayStart + integerBetween(random, 0, 86_399);
          const eventId = `${plan.name.toLowerCase()}-${pixelId}-${day}-${n}`;
          if (n < plan.browserPerDay) {
            events.push({
              pixelId,
              eventName: plan.name,
              eventId,
              eventTime,
              receivedAt: eventTime + 1,
              channel: 'browser',
              matchKeys: BROWSER_KEYS,
              actionSource: 'website',
            });
          }
          if (n < plan.serverPerDay) {
            const keys = [...plan.serverKeys];
            if (plan.sometimes && random() < plan.sometimes.share) keys.push(...plan.sometimes.keys);
            const withId = random() < plan.serverWithEventId;
            events.push({
              pixelId,
              eventName: plan.name,
              ...(withId && { eventId }),
              eventTime,
              receivedAt: eventTime + integerBetween(random, plan.delayS[0], plan.delayS[1]),
              channel: 'server',
              matchKeys: keys,
              actionSource: 'website',
            });
          }
        }
      }
    }
  }
  // De-duplication depends on the order of arrival.
  events.sort((a, b) => a.receivedAt - b.receivedAt);
  for (const event of events) if (event.receivedAt <= end) log.record(event);
  return log;
}
