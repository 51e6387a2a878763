import * as z from 'zod';

/**
 * Meta's per-event dataset quality (`GET /dataset_quality?dataset_id=…`, the Business SDK's
 * AdsPixelCapiIntegrationQuality), parsed before anything reads it. Figures Meta may leave out are optional.
 */
const Percentage = z.object({ percentage: z.number().min(0).max(100) });

export const EventQualitySchema = z.object({
  event_name: z.string().min(1),
  event_match_quality: z
    .object({
      composite_score: z.number().min(0).max(10),
      match_key_feedback: z.array(z.object({ identifier: z.string(), coverage: Percentage })).default([]),
    })
    .optional(),
  event_coverage: Percentage.optional(),
  dedupe_key_feedback: z
    .array(
      z.object({
        dedupe_key: z.string(),
        browser_events_with_dedupe_key: Percentage.optional(),
        server_events_with_dedupe_key: Percentage.optional(),
      }),
    )
    .default([]),
  data_freshness: z.object({ upload_frequency: z.string() }).optional(),
});

export type EventQuality = z.infer<typeof EventQualitySchema>;

export const DatasetQualitySchema = z.object({ web: z.array(EventQualitySchema).default([]) });
