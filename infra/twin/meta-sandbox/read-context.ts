import type { InsightsModel } from './insights-model.js';
import type { AdAccount, AdObject, World } from './world.js';

/** What rendering a Graph read needs: the world, the model, and how to build paging URLs. */
export interface ReadContext {
  world: World;
  model: InsightsModel;
  seed: number;
  now: () => Date;
  /** e.g. http://127.0.0.1:4010/v26.0 — base of absolute paging URLs. */
  versionBaseUrl: string;
  /** Parameters that nested paging URLs must carry (access_token when it came in the query). */
  carriedParams: Record<string, string>;
  /**
   * Ad-days the synchronous insights of this one request have asked for so far: a list whose
   * objects each expand their `insights` counts them all against the same limit as one report.
   */
  syncAdDays?: { used: number };
  /** The `reduceData` fault switch: true when this synchronous insights read must answer code 1. */
  takeReduceData?: () => boolean;
  /** Whether the account accepted the Custom Audience terms (its `tos_accepted.custom_audience_tos`). */
  customAudienceTermsAccepted?: (accountId: string) => boolean;
}

export type GraphNode =
  { type: 'AdAccount'; account: AdAccount } | { type: 'Campaign' | 'AdSet' | 'Ad'; node: AdObject };

export type Json = Record<string, unknown>;
