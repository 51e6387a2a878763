import { briefTargeting } from '@shared/brief-audience';
import { randomUUID } from 'node:crypto';
import type { Metrics } from '@aws-lambda-powertools/metrics';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { blockingIssues, briefOwnText, validatePlan } from '@shared/campaign-plan-validator';
import {
  aiCampaignDraftSchemaFor,
  type CampaignBrief,
  type CampaignDraft,
  type CampaignPlan,
  type PublishStep,
} from '@shared/schemas/campaign-plan';
import type { AiRuntime } from '../lib/ai/ai-runtime';
import { addTokensToDay, consumeGeneration, refundGeneration, type GenerationQuota } from '../lib/ai/generation-quota';
import { campaignPlanPrompt } from '../lib/ai/prompts/campaign-plan';
import { generateStructured } from '../lib/ai/structured-generation';
import { recordTokenUsage } from '../lib/ai/token-usage';
import { AppError, upstreamError, validationError } from '../lib/errors';
import type { ApprovalTable } from '../lib/approvals/approval-store';
import { assertPlanApproved } from '../lib/approvals/publish-gate';
import { enqueueEvent } from '../lib/outbox/event-outbox';
import { campaignEvent } from '@shared/events/campaign';
import { tableName } from '../lib/table-name';
import { putElementRecord } from '../lib/creative-report/element-store';
import { exportedDesignElements } from '../lib/creative-report/exported-design-elements';
import { planAdAssetIds, planAdElements, planAdVideoIds } from '../lib/creative-report/plan-elements';
import { ownedAdAccount } from '../lib/meta-session/ad-accounts';
import type { MetaSession } from '../lib/meta-session/session';
import { objectChangeDeps } from '../lib/meta-session/object-change-deps';
import { buildPlan } from './build-plan';
import { readBusinessLanguages, type BusinessLanguageStore } from './business-languages';
import { perLanguagePlan } from './language-ad-sets';
import {
  claimPublish,
  finishPublish,
  getDraft,
  putDraft,
  recordPublishSteps,
  updateDraftPlan,
  type DraftStore,
} from './drafts';
import { accountFacts, resolveInterests, resolveLocations } from './meta-targeting';
import { accountAudiences, refreshPlanAudiences, suggestedExclusions } from './plan-audiences';
import { auditPublishSteps } from './publish-audit';
import {
  PublishFailedError,
  publishPlan,
  type PublishedAd,
  type PublishMedia,
  type UploadedVideos,
} from './publish-plan';
import { uploadedVideos } from './video-uploads';
import { isUsersKey, readObject, type AssetBucket } from '../lib/graphics/asset-objects';

export interface GenerateDeps {
  runtime: () => Promise<AiRuntime>;
  quota: GenerationQuota;
  limitOverride?: number;
  drafts: DraftStore;
  /** The workspace's business languages: the brief's copy languages when it names none. */
  languages?: Pick<BusinessLanguageStore, 'doc' | 'table'>;
  metrics: Metrics;
  log: (message: string, facts: Record<string, unknown>) => void;
}

/**
 * The languages a brief's ads are written in: its own copy languages; else, when its audience names no language
 * (that older field keeps writing in the language it names), the workspace's business languages.
 */
export async function withCopyLanguages(
  brief: CampaignBrief,
  workspace: string,
  store: GenerateDeps['languages'],
): Promise<CampaignBrief> {
  if (brief.copyLanguages || !store || briefTargeting(brief).languages) return brief;
  const { languages, updatedAt } = await readBusinessLanguages(store, workspace);
  // Never chosen: the plan is written as before (English, no language stated on its ads).
  return updatedAt === undefined ? brief : { ...brief, copyLanguages: languages };
}

/** Plans need more room than one ad's copy: up to 3 ad sets of 3 ads. */
const PLAN_MAX_TOKENS = 3000;

/**
 * Brief → draft: reads the account (currency, minimum budget, page, pixel),
 * counts a generation against the user's quota, asks the model for the
 * judgement parts, resolves its interests through Meta's targeting search,
 * builds the plan by Meta's rules, validates it and saves it as a draft.
 */
export async function generateDraft(
  session: MetaSession,
  asked: CampaignBrief,
  deps: GenerateDeps,
): Promise<CampaignDraft> {
  const brief = await withCopyLanguages(asked, session.user.sub, deps.languages);
  const facts = await accountFacts(session, brief.adAccountId);
  // The account's audiences, for the suggested exclusions; a plan is still made when Meta can't list them.
  const audiences = await accountAudiences(session, brief.adAccountId).catch((error: unknown) => {
    deps.log('Custom audiences not read for the plan', { error: String(error) });
    return [];
  });
  // Places first: a misspelt city is a 400 before a generation is counted.
  const locations = await resolveLocations(session, brief);
  const runtime = await deps.runtime().catch((error: unknown) => {
    throw upstreamError(error instanceof Error ? error.message : 'The AI service is not configured.', error);
  });
  const userId = session.user.sub;
  const quota = await consumeGeneration(deps.quota, userId, deps.limitOverride);
  let result;
  try {
    result = await generateStructured({
      client: runtime.client,
      settings: { ...runtime.settings, maxTokens: Math.max(runtime.settings.maxTokens, PLAN_MAX_TOKENS) },
      messages: campaignPlanPrompt.build(brief),
      schemaName: 'campaign_plan',
      // With further languages, every ad comes with its versions in the same reply.
      schema: aiCampaignDraftSchemaFor(brief.copyLanguages?.slice(1) ?? []),
      onRetry: (info) => deps.log('AI call retried', { feature: campaignPlanPrompt.feature, ...info }),
      onInvalidReply: (info) =>
        deps.log('AI reply failed validation', {
          feature: campaignPlanPrompt.feature,
          promptVersion: campaignPlanPrompt.version,
          ...info,
        }),
    });
  } catch (error) {
    await refundGeneration(deps.quota, userId, quota).catch(() => undefined);
    throw error;
  }
  recordTokenUsage(deps.metrics, campaignPlanPrompt.feature, userId, result.usage);
  await addTokensToDay(deps.quota, userId, quota, result.usage).catch((error: unknown) =>
    deps.log('Could not record token usage', { error: String(error) }),
  );

  const interests = [];
  for (const set of result.value.adSets.slice(0, 3)) {
    interests.push(await resolveInterests(session, set.interestKeywords));
  }
  const plan = buildPlan(brief, result.value, facts, interests, locations, suggestedExclusions(brief, audiences));
  const now = session.deps.now().toISOString();
  const draft: CampaignDraft = {
    id: randomUUID(),
    createdAt: now,
    updatedAt: now,
    brief,
    plan,
    minDailyBudgetMinor: facts.minDailyBudgetMinor,
    issues: validatePlan(plan, {
      minDailyBudgetMinor: facts.minDailyBudgetMinor,
      now: session.deps.now(),
      ownText: briefOwnText(brief),
      stated: briefTargeting(brief),
    }),
    model: result.model,
    offline: runtime.offline,
  };
  await putDraft(deps.drafts, userId, draft);
  return draft;
}

/**
 * A video ad plays one of the user's own rendered videos: its MP4 and thumbnail are in the user's part of the assets
 * bucket (the plan editor swaps them by picking another of the user's videos). A 400 names each ad that is not.
 */
export function assertOwnVideos(userId: string, plan: CampaignPlan): void {
  const foreign: Record<string, string> = {};
  for (const [setIndex, set] of plan.adSets.entries()) {
    for (const [adIndex, ad] of set.ads.entries()) {
      if (!ad.video) continue;
      if (!isUsersKey(userId, ad.video.assetKey) || !isUsersKey(userId, ad.video.thumbnailAssetKey)) {
        foreign[`adSets.${setIndex}.ads.${adIndex}.video`] = 'That video is not one of yours: pick one of your videos.';
      }
    }
  }
  if (Object.keys(foreign).length > 0) {
    throw validationError('A video ad plays one of your own videos.', foreign);
  }
}

/** Saves the editor's plan (same ad account), with the validator's findings. */
export async function saveDraftPlan(
  drafts: DraftStore,
  userId: string,
  id: string,
  plan: CampaignPlan,
  now: Date,
): Promise<CampaignDraft> {
  const draft = await getDraft(drafts, userId, id);
  if (plan.adAccountId !== draft.plan.adAccountId || plan.currency !== draft.plan.currency) {
    throw validationError('A draft stays in the ad account it was planned for.');
  }
  assertOwnVideos(userId, plan);
  const issues = validatePlan(plan, {
    minDailyBudgetMinor: draft.minDailyBudgetMinor,
    now,
    ownText: briefOwnText(draft.brief),
    stated: briefTargeting(draft.brief),
  });
  await updateDraftPlan(drafts, userId, id, { plan, issues }, now);
  return getDraft(drafts, userId, id);
}

export interface PublishDeps {
  drafts: DraftStore;
  /** The assets bucket: a video ad's MP4 and thumbnail are read from the user's own objects in it. */
  assets?: AssetBucket;
  /** The graphics table: which videos this user already sent to which ad account (by content hash). */
  graphics?: { doc: DynamoDBDocumentClient; table: string };
  /** The approvals table: a workspace that requires approval publishes only an approved plan. */
  approvals?: ApprovalTable;
  userEmail?: string;
  log: (message: string, facts: Record<string, unknown>) => void;
}

/** How long a publish waits for Meta to process its videos: the HTTP API gives up at 30 s. */
export const VIDEO_READY_WAIT_MS = 15_000;

/** A video ad's files, read only from the user's own part of the assets bucket. */
export function videoMedia(bucket: AssetBucket, userId: string, uploads?: UploadedVideos): PublishMedia {
  return {
    readAsset: async (key) => {
      if (!isUsersKey(userId, key)) throw validationError('That video is not one of your files.', { video: key });
      return readObject(bucket, key);
    },
    wait: { maxWaitMs: VIDEO_READY_WAIT_MS },
    ...(uploads && { uploads }),
  };
}

/**
 * Publishes a draft once: checks it is the user's draft and ad account and
 * passes the validator, claims the publish (a retry of a published draft gets
 * the first result back), creates it under a paused campaign with rollback, then audits
 * every created object, forgets the user's cached Meta reads and announces a
 * `campaign` event through the event outbox.
 */
export async function publishDraft(
  session: MetaSession,
  id: string,
  publishKey: string,
  deps: PublishDeps,
): Promise<CampaignDraft> {
  const userId = session.user.sub;
  const draft = await getDraft(deps.drafts, userId, id);
  if (draft.publish?.status === 'published') return draft;
  // Before Meta is asked anything: an unapproved plan in a workspace that requires approval goes no further.
  if (deps.approvals) await assertPlanApproved(deps.approvals, userId, id, draft.plan);
  await ownedAdAccount(session, draft.plan.adAccountId);
  // A new campaign can spend once resumed: above the plan's ad-account limit it waits, as every change that spends does.
  await objectChangeDeps(session).assertMaySpend?.();
  const now = session.deps.now();
  // What Meta holds now of the plan's audiences (size, account, source), not what the draft remembered.
  const plan = await refreshPlanAudiences(session, draft.plan);
  const blocking = blockingIssues(
    validatePlan(plan, {
      minDailyBudgetMinor: draft.minDailyBudgetMinor,
      now,
      ownText: briefOwnText(draft.brief),
      stated: briefTargeting(draft.brief),
    }),
  );
  if (blocking.length > 0) {
    throw validationError(
      `Fix the plan before publishing: ${blocking[0]!.message}`,
      Object.fromEntries(blocking.map((issue) => [issue.path, issue.message])),
    );
  }
  const claimed = await claimPublish(deps.drafts, userId, id, publishKey, now);
  if (!claimed) return getDraft(deps.drafts, userId, id);

  const facts = await accountFacts(session, draft.plan.adAccountId);
  let outcome;
  try {
    outcome = await publishPlan(
      session.graph,
      // Carousel and video ads in several languages go out as one ad set per language (language-ad-sets.ts).
      perLanguagePlan(plan),
      facts,
      (steps) => recordPublishSteps(deps.drafts, userId, id, steps),
      deps.assets
        ? videoMedia(
            deps.assets,
            userId,
            deps.graphics ? uploadedVideos(deps.graphics, userId, () => session.deps.now()) : undefined,
          )
        : undefined,
    );
  } catch (error) {
    const failed = error instanceof PublishFailedError ? error : undefined;
    const message = failed ? failed.message : error instanceof Error ? error.message : String(error);
    await finishPublish(
      deps.drafts,
      userId,
      id,
      { status: 'failed', steps: failed?.steps ?? [], error: message },
      session.deps.now(),
    );
    if (failed) await auditSteps(session, draft, failed.steps, true, deps.log);
    const left = failed?.steps.filter((step) => step.status === 'created').length ?? 0;
    throw new AppError(
      'UPSTREAM_ERROR',
      `Meta refused ${failed?.failedStep ?? 'the publish'}: ${message} ${
        left === 0 ? 'Everything created so far was deleted again.' : `${left} object(s) could not be deleted.`
      }`,
      { cause: error },
    );
  }

  const steps = outcome.created.map((object) => ({
    kind: object.kind,
    label: object.label,
    id: object.id,
    status: 'created' as const,
  }));
  await finishPublish(
    deps.drafts,
    userId,
    id,
    { status: 'published', steps, campaignId: outcome.campaignId },
    session.deps.now(),
  );
  await auditSteps(session, draft, steps, false, deps.log);
  await recordElements(session, plan.adAccountId, outcome.ads, deps.log);
  await session.deps.cache
    .forget(userId)
    .catch((error: unknown) => deps.log('Cached Meta reads not forgotten', { error: String(error) }));
  const budget = draft.plan.campaign.budget;
  try {
    await enqueueEvent(session.deps.doc, campaignEvent, {
      action: 'campaign_created',
      campaignName: draft.plan.campaign.name,
      campaignId: outcome.campaignId,
      userId,
      ...(deps.userEmail ? { userEmail: deps.userEmail } : {}),
      ...(budget ? { budget: budget.amountMinor } : {}),
    });
  } catch (error) {
    deps.log('Campaign event not written to the outbox', { error: String(error) });
  }
  return getDraft(deps.drafts, userId, id);
}

/**
 * Records each published ad's elements for the creative report. A lost row is logged, never turned
 * into a failed publish: the ads exist at Meta either way, and the report counts such an ad as untagged.
 */
async function recordElements(
  session: MetaSession,
  adAccountId: string,
  ads: readonly PublishedAd[],
  log: PublishDeps['log'],
): Promise<void> {
  const store = { doc: session.deps.doc, table: tableName('creativeElements') };
  const recordedAt = session.deps.now().toISOString();
  const designOf = await exportedDesignElements(
    { doc: session.deps.doc, table: tableName('graphicsItems') },
    session.user.sub,
    ads.flatMap(({ ad }) => planAdAssetIds(ad)),
    log,
    ads.flatMap(({ ad }) => planAdVideoIds(ad)),
  );
  const results = await Promise.allSettled(
    ads.map(({ id, ad }) =>
      putElementRecord(store, {
        adAccountId,
        adId: id,
        source: 'adsmith',
        elements: planAdElements(ad, designOf),
        recordedAt,
      }),
    ),
  );
  const lost = results.filter((result) => result.status === 'rejected');
  if (lost.length > 0) log('Creative elements not recorded', { lost: lost.length, error: String(lost[0]!.reason) });
}

/** Audits a publish's objects; a lost audit row is logged, never turned into a failed publish. */
async function auditSteps(
  session: MetaSession,
  draft: CampaignDraft,
  steps: readonly PublishStep[],
  rolledBack: boolean,
  log: PublishDeps['log'],
): Promise<void> {
  try {
    await auditPublishSteps(
      {
        doc: session.deps.doc,
        table: tableName('campaignAudit'),
        userId: session.user.sub,
        plan: draft.plan,
        now: () => session.deps.now(),
      },
      steps,
      { rolledBack },
    );
  } catch (error) {
    log('Publish audit incomplete', { error: String(error), rolledBack });
  }
}
