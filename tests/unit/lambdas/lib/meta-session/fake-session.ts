import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { GraphClient } from '@lambdas/lib/meta/graph-client';
import type { MetaSession } from '@lambdas/lib/meta-session/session';

export interface GraphCall {
  method: string;
  path: string;
  params?: Record<string, unknown>;
}

type Answer = (call: GraphCall) => unknown;

/**
 * A Graph client that answers from a function and records each call, and a
 * session around it with a pass-through cache: enough to test the logic's
 * choices (which calls, how many, in what order) without a network.
 */
export function fakeSession(answer: Answer, now = new Date('2026-03-10T12:00:00Z')) {
  const calls: GraphCall[] = [];
  const forgotten: string[] = [];
  const respond = async (call: GraphCall, schema?: { parse: (v: unknown) => unknown }) => {
    calls.push(call);
    const value = answer(call);
    return schema ? schema.parse(value) : value;
  };
  const graph = {
    get: (path: string, params?: Record<string, unknown>, schema?: { parse: (v: unknown) => unknown }) =>
      respond({ method: 'GET', path, params }, schema),
    post: (path: string, params: Record<string, unknown>, schema?: { parse: (v: unknown) => unknown }) =>
      respond({ method: 'POST', path, params }, schema),
    delete: (path: string, params?: Record<string, unknown>) => respond({ method: 'DELETE', path, params }),
    paginate: async (path: string, params: Record<string, unknown>, schema: { parse: (v: unknown) => unknown }) => {
      const reply = (await respond({ method: 'GET', path, params })) as { data: unknown[] };
      return { items: reply.data.map((item) => schema.parse(item)), pages: 1, hasMore: false };
    },
    batch: async () => [],
  } as unknown as GraphClient;

  const session: MetaSession = {
    user: { sub: 'user-1', username: 'user-1' },
    connection: {
      user_id: 'user-1',
      meta_user_id: '9001',
      meta_user_name: 'Demo Marketer',
      access_token: 'token',
      token_expires_at: 2_000_000_000,
      scopes: ['ads_read', 'ads_management'],
      connected_at: '2026-03-01T00:00:00Z',
      declined_scopes: [],
      connection_id: 'connection-1',
    },
    graph,
    deps: {
      doc: DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'eu-west-1' })),
      cipher: {
        encrypt: () => Promise.reject(new Error('not used')),
        decrypt: () => Promise.reject(new Error('not used')),
      },
      config: {
        META_GRAPH_BASE_URL: 'https://graph.facebook.com',
        META_GRAPH_VERSION: 'v26.0',
      },
      cache: {
        remember: (_user, _key, compute) => compute(),
        forget: async (userId) => void forgotten.push(userId),
      },
      metaApp: async () => ({ appId: '1', appSecret: 'secret' }),
      now: () => now,
    },
    cached: (_key, read) => read(),
  };
  return { session, calls, forgotten };
}

export const adAccounts = {
  data: [
    {
      id: 'act_111',
      account_id: '111',
      name: 'Shop US',
      currency: 'USD',
      timezone_name: 'America/New_York',
      account_status: 1,
      amount_spent: '123456',
    },
  ],
};

export function campaign(id: number, extra: Record<string, unknown> = {}) {
  return {
    id: String(id),
    account_id: '111',
    name: `Campaign ${id}`,
    objective: 'OUTCOME_SALES',
    status: 'ACTIVE',
    effective_status: 'ACTIVE',
    daily_budget: '5000',
    ...extra,
  };
}
