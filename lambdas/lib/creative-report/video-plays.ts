import * as z from 'zod';

/**
 * A video ad's plays in one insights row, as Meta reports them (Marketing API Insights): 3-second plays are the
 * `video_view` entry of `actions`; ThruPlays (played to the end, or 15 s of a longer video) are
 * `video_thruplay_watched_actions`. A row of an ad that is not a video has neither: zero, zero.
 */
const ActionListSchema = z
  .array(z.looseObject({ action_type: z.string(), value: z.union([z.string(), z.number()]) }))
  .optional()
  .catch(undefined);

const RowSchema = z.looseObject({
  actions: ActionListSchema,
  video_thruplay_watched_actions: ActionListSchema,
});

/** The insights field to ask for beside `actions` (which the report already reads). */
export const VIDEO_PLAY_FIELDS = 'video_thruplay_watched_actions';

function sum(list: z.infer<typeof ActionListSchema>, type?: string): number {
  return (list ?? [])
    .filter((entry) => type === undefined || entry.action_type === type)
    .reduce((total, entry) => total + (Number.isFinite(Number(entry.value)) ? Number(entry.value) : 0), 0);
}

export function videoPlaysOf(row: unknown): { plays: number; thruPlays: number } {
  const parsed = RowSchema.safeParse(row);
  if (!parsed.success) return { plays: 0, thruPlays: 0 };
  return { plays: sum(parsed.data.actions, 'video_view'), thruPlays: sum(parsed.data.video_thruplay_watched_actions) };
}
