import { Send, Square, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { agentLimits } from '@shared/schemas/agent';
import { QuotaUpgradePrompt } from '@web/components/billing/quota-upgrade-prompt';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Modal } from '@web/components/ui/modal';
import { Spinner } from '@web/components/ui/spinner';
import { useAgentConversation } from '../hooks/use-agent-conversation';
import { AgentTurnView } from './agent-turn-view';

export interface AgentPanelProps {
  open: boolean;
  onClose: () => void;
}

const EXAMPLES = [
  'How did my campaigns do last week?',
  'Which campaign has the highest cost per purchase?',
  'Cut the budget of my worst campaign by 30%',
];

/**
 * The agent's side sheet. It stays mounted while closed, so an answer streaming in carries on; the conversation is
 * the server's (30 days), read on first open.
 */
export default function AgentPanel({ open, onClose }: AgentPanelProps) {
  const agent = useAgentConversation(open);
  const [draft, setDraft] = useState('');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const inputId = useId();
  const counterId = useId();
  const logEnd = useRef<HTMLDivElement>(null);
  const last = agent.turns.at(-1);

  useEffect(() => {
    logEnd.current?.scrollIntoView?.({ block: 'end' });
  }, [agent.turns.length, last?.text]);

  const ask = async (question: string) => {
    const text = question;
    setDraft('');
    if (!(await agent.ask(text))) setDraft((current) => current || text);
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      variant="drawer"
      className="max-w-xl gap-3"
      title="Adsmith agent"
      description="Answers from your ad account's own figures. Changes are proposals: nothing happens until someone approves them in the optimizer."
    >
      <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
        <span>{agent.offline ? 'Offline model (no OpenAI key): answers are planned from your words.' : ''}</span>
        {confirmDelete ? (
          <span role="group" aria-label="Delete the conversation?" className="flex items-center gap-2">
            Delete this conversation?
            <Button
              size="sm"
              variant="destructive"
              onClick={() => {
                setConfirmDelete(false);
                void agent.remove();
              }}
            >
              Delete
            </Button>
            <Button size="sm" variant="outline" onClick={() => setConfirmDelete(false)}>
              Keep
            </Button>
          </span>
        ) : (
          <Button
            size="sm"
            variant="ghost"
            disabled={agent.turns.length === 0 || agent.deleting}
            onClick={() => setConfirmDelete(true)}
          >
            <Trash2 aria-hidden="true" /> {agent.deleting ? 'Deleting…' : 'Delete conversation'}
          </Button>
        )}
      </div>

      <div className="min-h-0 flex-1 overflow-y-auto">
        {agent.loading ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner label="Loading" /> Reading your conversation…
          </p>
        ) : agent.turns.length === 0 ? (
          <div className="grid gap-2 text-sm text-muted-foreground">
            <p>Ask about your ad account in plain words. For example:</p>
            <ul className="grid gap-1">
              {EXAMPLES.map((example) => (
                <li key={example}>
                  <Button
                    size="sm"
                    variant="outline"
                    className="h-auto whitespace-normal text-left"
                    disabled={agent.streaming}
                    onClick={() => void ask(example)}
                  >
                    {example}
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <ol role="log" aria-label="Conversation with the agent" aria-live="polite" className="grid gap-3">
            {agent.turns.map((turn, index) => (
              <AgentTurnView
                key={`${turn.at}-${index}`}
                turn={turn}
                streaming={agent.streaming && index === agent.turns.length - 1}
                onOpenDrawer={onClose}
              />
            ))}
          </ol>
        )}
        <div ref={logEnd} />
      </div>

      {agent.quotaHit ? <QuotaUpgradePrompt quota={agent.quotaHit} /> : null}
      {agent.error ? (
        <Alert variant="destructive">
          {agent.error}{' '}
          {agent.loadFailed ? (
            <Button size="sm" variant="outline" onClick={agent.retryLoad}>
              Try again
            </Button>
          ) : null}
        </Alert>
      ) : null}

      <form
        onSubmit={(event) => {
          event.preventDefault();
          void ask(draft);
        }}
        className="flex items-end gap-2 border-t pt-3"
      >
        <div className="flex-1">
          <label htmlFor={inputId} className="sr-only">
            Ask the agent
          </label>
          <textarea
            id={inputId}
            data-autofocus
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey) {
                event.preventDefault();
                void ask(draft);
              }
            }}
            rows={2}
            maxLength={agentLimits.message}
            aria-describedby={counterId}
            placeholder="Ask about your campaigns, or ask for a change…"
            className="w-full resize-none rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          />
          <p id={counterId} className="text-right text-[11px] text-muted-foreground">
            {draft.length} / {agentLimits.message}
          </p>
        </div>
        {agent.streaming ? (
          <Button variant="outline" size="icon" className="mb-5" aria-label="Stop the answer" onClick={agent.stop}>
            <Square aria-hidden="true" />
          </Button>
        ) : (
          <Button type="submit" size="icon" className="mb-5" aria-label="Send the question" disabled={!draft.trim()}>
            <Send aria-hidden="true" />
          </Button>
        )}
      </form>
    </Modal>
  );
}
