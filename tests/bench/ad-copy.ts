import { apiOriginHeaders, type TwinEndpoints } from '@infra/twin/endpoints-file';
import { percentile } from './percentiles';

export interface AdCopyLatencyFigure {
  requests: number;
  variants: number;
  failures: number;
  p50: number;
  p99: number;
  max: number;
}

const brief = (i: number, variants: number) => ({
  product: `Handmade ceramic coffee mugs, batch ${i}`,
  audience: 'remote workers who love slow mornings',
  tone: 'friendly',
  objective: 'OUTCOME_SALES',
  variants,
});

/**
 * POST /api/ai/ad-copy end to end on the offline model: gateway, JWT check,
 * quota counter, prompt, SDK call, schema validation, reply. One request at a
 * time (a person waiting on the button), each brief different so nothing is cached.
 */
export async function measureAdCopy(
  endpoints: Pick<TwinEndpoints, 'api' | 'apiOrigin'>,
  token: string,
  options: { requests: number; variants: number },
): Promise<AdCopyLatencyFigure> {
  const times: number[] = [];
  let failures = 0;
  for (let i = 0; i < options.requests; i++) {
    const started = performance.now();
    const reply = await fetch(`${endpoints.api}/api/ai/ad-copy`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        ...apiOriginHeaders(endpoints),
      },
      body: JSON.stringify(brief(i, options.variants)),
    });
    await reply.arrayBuffer();
    times.push(performance.now() - started);
    if (!reply.ok) failures++;
  }
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    requests: options.requests,
    variants: options.variants,
    failures,
    p50: round(percentile(times, 50)),
    p99: round(percentile(times, 99)),
    max: round(Math.max(...times)),
  };
}
