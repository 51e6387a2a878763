import { ArrowRight, CircleAlert, CircleCheck } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from '@web/components/ui/badge';
import { toolWords } from '../lib/tool-words';
import { ProposalApproval } from './proposal-approval';
import type { PanelTurn } from '../hooks/use-agent-conversation';

const STOP_WORDS = {
  max_steps: 'The agent stopped after its step limit for one question: ask a narrower question to go on.',
  length: 'The answer reached its length limit and was cut short.',
} as const;

/**
 * One turn of the conversation. An answer shows, beside its words, the tool results it was built on, the figures
 * removed because no tool result held them, and its proposals with the link to approve them in the optimizer or
 * to send them for the client's approval.
 */
export function AgentTurnView({
  turn,
  streaming,
  onOpenDrawer,
}: {
  turn: PanelTurn;
  streaming: boolean;
  onOpenDrawer: () => void;
}) {
  if (turn.role === 'user')
    return (
      <li className="ml-8 rounded-lg bg-primary px-3 py-2 text-sm text-primary-foreground">
        <span className="sr-only">You asked: </span>
        {turn.text}
      </li>
    );
  const tools = turn.tools ?? [];
  const proposals = turn.proposals ?? [];
  const removed = turn.grounding?.removed ?? [];
  // Sources name each quoted result `<tool> (<call id>)` (lambdas/lib/agent/grounding.ts).
  const sources = new Set(turn.grounding?.sources ?? []);
  return (
    <li className="mr-4 grid gap-2 rounded-lg border bg-muted/40 px-3 py-2 text-sm">
      <span className="sr-only">The agent answered: </span>
      {turn.text ? (
        <p className="whitespace-pre-wrap">{turn.text}</p>
      ) : streaming ? (
        <p className="text-muted-foreground">{tools.length ? 'Reading the tool results…' : 'Thinking…'}</p>
      ) : null}
      {proposals.length ? (
        <ul aria-label="Proposals" className="grid gap-2">
          {proposals.map((proposal) => (
            <li key={proposal.recommendationId} className="grid gap-1 rounded-md border bg-card p-2">
              <span className="font-medium">{proposal.title}</span>
              {proposal.dryRun ? (
                <span className="text-xs text-muted-foreground">
                  <Badge variant="outline">Dry run</Badge> Checked against the guardrails; nothing was stored.
                </span>
              ) : (
                <>
                  <Link
                    to={proposal.drawerPath}
                    onClick={onOpenDrawer}
                    className="inline-flex items-center gap-1 text-xs font-medium text-primary underline-offset-4 hover:underline"
                  >
                    Review and approve in the optimizer <ArrowRight aria-hidden="true" className="size-3" />
                  </Link>
                  <ProposalApproval recommendationId={proposal.recommendationId} title={proposal.title} />
                </>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {removed.length ? (
        <p role="note" className="flex gap-1 text-xs text-warning">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-3 shrink-0" />
          <span>
            Removed {removed.length === 1 ? 'a figure' : `${removed.length} figures`} no tool result held:{' '}
            {removed.join(', ')}
          </span>
        </p>
      ) : null}
      {tools.length ? (
        <details className="text-xs text-muted-foreground">
          <summary className="cursor-pointer">
            {tools.length === 1 ? 'Built on 1 tool result' : `Built on ${tools.length} tool results`}
          </summary>
          <ul aria-label="Tool results used" className="mt-1 grid gap-1">
            {tools.map((tool) => (
              <li key={tool.id} className="flex gap-1">
                {tool.ok ? (
                  <CircleCheck aria-label="Answered" className="mt-0.5 size-3 shrink-0 text-success" />
                ) : (
                  <CircleAlert aria-label="Refused" className="mt-0.5 size-3 shrink-0 text-destructive" />
                )}
                <span>
                  <span className="font-medium text-foreground">{toolWords(tool.name)}</span>
                  {sources.has(`${tool.name} (${tool.id})`) ? ' (figures quoted)' : ''}: {tool.summary}
                </span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {turn.stopReason && turn.stopReason !== 'answered' ? (
        <p className="text-xs text-muted-foreground">{STOP_WORDS[turn.stopReason]}</p>
      ) : null}
    </li>
  );
}
