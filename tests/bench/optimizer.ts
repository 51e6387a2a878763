import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface OptimizerFigure {
  campaignsPerAccount: number;
  requests?: number;
  recommendations?: number;
  graphCallsPerRequest?: number;
  p50?: number;
  p99?: number;
  error?: string;
}

const probe = path.join(path.dirname(fileURLToPath(import.meta.url)), 'optimizer-probe.ts');
const ms = (n: number) => `${n.toFixed(0)} ms`;

/**
 * GET /api/optimizer/ad-accounts/{id}/recommendations on the demo account and on a large one
 * (200 campaigns per account, about 1,400 ads): Graph calls per request, p50 and p99. A size that
 * fails (e.g. the function's 29 s timeout) is printed as such instead of stopping the bench.
 */
export function measureOptimizer(sizes: readonly number[] = [6, 200]): OptimizerFigure[] {
  console.log('\nGET /api/optimizer/ad-accounts/{id}/recommendations on the Meta sandbox');
  return sizes.map((perAccount) => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', probe, String(perAccount), '5'], {
      encoding: 'utf8',
      env: { ...process.env, POWERTOOLS_LOG_LEVEL: 'ERROR' },
    });
    const line = run.stdout.trim().split('\n').pop() ?? '';
    if (run.status !== 0 || !line.startsWith('{')) {
      const error = (
        run.stderr
          .trim()
          .split('\n')
          .find((l) => l.startsWith('Error')) ?? 'probe failed'
      ).slice(0, 200);
      console.log(`  ${String(perAccount).padStart(3)} campaigns/account  FAILED: ${error}`);
      return { campaignsPerAccount: perAccount, error };
    }
    const figure = JSON.parse(line) as OptimizerFigure;
    console.log(
      `  ${String(perAccount).padStart(3)} campaigns/account  ${figure.recommendations} recommendations  ${figure.graphCallsPerRequest!.toFixed(1)} Graph calls/request  p50 ${ms(figure.p50!)}  p99 ${ms(figure.p99!)}`,
    );
    return figure;
  });
}
