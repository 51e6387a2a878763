import autocannon from 'autocannon';

export interface LatencyFigure {
  requests: number;
  non2xx: number;
  p50: number;
  p99: number;
  max: number;
}

/** A steady load (not a flood): `rate` requests per second for `seconds`, on loopback only. */
export async function measureLatency(
  url: string,
  headers: Record<string, string>,
  options: { rate: number; seconds: number; connections?: number },
): Promise<LatencyFigure> {
  const result = await autocannon({
    url,
    headers,
    connections: options.connections ?? 10,
    overallRate: options.rate,
    duration: options.seconds,
  });
  return {
    requests: result.requests.total,
    non2xx: result.non2xx,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
  };
}
