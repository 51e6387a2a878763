/** Runs tests/bench/mmm-fit.ts in a child process and reads its figures. */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

export interface MmmFitFigures {
  weeks: number;
  channels: number;
  candidateFits: number;
  threads: number;
  searchSeconds: number;
  searchCpuSeconds: number;
  withBootstrapSeconds: number;
  bootstrapReplicates: number;
  peakRssMB: number;
  knee: { adjR2: number; nrmse: number; rssd: number };
}

export async function measureMmmFit(root: string): Promise<MmmFitFigures> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'tests/bench/mmm-fit.ts')],
    { cwd: root, maxBuffer: 1 << 20 },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as MmmFitFigures;
}
