import * as z from 'zod';
import { BusinessLanguagesSchema } from '../copy-languages';

/**
 * The workspace's business languages (issue 29 requirement 3): the languages its ads are written in, the first the
 * primary one. The default of the campaign brief's copy languages, the ad copy screen's languages and the language an
 * ad optimizer rewrite falls back to when an ad's words do not say theirs.
 */
export const BusinessLanguagesBodySchema = z.object({ languages: BusinessLanguagesSchema });
export type BusinessLanguagesBody = z.input<typeof BusinessLanguagesBodySchema>;

/** The languages the engine writes until the workspace chooses: English alone. */
export const DEFAULT_BUSINESS_LANGUAGES = ['en'];

export const BusinessLanguagesReplySchema = z.object({
  /** BCP-47 tags, primary first. */
  languages: z.array(z.string()).min(1),
  /** Absent: never chosen (the default above). */
  updatedAt: z.string().optional(),
});
export type BusinessLanguagesReply = z.infer<typeof BusinessLanguagesReplySchema>;
