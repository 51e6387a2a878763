import { createHash } from 'node:crypto';
import { chatLimits } from '@shared/schemas/chat';
import { CONTENT_SHA256_HEADER } from '@shared/streaming-headers';
import { percentile } from './percentiles';

export interface ChatLatencyFigure {
  requests: number;
  failures: number;
  /** From sending the question to the first piece of the answer arriving. */
  firstToken: { p50: number; max: number };
  /** To the end of the answer. */
  complete: { p50: number; max: number };
}

const questions = [
  'What does Adsmith cost?',
  'How do I connect my Meta ad account?',
  'Can Adsmith write ad copy for me?',
  'How should I set my daily budget?',
  'Is there a free plan?',
  'What does the Agency plan include?',
  'How do I cancel my subscription?',
  'What lookalike audience should I start with?',
];

/**
 * POST /api/chat end to end on the offline model: gateway, the function's streaming
 * response, the rate-limit counters, the prompt and the model's SSE, read as it arrives.
 * One question at a time, at most one minute's per-IP allowance (the bench is one address).
 */
export async function measureChat(api: string): Promise<ChatLatencyFigure> {
  const first: number[] = [];
  const complete: number[] = [];
  let failures = 0;
  const requests = Math.min(questions.length, chatLimits.perIpPerMinute);
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    const body = JSON.stringify({ messages: [{ role: 'user', content: questions[i] }], page: '/' });
    const reply = await fetch(`${api}/api/chat`, {
      method: 'POST',
      // As through CloudFront's origin access control: the body's hash goes with it (shared/streaming-headers.ts).
      headers: {
        'content-type': 'application/json',
        [CONTENT_SHA256_HEADER]: createHash('sha256').update(body).digest('hex'),
      },
      body,
    });
    if (!reply.ok || !reply.body) {
      failures++;
      await reply.arrayBuffer();
      continue;
    }
    const reader = reply.body.pipeThrough(new TextDecoderStream()).getReader();
    let seenDelta = false;
    for (;;) {
      const { value, done } = await reader.read();
      if (!seenDelta && value?.includes('"type":"delta"')) {
        seenDelta = true;
        first.push(performance.now() - started);
      }
      if (done) break;
    }
    complete.push(performance.now() - started);
    if (!seenDelta) failures++;
  }
  const round = (ms: number) => Math.round(ms * 10) / 10;
  const summary = (times: number[]) => ({
    p50: times.length ? round(percentile(times, 50)) : NaN,
    max: times.length ? round(Math.max(...times)) : NaN,
  });
  return { requests, failures, firstToken: summary(first), complete: summary(complete) };
}
