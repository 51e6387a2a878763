import * as z from 'zod';

/** Longest free text a notification carries; Slack's section text limit is 3000. */
export const TEXT = z.string().trim().max(2000);
export const SHORT = z.string().trim().max(300);
