import * as z from 'zod';
import { META_DEFAULT_GRAPH_VERSION } from '@shared/constants';
import { tableEnvVar, type TableKey } from '@shared/tables';
import { lazyEnv } from '../env';

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
 * A table's physical name, read from its env var when first needed: a function is
 * given (and granted) only the tables it uses, so names are not read all at once.
 */
export function tableName(key: TableKey): string {
  const name = process.env[tableEnvVar(key)];
  if (!name) throw new Error(`Invalid function configuration: ${tableEnvVar(key)} is not set`);
  return name;
}

/** Where Meta sends the user back after consent: the SPA's callback page. */
export function metaRedirectUri(siteUrl: string): string {
  return new URL('/auth/meta/callback', siteUrl).toString();
}
