import * as z from 'zod';
import { PixelDeliverySchema } from './signals-endpoint';

/** The signals health of an ad account's pixels (GET /api/signals/ad-accounts/{id}/health). */
export const SignalsFixSchema = z.object({
  kind: z.enum(['stopped', 'deduplication', 'matchQuality', 'freshness']),
  eventName: z.string(),
  title: z.string(),
  detail: z.string(),
});

export const SignalsEventSchema = z.object({
  eventName: z.string(),
  /** Events Meta received in the last 7 days, browser and server. */
  weekCount: z.number().int().nonnegative(),
  /** The end of the hour Meta last received it in (ISO). */
  lastReceived: z.string(),
  /** Meta's event match quality (0–10) of the server events, when the server sends this event. */
  matchQuality: z.number().min(0).max(10).optional(),
  /** Shares (%) of browser and server events carrying the event id that de-duplicates them. */
  browserWithEventId: z.number().min(0).max(100).optional(),
  serverWithEventId: z.number().min(0).max(100).optional(),
  /** Meta's upload frequency of the server events: real_time, hourly, daily. */
  uploadFrequency: z.string().optional(),
});

/** One 24-hour period of a pixel's week, from Meta's hourly stats. */
export const SignalsDaySchema = z.object({
  /** The end of the 24 hours (ISO); the last day ends at the time of reading. */
  end: z.string(),
  events: z.array(
    z.object({
      eventName: z.string(),
      browser: z.number().int().nonnegative(),
      server: z.number().int().nonnegative(),
    }),
  ),
  serverEvents: z.number().int().nonnegative(),
  /** Shares (%) of the day's server events Meta de-duplicated against the pixel's, and carrying email / phone. */
  serverDeduplicated: z.number().min(0).max(100).optional(),
  serverWithEmail: z.number().min(0).max(100).optional(),
  serverWithPhone: z.number().min(0).max(100).optional(),
});

/**
 * Meta's 7-day quality figures as Adsmith recorded them on one UTC day (Meta's dataset quality API answers only for
 * now, so each day's reading is kept: by the hourly monitor and each time the screen is read).
 */
export const SignalsQualityDaySchema = z.object({
  day: z.string(),
  events: z.array(
    z.object({
      eventName: z.string(),
      matchQuality: z.number().min(0).max(10).optional(),
      serverWithEventId: z.number().min(0).max(100).optional(),
      uploadFrequency: z.string().optional(),
    }),
  ),
});

export const SignalsPixelSchema = z.object({
  id: z.string(),
  name: z.string(),
  lastFiredTime: z.string().optional(),
  events: z.array(SignalsEventSchema),
  /** What to fix, most effect first. */
  fixes: z.array(SignalsFixSchema),
  /** The last 7 days, oldest first. */
  history: z.array(SignalsDaySchema),
  /** The days of the last 7 on which Adsmith recorded Meta's quality figures, oldest first. */
  qualityDays: z.array(SignalsQualityDaySchema),
  /** The first-party Conversions API endpoint's deliveries to this pixel, when it had traffic in the last 48 hours. */
  delivery: PixelDeliverySchema.optional(),
});

export const SignalsHealthSchema = z.object({ pixels: z.array(SignalsPixelSchema), generatedAt: z.string() });

export type SignalsHealth = z.infer<typeof SignalsHealthSchema>;
export type SignalsPixel = z.infer<typeof SignalsPixelSchema>;
export type SignalsDay = z.infer<typeof SignalsDaySchema>;
export type SignalsQualityDay = z.infer<typeof SignalsQualityDaySchema>;
