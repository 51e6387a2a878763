import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { expect } from 'vitest';
import { AgentStreamEventSchema, type AgentStreamEvent } from '@shared/schemas/agent';
import { CONTENT_SHA256_HEADER, STREAM_TOKEN_HEADER } from '@shared/streaming-headers';
import { apiOriginHeaders } from '@infra/twin/endpoints-file';
import type { FreshUser } from '../meta-api/meta-user';
import { twin } from '../twin-client';

/** One agent turn through the twin's function URL, as the web streams it (shared by the suites that ask the agent). */

/** POST /api/agent as the web sends it, from a loopback address of its own (the chat's per-address limits). */
function agentTurn(message: string, token: string, address: string): Promise<{ status: number; text: string }> {
  const text = JSON.stringify({ message });
  const url = new URL(`${twin().api}/api/agent`);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress: address,
        headers: {
          ...apiOriginHeaders(twin()),
          'content-type': 'application/json',
          [CONTENT_SHA256_HEADER]: createHash('sha256').update(text).digest('hex'),
          [STREAM_TOKEN_HEADER]: `Bearer ${token}`,
        },
      },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (data += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: data }));
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

export interface Turn {
  events: AgentStreamEvent[];
  text: string;
  tools: Extract<AgentStreamEvent, { type: 'tool' }>['tool'][];
  proposals: Extract<AgentStreamEvent, { type: 'proposal' }>['proposal'][];
  done: Extract<AgentStreamEvent, { type: 'done' }>;
}

export async function ask(user: FreshUser, message: string, address: string): Promise<Turn> {
  const reply = await agentTurn(message, user.token, address);
  expect(reply.status, reply.text).toBe(200);
  const events = reply.text
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => AgentStreamEventSchema.parse(JSON.parse(block.slice(6))));
  const done = events.at(-1);
  if (done?.type !== 'done') throw new Error(`The turn did not end: ${reply.text}`);
  return {
    events,
    done,
    text: events.flatMap((e) => (e.type === 'delta' ? [e.text] : [])).join(''),
    tools: events.flatMap((e) => (e.type === 'tool' ? [e.tool] : [])),
    proposals: events.flatMap((e) => (e.type === 'proposal' ? [e.proposal] : [])),
  };
}
