import { useCallback, useEffect, useRef, useState } from 'react';
import { agentLimits, type AgentStopReason, type AgentTurn } from '@shared/schemas/agent';
import { loadWebConfig } from '@web/config/web-config';
import { apiRequest } from '@web/lib/api';
import { getAccessToken } from '@web/lib/auth/cognito';
import { quotaExceededOf, type QuotaExceeded } from '@web/lib/billing/quota-exceeded';
import { announceUsageChanged } from '@web/lib/billing/usage-key';
import { StreamError } from '@web/lib/streaming/event-stream';
import { streamAgentTurn } from '../api/agent-stream';

/** A turn on screen: the stored ones, and the answer streaming in (with why it stopped when not answered). */
export type PanelTurn = AgentTurn & { stopReason?: AgentStopReason };

const errorText = (caught: unknown, fallback: string) =>
  caught instanceof Error && 'code' in caught ? caught.message : fallback;

/**
 * The signed-in person's conversation with the agent in their workspace: read from the server when the panel first
 * opens (kept there 30 days), asked turn by turn (the answer, its tool uses and proposals stream in), deleted on
 * request.
 */
export function useAgentConversation(active: boolean) {
  const [turns, setTurns] = useState<PanelTurn[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [streaming, setStreaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [quotaHit, setQuotaHit] = useState<QuotaExceeded | null>(null);
  const [offline, setOffline] = useState(false);
  const abortRef = useRef<AbortController | null>(null);

  useEffect(() => () => abortRef.current?.abort(), []);

  const requested = useRef(false);

  const load = useCallback(async () => {
    try {
      await loadWebConfig();
      const conversation = await apiRequest('agentConversation');
      // A question asked while it was read stays after the stored turns.
      setTurns((current) => [...conversation.turns, ...current]);
      setLoaded(true);
    } catch (caught) {
      setError(errorText(caught, 'The conversation could not be read. Please try again.'));
    }
  }, []);

  // Read once, on first open.
  useEffect(() => {
    if (!active || requested.current) return;
    requested.current = true;
    void load();
  }, [active, load]);

  /** Changes the answer being streamed (the last turn). */
  const updateAnswer = (change: (answer: PanelTurn) => PanelTurn) =>
    setTurns((current) => {
      const last = current.at(-1);
      return last?.role === 'assistant' ? [...current.slice(0, -1), change(last)] : current;
    });

  async function ask(question: string): Promise<boolean> {
    const text = question.trim();
    if (!text || streaming) return false;
    if (text.length > agentLimits.message) {
      setError(`Please keep a question under ${agentLimits.message} characters.`);
      return false;
    }
    setError(null);
    setQuotaHit(null);
    const at = new Date().toISOString();
    setTurns((current) => [
      ...current,
      { role: 'user', text, at },
      { role: 'assistant', text: '', at, tools: [], proposals: [] },
    ]);
    setStreaming(true);
    const controller = new AbortController();
    abortRef.current = controller;
    try {
      const [config, token] = await Promise.all([loadWebConfig(), getAccessToken()]);
      const end = await streamAgentTurn({
        // Same origin: CloudFront's `/api/agent` behaviour streams from the agent's function URL.
        url: `${config.apiBaseUrl}/agent`,
        message: text,
        token,
        signal: controller.signal,
        listener: {
          onTool: (tool) => updateAnswer((a) => ({ ...a, tools: [...(a.tools ?? []), tool] })),
          onProposal: (proposal) => updateAnswer((a) => ({ ...a, proposals: [...(a.proposals ?? []), proposal] })),
          onDelta: (piece) => updateAnswer((a) => ({ ...a, text: a.text + piece })),
        },
      });
      setOffline(end.offline);
      updateAnswer((a) => ({ ...a, grounding: end.grounding, stopReason: end.stopReason }));
      return true;
    } catch (caught) {
      const aborted = caught instanceof DOMException && caught.name === 'AbortError';
      // Keep what arrived; an answer with nothing in it goes, so the question can simply be asked again.
      setTurns((current) => {
        const last = current.at(-1);
        const empty = last?.role === 'assistant' && !last.text && !last.tools?.length && !last.proposals?.length;
        return empty ? current.slice(0, -1) : current;
      });
      const quota = caught instanceof StreamError ? quotaExceededOf(caught) : null;
      if (quota) setQuotaHit(quota);
      else if (!aborted) setError(errorText(caught, 'The agent could not answer. Please try again.'));
      return false;
    } finally {
      setStreaming(false);
      abortRef.current = null;
      // A turn counts against the workspace's AI generations: meters on screen catch up.
      announceUsageChanged();
    }
  }

  async function remove() {
    abortRef.current?.abort();
    setDeleting(true);
    setError(null);
    try {
      const empty = await apiRequest('agentDeleteConversation');
      setTurns(empty.turns);
    } catch (caught) {
      setError(errorText(caught, 'The conversation could not be deleted. Please try again.'));
    } finally {
      setDeleting(false);
    }
  }

  return {
    turns,
    loading: !loaded && error === null,
    loadFailed: !loaded && error !== null,
    streaming,
    deleting,
    error,
    quotaHit,
    offline,
    ask,
    stop: () => abortRef.current?.abort(),
    remove,
    retryLoad: () => {
      setError(null);
      void load();
    },
  };
}
