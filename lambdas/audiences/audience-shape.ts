import * as z from 'zod';
import type { Audience, AudienceKind } from '@shared/schemas/audiences';

/** The fields the product reads of a custom audience (the Business SDK's `CustomAudience.Fields` names). */
export const AUDIENCE_FIELDS = [
  'id',
  'name',
  'subtype',
  'approximate_count_lower_bound',
  'approximate_count_upper_bound',
  'delivery_status',
  'operation_status',
  'retention_days',
  'lookalike_spec',
  'time_created',
].join(',');

const StatusSchema = z.object({ code: z.number().int(), description: z.string() });

export const GraphAudienceSchema = z.object({
  id: z.string(),
  name: z.string(),
  subtype: z.string(),
  approximate_count_lower_bound: z.number().int().optional(),
  approximate_count_upper_bound: z.number().int().optional(),
  delivery_status: StatusSchema.optional(),
  operation_status: StatusSchema.optional(),
  retention_days: z.number().int().optional(),
  lookalike_spec: z
    .object({
      ratio: z.number(),
      starting_ratio: z.number().optional(),
      country: z.string(),
      origin: z.array(z.object({ id: z.string() })).optional(),
    })
    .optional(),
  time_created: z.number().int().optional(),
});
export type GraphAudience = z.output<typeof GraphAudienceSchema>;

const KIND_OF_SUBTYPE: Record<string, AudienceKind> = {
  CUSTOM: 'customer-list',
  WEBSITE: 'website',
  ENGAGEMENT: 'engagement',
  LOOKALIKE: 'lookalike',
};
const UNKNOWN_STATUS = { code: 0, description: 'Status not available' };

/** The audience as the screen shows it; undefined for kinds the product does not make (app, offline, …). */
export function toAudience(graph: GraphAudience): Audience | undefined {
  const kind = KIND_OF_SUBTYPE[graph.subtype];
  if (!kind) return undefined;
  const spec = graph.lookalike_spec;
  return {
    id: graph.id,
    name: graph.name,
    kind,
    sizeLower: graph.approximate_count_lower_bound ?? -1,
    sizeUpper: graph.approximate_count_upper_bound ?? -1,
    delivery: graph.delivery_status ?? UNKNOWN_STATUS,
    operation: graph.operation_status ?? UNKNOWN_STATUS,
    ...(kind !== 'customer-list' && kind !== 'lookalike' && graph.retention_days
      ? { retentionDays: graph.retention_days }
      : {}),
    ...(spec && {
      lookalike: {
        country: spec.country,
        percent: Math.round((spec.ratio - (spec.starting_ratio ?? 0)) * 100),
        sourceId: spec.origin?.[0]?.id ?? '',
      },
    }),
    createdAt: new Date((graph.time_created ?? 0) * 1000).toISOString(),
  };
}
