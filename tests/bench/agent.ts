import { runProbe } from './run-probe';

export interface AgentFigure {
  seededPerAccount: number;
  requests: number;
  /** Tool calls the measured answer made (the question asks for three). */
  toolCalls: number;
  firstToken: { p50: number; max: number };
  complete: { p50: number; max: number };
  graphCallsPerAnswer: { p50: number; max: number };
}

/**
 * POST /api/agent on the offline model (issue 26, requirement 7): time to first token and to a complete answer
 * with three tool calls, and Graph calls per answer, on sandboxes of two sizes (the count must not grow with them).
 */
export function measureAgent(perAccountSizes: readonly number[], requests: number): AgentFigure[] {
  console.log('\nPOST /api/agent (offline model, streamed, a question answered with three tool calls)');
  const figures: AgentFigure[] = [];
  for (const perAccount of perAccountSizes) {
    const outcome = runProbe<Omit<AgentFigure, 'seededPerAccount'>>('agent-probe.ts', [perAccount, requests]);
    if ('error' in outcome) throw new Error(`Agent probe failed: ${outcome.error}`);
    const figure = { ...outcome.figure, seededPerAccount: perAccount };
    figures.push(figure);
    console.log(
      `  ${String(perAccount).padStart(4)} campaigns/account  ${figure.toolCalls} tool calls  first token p50 ${figure.firstToken.p50} ms (max ${figure.firstToken.max})  complete p50 ${figure.complete.p50} ms (max ${figure.complete.max})  Graph calls/answer p50 ${figure.graphCallsPerAnswer.p50} max ${figure.graphCallsPerAnswer.max}  (${figure.requests} answers)`,
    );
  }
  return figures;
}
