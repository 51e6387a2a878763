import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface AgentFigure {
  seededPerAccount: number;
  requests: number;
  /** Tool calls the measured answer made (the question asks for three). */
  toolCalls: number;
  firstToken: { p50: number; max: number };
  complete: { p50: number; max: number };
  graphCallsPerAnswer: { p50: number; max: number };
}

const probe = path.join(path.dirname(fileURLToPath(import.meta.url)), 'agent-probe.ts');

/**
 * POST /api/agent on the offline model (issue 26, requirement 7): time to first token and to a complete answer
 * with three tool calls, and Graph calls per answer, on sandboxes of two sizes (the count must not grow with them).
 */
export function measureAgent(perAccountSizes: readonly number[], requests: number): AgentFigure[] {
  console.log('\nPOST /api/agent (offline model, streamed, a question answered with three tool calls)');
  const figures: AgentFigure[] = [];
  for (const perAccount of perAccountSizes) {
    const run = spawnSync(process.execPath, ['--import', 'tsx', probe, String(perAccount), String(requests)], {
      encoding: 'utf8',
      env: { ...process.env, POWERTOOLS_LOG_LEVEL: 'ERROR' },
    });
    const line = run.stdout.trim().split('\n').pop() ?? '';
    if (run.status !== 0 || !line.startsWith('{')) throw new Error(`Agent probe failed: ${run.stderr}`);
    const figure = { ...(JSON.parse(line) as Omit<AgentFigure, 'seededPerAccount'>), seededPerAccount: perAccount };
    figures.push(figure);
    console.log(
      `  ${String(perAccount).padStart(4)} campaigns/account  ${figure.toolCalls} tool calls  first token p50 ${figure.firstToken.p50} ms (max ${figure.firstToken.max})  complete p50 ${figure.complete.p50} ms (max ${figure.complete.max})  Graph calls/answer p50 ${figure.graphCallsPerAnswer.p50} max ${figure.graphCallsPerAnswer.max}  (${figure.requests} answers)`,
    );
  }
  return figures;
}
