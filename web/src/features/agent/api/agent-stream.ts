import {
  AgentStreamEventSchema,
  type AgentGrounding,
  type AgentProposal,
  type AgentStopReason,
  type AgentToolUse,
} from '@shared/schemas/agent';
import { postEventStream, StreamError } from '@web/lib/streaming/event-stream';

export interface AgentTurnListener {
  onTool: (tool: AgentToolUse) => void;
  onProposal: (proposal: AgentProposal) => void;
  onDelta: (text: string) => void;
}

export interface AgentTurnEnd {
  stopReason: AgentStopReason;
  grounding: AgentGrounding;
  offline: boolean;
}

/** One turn of the agent (POST /api/agent), its events handed on as they arrive; an `error` event is thrown. */
export async function streamAgentTurn(options: {
  url: string;
  message: string;
  token: string | null;
  signal?: AbortSignal;
  listener: AgentTurnListener;
  fetch?: typeof fetch;
}): Promise<AgentTurnEnd> {
  let end: AgentTurnEnd | undefined;
  await postEventStream({
    url: options.url,
    body: { message: options.message },
    token: options.token,
    signal: options.signal,
    fetch: options.fetch,
    schema: AgentStreamEventSchema,
    words: {
      unreachable: 'The agent could not be reached. Check your connection and try again.',
      failed: 'The agent could not answer. Please try again.',
      unreadable: 'The agent sent a reply that could not be read.',
    },
    onEvent: (event) => {
      if (event.type === 'tool') options.listener.onTool(event.tool);
      else if (event.type === 'proposal') options.listener.onProposal(event.proposal);
      else if (event.type === 'delta') options.listener.onDelta(event.text);
      else if (event.type === 'done')
        end = { stopReason: event.stopReason, grounding: event.grounding, offline: event.offline };
      else throw new StreamError(event.error.code, event.error.message);
    },
  });
  if (!end) throw new StreamError('UPSTREAM_ERROR', 'The answer was cut off. Please ask again.');
  return end;
}
