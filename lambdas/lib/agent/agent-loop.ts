import type OpenAI from 'openai';
import type {
  ChatCompletionMessageFunctionToolCall,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import type * as z from 'zod';
import {
  AGENT_MAX_CALLS_PER_STEP,
  type AgentProposal,
  type AgentStopReason,
  type AgentToolUse,
} from '@shared/schemas/agent';
import { completionLimits } from '../ai/completion-limits';
import { withRetries } from '../ai/retry';
import type { ModelSettings } from '../ai/structured-generation';
import type { TokenUsage } from '../ai/token-usage';
import { toUpstreamAppError } from '../ai/upstream-errors';
import { groundAnswer, type ToolEvidence } from './grounding';
import { openAiTools, runToolCall, type AgentTool, type ToolOutcome } from './tool-registry';

/**
 * One turn of the agent: the model is called with the tools (parallel calls allowed), the calls it makes are
 * run (each argument list parsed with the tool's zod schema) and their results handed back, for at most
 * `maxSteps` model calls; the last allowed step is called with `tool_choice: "none"`, so the turn always ends
 * with an answer and says why it stopped. The answer's text is released sentence by sentence, each checked
 * against the tool results of the conversation first (grounding.ts): nothing ungrounded is ever shown.
 */

export type LoopEvent =
  | { type: 'tool'; tool: AgentToolUse; step: number }
  | { type: 'proposal'; proposal: AgentProposal }
  | { type: 'delta'; text: string }
  | {
      type: 'done';
      stopReason: AgentStopReason;
      steps: number;
      removed: string[];
      sources: string[];
      evidence: ToolEvidence[];
      text: string;
      usage: TokenUsage;
      model: string;
    };

export interface AgentLoopInput<C> {
  client: OpenAI;
  settings: ModelSettings;
  messages: ChatCompletionMessageParam[];
  tools: ReadonlyArray<AgentTool<z.ZodType, C>>;
  context: C;
  maxSteps: number;
  /** Tool results of earlier turns: figures quoted from them are grounded too. */
  earlierEvidence?: readonly ToolEvidence[];
  /** The whole turn must finish by then (epoch ms). */
  deadline: number;
}

/** Longest tool result the model reads (JSON characters); the summary comes first, so a cut keeps it. */
const MAX_TOOL_CONTENT = 12_000;

function toolContent(outcome: ToolOutcome): string {
  const { proposal: _proposal, ...shown } = outcome as ToolOutcome & { proposal?: unknown };
  const text = JSON.stringify(shown);
  return text.length <= MAX_TOOL_CONTENT ? text : JSON.stringify({ ...shown, data: undefined, cut: true });
}

interface StepResult {
  text: string;
  toolCalls: ChatCompletionMessageFunctionToolCall[];
  finishReason: string | null;
  usage?: TokenUsage;
  model?: string;
}

/** Streams one model call; text deltas go to `onText` as they arrive, tool calls are assembled by index. */
async function* modelStep<C>(
  input: AgentLoopInput<C>,
  messages: ChatCompletionMessageParam[],
  lastStep: boolean,
): AsyncGenerator<string, StepResult> {
  const { client, settings } = input;
  let stream: AsyncIterable<OpenAI.Chat.Completions.ChatCompletionChunk>;
  try {
    stream = await withRetries(
      () =>
        client.chat.completions.create(
          {
            model: settings.model,
            messages,
            tools: openAiTools(input.tools),
            tool_choice: lastStep ? 'none' : 'auto',
            parallel_tool_calls: true,
            ...completionLimits(settings),
            stream: true,
            stream_options: { include_usage: true },
          },
          { maxRetries: 0, timeout: Math.max(100, input.deadline - Date.now()) },
        ),
      { maxRetries: settings.maxRetries, deadline: input.deadline },
    );
  } catch (error) {
    throw toUpstreamAppError(error);
  }
  const calls = new Map<number, { id: string; name: string; arguments: string }>();
  let text = '';
  let finishReason: string | null = null;
  let usage: TokenUsage | undefined;
  let model: string | undefined;
  try {
    for await (const chunk of stream) {
      model = chunk.model || model;
      if (chunk.usage)
        usage = { promptTokens: chunk.usage.prompt_tokens, completionTokens: chunk.usage.completion_tokens };
      const choice = chunk.choices?.[0];
      if (!choice) continue;
      if (choice.delta?.content) {
        text += choice.delta.content;
        yield choice.delta.content;
      }
      for (const delta of choice.delta?.tool_calls ?? []) {
        const call = calls.get(delta.index) ?? { id: '', name: '', arguments: '' };
        if (delta.id) call.id = delta.id;
        if (delta.function?.name) call.name += delta.function.name;
        if (delta.function?.arguments) call.arguments += delta.function.arguments;
        calls.set(delta.index, call);
      }
      if (choice.finish_reason) finishReason = choice.finish_reason;
    }
  } catch (error) {
    throw toUpstreamAppError(error);
  }
  const toolCalls = [...calls.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, call]) => ({
      id: call.id,
      type: 'function' as const,
      function: { name: call.name, arguments: call.arguments },
    }));
  return { text, toolCalls, finishReason, usage, model };
}

/** Releases text a sentence (or line) at a time, each grounded first; the rest waits for its end. */
class SentenceGate {
  private pending = '';
  readonly removed: string[] = [];
  readonly sources = new Set<string>();
  shown = '';

  constructor(private readonly evidence: () => readonly ToolEvidence[]) {}

  push(text: string): string {
    this.pending += text;
    const cut = this.lastBoundary();
    if (cut < 0) return '';
    const ready = this.pending.slice(0, cut);
    this.pending = this.pending.slice(cut);
    return this.release(ready);
  }

  flush(): string {
    const rest = this.pending;
    this.pending = '';
    return this.release(rest);
  }

  private lastBoundary(): number {
    let cut = -1;
    for (const match of this.pending.matchAll(/[.!?](?=\s)\s*|\n+/g)) cut = match.index + match[0].length;
    return cut;
  }

  private release(text: string): string {
    if (text.trim() === '') {
      this.shown += text;
      return text;
    }
    const trailing = /\s*$/.exec(text)?.[0] ?? '';
    const grounded = groundAnswer(text, this.evidence());
    this.removed.push(...grounded.removed);
    for (const source of grounded.sources) this.sources.add(source);
    const out = grounded.text === '' ? '' : grounded.text + trailing;
    this.shown += out;
    return out;
  }
}

export async function* runAgentTurn<C>(input: AgentLoopInput<C>): AsyncGenerator<LoopEvent> {
  const messages = [...input.messages];
  const evidence: ToolEvidence[] = [];
  const allEvidence = () => [...(input.earlierEvidence ?? []), ...evidence];
  const gate = new SentenceGate(allEvidence);
  const usage: TokenUsage = { promptTokens: 0, completionTokens: 0 };
  let model = input.settings.model;
  let stopReason: AgentStopReason = 'answered';
  let steps = 0;
  for (let step = 1; step <= input.maxSteps; step += 1) {
    steps = step;
    const lastStep = step === input.maxSteps;
    const run = modelStep(input, messages, lastStep);
    let next = await run.next();
    while (!next.done) {
      const shown = gate.push(next.value);
      if (shown) yield { type: 'delta', text: shown };
      next = await run.next();
    }
    const result = next.value;
    model = result.model ?? model;
    usage.promptTokens += result.usage?.promptTokens ?? 0;
    usage.completionTokens += result.usage?.completionTokens ?? 0;
    if (result.toolCalls.length === 0 || result.finishReason === 'length') {
      stopReason = result.finishReason === 'length' ? 'length' : lastStep && steps > 1 ? 'max_steps' : 'answered';
      break;
    }
    messages.push({ role: 'assistant', content: result.text || null, tool_calls: result.toolCalls });
    const outcomes = await Promise.all(
      result.toolCalls.map((call, i) =>
        i < AGENT_MAX_CALLS_PER_STEP
          ? runToolCall(input.tools, call.function, input.context)
          : Promise.resolve<ToolOutcome>({
              ok: false,
              error: `At most ${AGENT_MAX_CALLS_PER_STEP} tool calls at once: ask for the rest in the next step.`,
            }),
      ),
    );
    for (const [i, call] of result.toolCalls.entries()) {
      const outcome = outcomes[i]!;
      const content = toolContent(outcome);
      messages.push({ role: 'tool', tool_call_id: call.id, content });
      evidence.push({ id: call.id, name: call.function.name, content });
      yield {
        type: 'tool',
        step,
        tool: {
          id: call.id,
          name: call.function.name,
          ok: outcome.ok,
          summary: outcome.ok ? outcome.summary : outcome.error,
        },
      };
      if (outcome.ok && outcome.proposal) yield { type: 'proposal', proposal: outcome.proposal };
    }
  }
  const rest = gate.flush();
  if (rest) yield { type: 'delta', text: rest };
  yield {
    type: 'done',
    stopReason,
    steps,
    removed: gate.removed,
    sources: [...gate.sources],
    evidence,
    text: gate.shown.trim(),
    usage,
    model,
  };
}
