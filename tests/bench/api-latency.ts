import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

export interface LatencyFigure {
  requests: number;
  non2xx: number;
  p50: number;
  p99: number;
  max: number;
}

const autocannonCli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

/**
 * A steady load (not a flood): `rate` requests per second for `seconds`, on
 * loopback only. The load generator runs in its own process, so its work does
 * not share an event loop with the twin it measures.
 *
 * Two autocannon behaviours shape the figures. With a rate set it corrects for
 * coordinated omission using an expected interval of ceil(1 / per-connection rate)
 * = 1 ms, which adds synthetic samples to every reply slower than 1 ms: wrong for a
 * paced load, so `ignoreCoordinatedOmission` turns it off. And it paces per second,
 * releasing each connection's quota as a burst at every second boundary, which on
 * the twin (one event loop, where Lambda would run requests side by side) queues
 * one connection's request behind the others': more connections, burstier load.
 */
export function measureLatency(
  url: string,
  headers: Record<string, string>,
  options: { rate: number; seconds: number; connections?: number; ignoreCoordinatedOmission?: boolean },
): Promise<LatencyFigure> {
  const args = [
    autocannonCli,
    '--json',
    '--connections',
    String(options.connections ?? 10),
    '--overallRate',
    String(options.rate),
    '--duration',
    String(options.seconds),
    ...(options.ignoreCoordinatedOmission ? ['--ignoreCoordinatedOmission'] : []),
    ...Object.entries(headers).flatMap(([name, value]) => ['--headers', `${name}=${value}`]),
    url,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      const result = JSON.parse(stdout) as {
        requests: { total: number };
        non2xx: number;
        latency: { p50: number; p99: number; max: number };
      };
      resolve({
        requests: result.requests.total,
        non2xx: result.non2xx,
        p50: result.latency.p50,
        p99: result.latency.p99,
        max: result.latency.max,
      });
    });
  });
}
