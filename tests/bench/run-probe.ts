import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * Runs a bench probe (a tsx script beside this file) in a process of its own, so its timings and peak memory are its
 * own and a twin it starts ends with it. The probe prints its figure as JSON on its last line; a probe that fails
 * gives back the first `Error…` line of its stderr (or its last line), short enough for a bench table.
 */
export type ProbeOutcome<Figure> = { figure: Figure } | { error: string };

export function runProbe<Figure>(probeFile: string, args: readonly (string | number)[]): ProbeOutcome<Figure> {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, probeFile), ...args.map(String)],
    { encoding: 'utf8', env: { ...process.env, POWERTOOLS_LOG_LEVEL: 'ERROR' }, maxBuffer: 64 * 1024 * 1024 },
  );
  const line = run.stdout.trim().split('\n').pop() ?? '';
  if (run.status === 0 && line.startsWith('{')) return { figure: JSON.parse(line) as Figure };
  const stderr = run.stderr.trim().split('\n');
  return { error: (stderr.find((l) => l.startsWith('Error')) ?? stderr.pop() ?? 'probe failed').slice(0, 200) };
}
