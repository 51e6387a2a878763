import * as z from 'zod';
import { META_DEFAULT_GRAPH_VERSION } from '@shared/constants';
import { lazyEnv } from '../env';
import { webPaths } from '@shared/web-paths';

/**
 * Settings every Meta function reads once. The Graph and dialog base URLs default
 * to Meta's; the local twin points them at its Meta sandbox.
 */
export const metaConfig = lazyEnv(
  z.object({
    META_GRAPH_BASE_URL: z.string().url().default('https://graph.facebook.com'),
    META_DIALOG_BASE_URL: z.string().url().default('https://www.facebook.com'),
    META_GRAPH_VERSION: z
      .string()
      .regex(/^v\d+\.\d+$/)
      .default(META_DEFAULT_GRAPH_VERSION),
    SITE_URL: z.string().url(),
  }),
);

export type MetaConfig = ReturnType<typeof metaConfig>;

/**
 * The Graph settings alone, for a function that only reads Graph with a stored token (the chatbot, in the edge
 * stack, has no site URL: the distribution it sits behind would depend on itself).
 */
export const metaGraphConfig = lazyEnv(
  z.object({
    META_GRAPH_BASE_URL: z.string().url().default('https://graph.facebook.com'),
    META_GRAPH_VERSION: z
      .string()
      .regex(/^v\d+\.\d+$/)
      .default(META_DEFAULT_GRAPH_VERSION),
  }),
);

export type MetaGraphConfig = ReturnType<typeof metaGraphConfig>;

/** Where Meta sends the user back after consent: the SPA's callback page. */
export function metaRedirectUri(siteUrl: string): string {
  return new URL(webPaths.metaCallback, siteUrl).toString();
}
