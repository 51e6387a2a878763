import type { UsageModel } from './cost-model';

/**
 * One active marketer's working day, as the browser journeys (tests/e2e) walk it: open the app a few times,
 * read the dashboard and campaigns, look at recommendations and rules, generate copy and graphics, ask the
 * chat. Counts are per working day; durations are warm p50s from `npm run bench` (the API's own work
 * ~5–15 ms plus Meta and AI round trips, taken as measured on the twin where the bench measures them and
 * stated otherwise). DynamoDB units are per invocation: the auth and plan reads, quota and rate-limit
 * counters, the function's own items.
 */
export const USAGE_MODEL: UsageModel = {
  workingDaysPerMonth: 22,
  appLoadsPerDay: 3,
  // The app's JavaScript, CSS and fonts (about 0.9 MB) mostly come from the browser cache after the first load.
  appLoadMB: 0.4,
  appLoadRequests: 12,
  functions: {
    account: { perDay: 15, durationMs: 40, reads: 3, writes: 0.2, http: true },
    'secure-meta-api': { perDay: 40, durationMs: 250, reads: 4, writes: 1, http: true },
    optimizer: { perDay: 6, durationMs: 900, reads: 6, writes: 4, http: true },
    'automation-rules': { perDay: 10, durationMs: 120, reads: 4, writes: 1, http: true },
    'ad-optimizer': { perDay: 4, durationMs: 1_500, reads: 4, writes: 2, http: true },
    graphics: { perDay: 6, durationMs: 2_500, reads: 3, writes: 2, http: true },
    'graphics-export': { perDay: 2, durationMs: 1_200, reads: 2, writes: 1, http: true },
    'campaign-generator': { perDay: 3, durationMs: 12_000, reads: 4, writes: 3, http: true },
    // The chat streams the model's answer: the function waits on OpenAI for most of its duration.
    chatbot: { perDay: 12, durationMs: 6_000, reads: 4, writes: 2, http: true },
    notifications: { perDay: 8, durationMs: 60, reads: 2, writes: 1, http: true },
    'marketing-mix': { perDay: 1, durationMs: 300, reads: 4, writes: 1, http: true },
    'marketing-mix-worker': { perDay: 0.2, durationMs: 15_000, reads: 10, writes: 10, http: false },
    billing: { perDay: 0.5, durationMs: 150, reads: 3, writes: 0.5, http: true },
    team: { perDay: 0.5, durationMs: 60, reads: 3, writes: 0.5, http: true },
    // Hourly rule runs, every day of the month, spread over working days here (×30/22): the scheduler's tick
    // every 5 minutes queues due users; each run reads Meta and writes its run record.
    'rules-evaluator': { perDay: 24 * (30 / 22), durationMs: 400, reads: 4, writes: 2, http: false },
    'rules-runner': { perDay: 24 * (30 / 22), durationMs: 1_500, reads: 8, writes: 4, http: false },
    'slack-forwarder': { perDay: 2, durationMs: 300, reads: 1, writes: 1, http: false },
  },
  // Counted in the synthesized prod templates (infra/upgrade-guard/previous-release/prod.json for keys and
  // secrets; the WAF's rate rule and three managed rule groups; the operations construct's alarms).
  fixed: { kmsKeys: 3, secrets: 7, wafRules: 4, alarms: 30, dashboards: 1 },
  logBytesPerInvocation: 1_500,
  storedGbPerMarketer: 0.05,
  threatProtection: true,
};

/** One seat of a peer, for comparison: AdCreative.ai's entry plan (secondary source, see docs/cost.md). */
export const PEER_SEAT_USD = 39;
