import { useCallback, useEffect, useRef, useState } from 'react';
import { adCopyAngles, anglesFor } from '@shared/ad-copy-rules';
import { AdCopyRequestSchema, type AdCopyRequestInput, type AdCopyVariant } from '@shared/schemas/ai';
import { useAIConnection } from '@web/lib/ai/use-ai-connection';
import { directAdCopyCompletion, OpenAiDirectError, type OwnKeyClient } from '@web/lib/ai/openai-direct';
import { generateAdCopyOnServer } from '../api/ad-copy-api';
import { parseDirectReply } from '../lib/parse-direct-reply';

export interface Generated {
  variants: AdCopyVariant[];
  model: string;
  offline: boolean;
  via: 'server' | 'own-key';
  quota?: { used: number; limit: number; resetsAt: string };
}

export type GenerationState =
  | { status: 'idle' }
  | { status: 'generating'; done: number; total: number; startedAt: number; label: string }
  | { status: 'cancelled' }
  | { status: 'failed'; error: unknown };

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** Own-key mode: one direct completion per angle, so progress is real: n of N written. */
async function generateWithOwnKey(
  client: OwnKeyClient,
  input: AdCopyRequestInput,
  signal: AbortSignal,
  onProgress: (done: number) => void,
): Promise<Generated> {
  const request = AdCopyRequestSchema.parse(input);
  const variants: AdCopyVariant[] = [];
  for (const angle of anglesFor(request)) {
    const content = await directAdCopyCompletion(
      client,
      {
        product: request.product,
        audience: request.audience,
        tone: request.tone,
        angle: `${adCopyAngles[angle]}${request.variation ? ` (take ${request.variation + 1})` : ''}`,
      },
      signal,
    );
    const variant = parseDirectReply(content, angle);
    if (!variant) throw new OpenAiDirectError('UPSTREAM_ERROR', 200, 'OpenAI answered with no ad copy.');
    variants.push(variant);
    onProgress(variants.length);
  }
  return { variants, model: 'gpt-4o-mini', offline: false, via: 'own-key' };
}

/** Generates with whichever AI connection is active; cancellable, with progress. */
export function useAdCopyGeneration() {
  const ai = useAIConnection();
  const [state, setState] = useState<GenerationState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setState({ status: 'cancelled' });
  }, []);

  const generate = useCallback(
    async (request: AdCopyRequestInput, label: string): Promise<Generated | null> => {
      controller.current?.abort();
      const mine = new AbortController();
      controller.current = mine;
      const total = request.angle ? 1 : (request.variants ?? 3);
      setState({ status: 'generating', done: 0, total, startedAt: Date.now(), label });
      try {
        const result =
          ai.mode === 'own-key' && ai.client
            ? await generateWithOwnKey(ai.client, request, mine.signal, (done) =>
                setState((s) => (s.status === 'generating' ? { ...s, done } : s)),
              )
            : await generateAdCopyOnServer(request, mine.signal).then((r): Generated => ({
                ...r,
                via: 'server' as const,
              }));
        if (mine.signal.aborted) return null;
        controller.current = null;
        setState({ status: 'idle' });
        return ai.mode === 'own-key' ? { ...result, offline: ai.offlineModel } : result;
      } catch (error) {
        if (isAbort(error) || mine.signal.aborted) return null;
        controller.current = null;
        setState({ status: 'failed', error });
        throw error;
      }
    },
    [ai.mode, ai.client, ai.offlineModel],
  );

  return { state, generate, cancel };
}
