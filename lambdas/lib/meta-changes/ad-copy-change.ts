import * as z from 'zod';
import type { ObjectState } from '@shared/schemas/object-change';
import { conflict, validationError } from '../errors';
import type { GraphClient } from '../meta/graph-client';
import { enqueueEvent } from '../outbox/event-outbox';
import { campaignEvent } from '@shared/events/campaign';
import { tableName } from '../table-name';
import { afterAccepted, mayHaveApplied, type ObjectChangeDeps } from './apply-object-change';
import { recordChangeOutcome, recordPendingChange, type PendingRow } from './change-audit';
import { lockObject } from './object-lock';
import { GraphAdChangeSchema, stateOf } from './object-shapes';

/**
 * The "create ad copy" change: an A/B copy of an ad with new copy, made PAUSED in the original's
 * ad set, through the same gate as every other change to Meta (a lock on the original, a pending
 * audit row before Meta is asked and its outcome after, the `campaign` event through the outbox).
 * Its undo, `deleteAdCopy`, deletes the copy (and its creative) the same audited way.
 *
 * Idempotent by key: the copy's creative carries the key in its name, and before creating
 * anything the original's ad set is searched for an ad whose creative carries it, so a retried
 * approve (even one whose first attempt died after Meta accepted it) never makes a second copy.
 */

const idOf = z.union([z.string(), z.number()]).transform(String);

const CallToActionSchema = z.looseObject({
  type: z.string(),
  value: z.record(z.string(), z.unknown()).optional(),
});

/**
 * A carousel card as Meta reads it back (`link_data.child_attachments[]`): kept whole in a copy (image hash or
 * picture, video, crops, link, button), only its headline (`name`) replaced.
 */
const ChildAttachmentSchema = z.looseObject({
  link: z.string(),
  name: z.string().optional(),
  call_to_action: CallToActionSchema.optional(),
});

/** The parts of a link ad's `object_story_spec.link_data` a copy keeps (the text is replaced). */
const LinkDataSchema = z.looseObject({
  link: z.string().optional(),
  message: z.string().optional(),
  name: z.string().optional(),
  description: z.string().optional(),
  caption: z.string().optional(),
  image_hash: z.string().optional(),
  picture: z.string().optional(),
  call_to_action: CallToActionSchema.optional(),
  child_attachments: z.array(ChildAttachmentSchema).optional(),
  multi_share_optimized: z.boolean().optional(),
  multi_share_end_card: z.boolean().optional(),
});

/**
 * The parts of a video ad's `object_story_spec.video_data` a copy keeps: the video, its thumbnail and the button
 * with its link (Ad Creative Video Data reference); the text (`message`, `title`, `link_description`) is replaced.
 */
const VideoDataSchema = z.looseObject({
  video_id: idOf,
  message: z.string().optional(),
  title: z.string().optional(),
  link_description: z.string().optional(),
  image_hash: z.string().optional(),
  image_url: z.string().optional(),
  call_to_action: CallToActionSchema.optional(),
});

export const OriginalCreativeSchema = z.object({
  id: z.string(),
  name: z.string().optional(),
  image_hash: z.string().optional(),
  object_story_spec: z
    .looseObject({
      page_id: idOf,
      instagram_user_id: idOf.optional(),
      link_data: LinkDataSchema.optional(),
      video_data: VideoDataSchema.optional(),
    })
    .optional(),
});

export const OriginalAdSchema = GraphAdChangeSchema.extend({ creative: OriginalCreativeSchema });
export type OriginalAd = z.infer<typeof OriginalAdSchema>;

/** The fields read of the original: its own and its creative's story, as `creative{…}` expands them. */
export const ORIGINAL_AD_FIELDS = [
  ...Object.keys(GraphAdChangeSchema.shape).filter((f) => f !== 'creative'),
  'creative{id,name,image_hash,object_story_spec}',
].join(',');

export interface CopyText {
  headline: string;
  primaryText: string;
  description: string;
  /** Meta's call-to-action type; the original's button is kept when absent. */
  callToAction?: string;
  /** A carousel's card headlines, one per card in the original's order (required for a carousel, else unused). */
  cardHeadlines?: string[];
}

/** Meta's limit on an ad's name. */
const MAX_AD_NAME = 400;
const COPY_SUFFIX = ' — B';

/** The copy's name: the original's with "— B", cut so it stays within Meta's limit. */
export function copyAdName(originalName: string): string {
  return `${originalName.slice(0, MAX_AD_NAME - COPY_SUFFIX.length)}${COPY_SUFFIX}`;
}

/** The marker the copy's creative name carries, by which a retry finds a copy already made. */
export const copyMarker = (key: string) => `[adsmith ${key}]`;

export interface AbCopySpec {
  /** `POST /act_{id}/adcreatives` parameters. */
  creative: { name: string; object_story_spec: string };
  /** `POST /act_{id}/ads` parameters, once the creative id is known. */
  ad: (creativeId: string) => { name: string; adset_id: string; status: 'PAUSED'; creative: string };
}

type LinkData = z.infer<typeof LinkDataSchema>;
type CarouselLinkData = LinkData & { link: string; child_attachments: z.infer<typeof ChildAttachmentSchema>[] };

function singleImageLinkData(link: LinkData, creativeImageHash: string | undefined, copy: CopyText) {
  const imageHash = link.image_hash ?? creativeImageHash;
  const cta = copy.callToAction
    ? { type: copy.callToAction, value: link.call_to_action?.value ?? { link: link.link } }
    : link.call_to_action;
  return {
    link: link.link,
    message: copy.primaryText,
    name: copy.headline,
    ...(copy.description ? { description: copy.description } : {}),
    ...(link.caption ? { caption: link.caption } : {}),
    ...(imageHash ? { image_hash: imageHash } : link.picture ? { picture: link.picture } : {}),
    ...(cta ? { call_to_action: cta } : {}),
  };
}

/**
 * A carousel's copy: every card kept as Meta read it back (image, link, button, crops) with the new headline, and
 * the new primary text. A carousel's own name and description are not shown by Meta, so the original's are kept.
 * A new button goes on each card with the card's own link (Meta: a card's call-to-action link "must be the same as
 * the link of this child attachment", child-attachment reference).
 */
function carouselLinkData(link: CarouselLinkData, copy: CopyText) {
  const cards = link.child_attachments;
  const headlines = copy.cardHeadlines ?? [];
  if (headlines.length !== cards.length) {
    throw validationError(
      `This carousel has ${cards.length} cards: the copy needs ${cards.length} card headlines, one per card (it has ${headlines.length}).`,
    );
  }
  const { message: _message, ...kept } = link;
  return {
    ...kept,
    message: copy.primaryText,
    ...(copy.callToAction && link.call_to_action
      ? { call_to_action: { type: copy.callToAction, value: link.call_to_action.value ?? { link: link.link } } }
      : {}),
    child_attachments: cards.map((card, i) => ({
      ...card,
      name: headlines[i],
      ...(copy.callToAction && card.call_to_action
        ? { call_to_action: { type: copy.callToAction, value: { link: card.link } } }
        : {}),
    })),
  };
}

/**
 * A video ad's copy: the same video, thumbnail and button link, with the new primary text (`message`), headline
 * (`title`) and description (`link_description`); a new button type keeps the original's link.
 */
function videoData(video: z.infer<typeof VideoDataSchema>, copy: CopyText) {
  const { message: _message, title: _title, link_description: _description, call_to_action: cta, ...kept } = video;
  const button = copy.callToAction && cta ? { type: copy.callToAction, value: cta.value } : cta;
  return {
    ...kept,
    message: copy.primaryText,
    title: copy.headline,
    ...(copy.description ? { link_description: copy.description } : {}),
    ...(button ? { call_to_action: button } : {}),
  };
}

/**
 * The A/B copy's creative and ad, from the original: its story spec (page, Instagram account, link or video, image,
 * button) with the new message, headline and description, and an ad PAUSED in the same ad set; a carousel keeps every
 * card and takes new card headlines. Link ads (single image, carousel) and video ads can be copied this way.
 */
export function abCopySpec(original: OriginalAd, copy: CopyText, key: string): AbCopySpec {
  const story = original.creative.object_story_spec;
  const link = story?.link_data;
  const video = story?.video_data;
  if (!story || !((link && link.link) || video)) {
    throw validationError(
      'Only a single-image, carousel or video ad can be copied with new text; this ad’s creative is of another kind.',
    );
  }
  const content =
    link && link.link
      ? {
          link_data: link.child_attachments
            ? carouselLinkData(link as CarouselLinkData, copy)
            : singleImageLinkData(link, original.creative.image_hash, copy),
        }
      : { video_data: videoData(video!, copy) };
  const name = copyAdName(original.name);
  return {
    creative: {
      name: `${name} ${copyMarker(key)}`,
      object_story_spec: JSON.stringify({
        page_id: story.page_id,
        ...(story.instagram_user_id ? { instagram_user_id: story.instagram_user_id } : {}),
        ...content,
      }),
    },
    ad: (creativeId) => ({
      name,
      adset_id: original.adset_id,
      status: 'PAUSED',
      creative: JSON.stringify({ creative_id: creativeId }),
    }),
  };
}

export interface CreateAdCopyInput {
  userId: string;
  /** The original ad. */
  adId: string;
  copy: CopyText;
  /** Makes the change once: a retry with the same key finds the copy already made. */
  key: string;
  /** Who asked, for the audit (e.g. `ad-optimizer:<rewrite id>`). */
  source?: string;
}

export interface CreatedAdCopy {
  /** The audit's change id; absent when the copy was found already made (a retry). */
  changeId?: string;
  adAccountId: string;
  campaignId: string;
  adsetId: string;
  copyAdId: string;
  copyAdName: string;
  copyCreativeId: string;
  after: ObjectState | undefined;
  reused: boolean;
}

const CreatedSchema = z.object({ id: idOf });
const SuccessSchema = z.object({ success: z.boolean() });
const SiblingSchema = z.object({
  id: z.string(),
  name: z.string(),
  creative: z.object({ id: z.string(), name: z.string().optional() }).optional(),
});

/** An ad in the ad set whose creative carries the key: the copy an earlier attempt made. */
async function findCopy(graph: GraphClient, adsetId: string, key: string) {
  const page = await graph.paginate(
    `/${adsetId}/ads`,
    { fields: 'id,name,creative{id,name}', limit: 500 },
    SiblingSchema,
    { maxPages: 10 },
  );
  return page.items.find((ad) => ad.creative?.name?.includes(copyMarker(key)));
}

async function recordFailure(deps: ObjectChangeDeps, pending: PendingRow, error: unknown): Promise<void> {
  await afterAccepted('recording the failure', () =>
    recordChangeOutcome(
      deps.doc,
      tableName('campaignAudit'),
      pending,
      { outcome: mayHaveApplied(error) ? 'unknown' : 'failed', error: (error as Error).message.slice(0, 500) },
      deps.now(),
    ),
  );
}

/** Creates the A/B copy of an ad (see the module comment). Nothing is sent before the audit row is written. */
export async function createAdCopy(deps: ObjectChangeDeps, input: CreateAdCopyInput): Promise<CreatedAdCopy> {
  const { doc, graph } = deps;
  // A new ad is a new way to spend once someone starts it: a user above the plan's limit chooses first.
  await deps.assertMaySpend?.();
  const lock = await lockObject(doc, tableName('campaignLocks'), input.adId, deps.lock, 'ad');
  try {
    const original = await graph.get(`/${input.adId}`, { fields: ORIGINAL_AD_FIELDS }, OriginalAdSchema);
    const account = await deps.ownedAccount(original.account_id);
    if (original.status === 'DELETED' || original.status === 'ARCHIVED') {
      throw conflict(`This ad is ${original.status.toLowerCase()}; it cannot be copied.`);
    }
    const spec = abCopySpec(original, input.copy, input.key);
    const found = await findCopy(graph, original.adset_id, input.key);
    if (found?.creative) {
      return {
        adAccountId: account.id,
        campaignId: original.campaign_id,
        adsetId: original.adset_id,
        copyAdId: found.id,
        copyAdName: found.name,
        copyCreativeId: found.creative.id,
        after: undefined,
        reused: true,
      };
    }

    const auditTable = tableName('campaignAudit');
    const action = 'create_ad_copy';
    const pending = await recordPendingChange(
      doc,
      auditTable,
      {
        userId: input.userId,
        campaignId: original.campaign_id,
        level: 'ad',
        objectId: original.id,
        objectName: original.name,
        adAccountId: account.id,
        action,
        before: stateOf(original),
        requested: { adcreative: spec.creative, ad: spec.ad('(new creative)') },
        ...(input.source ? { source: input.source } : {}),
      },
      deps.now(),
    );

    let creativeId: string;
    let copyAdId: string;
    try {
      creativeId = (await graph.post(`/${account.id}/adcreatives`, spec.creative, CreatedSchema)).id;
    } catch (error) {
      await recordFailure(deps, pending, error);
      throw error;
    }
    try {
      copyAdId = (await graph.post(`/${account.id}/ads`, spec.ad(creativeId), CreatedSchema)).id;
    } catch (error) {
      // No ad uses the new creative: take it away again rather than leave an orphan in the library.
      if (!mayHaveApplied(error)) {
        await afterAccepted('deleting the unused creative', () => graph.delete(`/${creativeId}`));
      }
      await recordFailure(deps, pending, error);
      throw error;
    }

    // Meta made the copy: from here on nothing may turn the result into an error.
    if (deps.forgetCachedReads) await afterAccepted('evicting the cache', deps.forgetCachedReads);
    const copy = await afterAccepted('reading the copy back', () =>
      graph.get(`/${copyAdId}`, { fields: Object.keys(GraphAdChangeSchema.shape).join(',') }, GraphAdChangeSchema),
    );
    const after: ObjectState = copy
      ? stateOf(copy)
      : { status: 'PAUSED', dailyBudget: null, lifetimeBudget: null, name: spec.ad(creativeId).name, creativeId };
    const copyAdName = after.name ?? spec.ad(creativeId).name;
    await afterAccepted('writing the audit outcome', () =>
      recordChangeOutcome(
        doc,
        auditTable,
        pending,
        { outcome: 'completed', after, afterSource: copy ? 'meta' : 'requested', createdObjectId: copyAdId },
        deps.now(),
      ),
    );
    await afterAccepted('writing the campaign event to the outbox', () =>
      enqueueEvent(
        doc,
        campaignEvent,
        {
          action,
          campaignName: copyAdName,
          campaignId: original.campaign_id,
          userId: input.userId,
          level: 'ad',
          objectId: copyAdId,
          ...(deps.userEmail ? { userEmail: deps.userEmail } : {}),
        },
        { now: deps.now() },
      ),
    );
    return {
      changeId: pending.changeId,
      adAccountId: account.id,
      campaignId: original.campaign_id,
      adsetId: original.adset_id,
      copyAdId,
      copyAdName,
      copyCreativeId: creativeId,
      after,
      reused: false,
    };
  } finally {
    await lock.release().catch(() => undefined);
  }
}

export interface DeletedAdCopy {
  changeId?: string;
  /** False when the copy was already gone. */
  deleted: boolean;
}

/**
 * The undo of `createAdCopy`: deletes the copy (Meta's DELETE on the ad) and then its creative,
 * audited and evented like the creation. A copy already deleted is left as it is.
 */
export async function deleteAdCopy(
  deps: ObjectChangeDeps,
  input: { userId: string; copyAdId: string; source?: string },
): Promise<DeletedAdCopy> {
  const { doc, graph } = deps;
  const lock = await lockObject(doc, tableName('campaignLocks'), input.copyAdId, deps.lock, 'ad');
  try {
    const fields = Object.keys(GraphAdChangeSchema.shape).join(',');
    const copy = await graph.get(`/${input.copyAdId}`, { fields }, GraphAdChangeSchema);
    const account = await deps.ownedAccount(copy.account_id);
    if (copy.status === 'DELETED') return { deleted: false };
    const auditTable = tableName('campaignAudit');
    const action = 'delete_ad_copy';
    const before = stateOf(copy);
    const pending = await recordPendingChange(
      doc,
      auditTable,
      {
        userId: input.userId,
        campaignId: copy.campaign_id,
        level: 'ad',
        objectId: copy.id,
        objectName: copy.name,
        adAccountId: account.id,
        action,
        before,
        requested: { delete: copy.id },
        ...(input.source ? { source: input.source } : {}),
      },
      deps.now(),
    );
    try {
      await graph.delete(`/${copy.id}`, undefined, SuccessSchema);
    } catch (error) {
      await recordFailure(deps, pending, error);
      throw error;
    }
    // The creative was made for this copy only; Meta refuses to delete one still in use, so this is safe.
    await afterAccepted('deleting the copy’s creative', () => graph.delete(`/${copy.creative.id}`));
    if (deps.forgetCachedReads) await afterAccepted('evicting the cache', deps.forgetCachedReads);
    await afterAccepted('writing the audit outcome', () =>
      recordChangeOutcome(
        doc,
        auditTable,
        pending,
        { outcome: 'completed', after: { ...before, status: 'DELETED' }, afterSource: 'requested' },
        deps.now(),
      ),
    );
    await afterAccepted('writing the campaign event to the outbox', () =>
      enqueueEvent(
        doc,
        campaignEvent,
        {
          action,
          campaignName: copy.name,
          campaignId: copy.campaign_id,
          userId: input.userId,
          level: 'ad',
          objectId: copy.id,
          ...(deps.userEmail ? { userEmail: deps.userEmail } : {}),
        },
        { now: deps.now() },
      ),
    );
    return { changeId: pending.changeId, deleted: true };
  } finally {
    await lock.release().catch(() => undefined);
  }
}
