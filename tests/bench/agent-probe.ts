/**
 * One agent measurement in its own process: a twin whose sandbox has N campaigns per ad account, the demo user
 * connected, then POST /api/agent with a question the offline model answers with three tool calls (the ad
 * accounts, the rules, the campaigns' last 7 days), timed to the first piece of the answer and to its end, with
 * the Graph calls each answer made. Prints one JSON line.
 */
import { createHash } from 'node:crypto';
import { AgentStreamEventSchema } from '@shared/schemas/agent';
import { CONTENT_SHA256_HEADER, STREAM_TOKEN_HEADER } from '@shared/streaming-headers';
import { apiOriginHeaders } from '@infra/twin/endpoints-file';
import { percentile } from './percentiles';
import { runProbe, withConnectedDemo } from './meta-probe-session';
import { demoAccessToken } from './demo-sign-in';

const campaignsPerAccount = Number(process.argv[2] ?? 12);
/** Within the chat's per-address allowance a minute, which the agent shares. */
const REQUESTS = Number(process.argv[3] ?? 5);

runProbe(() =>
  withConnectedDemo({ campaignsPerAccount }, async ({ endpoints, account, graphCalls }) => {
    const token = await demoAccessToken(endpoints);
    const question = `Which ad accounts and rules do I have, and how did my campaigns in ${account} perform in the last 7 days?`;
    const firstToken: number[] = [];
    const complete: number[] = [];
    const calls: number[] = [];
    let toolCalls = 0;
    for (let i = 0; i < REQUESTS; i++) {
      const body = JSON.stringify({ message: question });
      const before = await graphCalls();
      const started = performance.now();
      const reply = await fetch(`${endpoints.api}/api/agent`, {
        method: 'POST',
        headers: {
          ...apiOriginHeaders(endpoints),
          'content-type': 'application/json',
          [CONTENT_SHA256_HEADER]: createHash('sha256').update(body).digest('hex'),
          [STREAM_TOKEN_HEADER]: `Bearer ${token}`,
        },
        body,
      });
      if (!reply.ok || !reply.body) throw new Error(`the agent answered ${reply.status}: ${await reply.text()}`);
      const reader = reply.body.pipeThrough(new TextDecoderStream()).getReader();
      let text = '';
      let first: number | undefined;
      for (;;) {
        const { value, done } = await reader.read();
        if (value) text += value;
        if (first === undefined && text.includes('"type":"delta"')) first = performance.now() - started;
        if (done) break;
      }
      complete.push(performance.now() - started);
      if (first !== undefined) firstToken.push(first);
      calls.push((await graphCalls()) - before);
      const events = text
        .split('\n\n')
        .filter((block) => block.startsWith('data: '))
        .map((block) => AgentStreamEventSchema.parse(JSON.parse(block.slice(6))));
      const done = events.at(-1);
      if (done?.type !== 'done') throw new Error(`the turn did not end: ${text.slice(0, 500)}`);
      toolCalls = events.filter((e) => e.type === 'tool').length;
    }
    const round = (ms: number) => Math.round(ms * 10) / 10;
    return {
      requests: REQUESTS,
      toolCalls,
      firstToken: { p50: round(percentile(firstToken, 50)), max: round(Math.max(...firstToken)) },
      complete: { p50: round(percentile(complete, 50)), max: round(Math.max(...complete)) },
      graphCallsPerAnswer: { p50: percentile(calls, 50), max: Math.max(...calls) },
    };
  }),
);
