import { describe, expect, it } from 'vitest';
import { answerChat, type ChatDeps } from '@lambdas/chatbot/chat';
import { accountContext } from '@lambdas/chatbot/account-context';
import type { AiRuntime } from '@lambdas/lib/ai/ai-runtime';
import { AppError } from '@lambdas/lib/errors';
import { demoPeriods } from '@tests/support/chat-account-fixtures';

/** A model that answers "ok" and keeps the system message it was sent. */
function fakeRuntime(seen: string[]): AiRuntime {
  const client = {
    chat: {
      completions: {
        create: async (body: { messages: { role: string; content: string }[] }) => {
          seen.push(body.messages[0]!.content);
          return (async function* () {
            yield { model: 'gpt-4o-mini', choices: [{ delta: { content: 'ok' } }] };
          })();
        },
      },
    },
  };
  return {
    client: client as never,
    settings: { model: 'gpt-4o-mini', temperature: 0.7, maxTokens: 1000, timeoutMs: 20_000, maxRetries: 0 } as never,
    provider: 'offline' as never,
    offline: true,
  };
}

function deps(overrides: Partial<ChatDeps>, seen: string[], reads: string[]): ChatDeps {
  return {
    runtime: async () => fakeRuntime(seen),
    limits: {
      doc: { send: async () => ({}) } as never,
      table: 'chat_rate_limits',
      addressSalt: async () => 'a-test-deployment-secret-of-32-characters',
    },
    verifyToken: async () => ({ sub: 'member-1' }),
    workspaceOf: async () => 'owner-1',
    metaConnected: async () => true,
    account: async (workspace) => {
      reads.push(workspace);
      return accountContext(demoPeriods());
    },
    log: () => undefined,
    generations: {
      consume: async () => ({ used: 1, limit: 20, resetsAt: '2026-11-24T00:00:00Z', counter: 'day#2026-11-23' }),
      refund: async () => undefined,
      addTokens: async () => undefined,
    },
    ...overrides,
  };
}

const ask = (d: ChatDeps) =>
  answerChat(
    { body: { messages: [{ role: 'user', content: 'Why is my CPA high?' }] }, ip: '203.0.113.9', token: 't' },
    d,
  );

async function drain(stream: AsyncIterable<string>): Promise<void> {
  for await (const _event of stream) {
    // read to the end
  }
}

describe('the chat function and the connected account', () => {
  it('reads the workspace’s account and sends it to the model in <account>', async () => {
    const [seen, reads] = [[] as string[], [] as string[]];
    await drain(await ask(deps({}, seen, reads)));
    expect(reads).toEqual(['owner-1']);
    expect(seen[0]).toMatch(/<account>\n\{"adAccount":\{"id":"act_1001","name":"Demo USD"/);
  });

  it('reads nothing from Meta for a visitor at the day’s limit, or one not connected', async () => {
    const [seen, reads] = [[] as string[], [] as string[]];
    const atLimit = deps(
      {
        generations: {
          consume: async () => {
            throw new AppError('QUOTA_EXCEEDED');
          },
          refund: async () => undefined,
          addTokens: async () => undefined,
        },
      },
      seen,
      reads,
    );
    await expect(ask(atLimit)).rejects.toMatchObject({ code: 'QUOTA_EXCEEDED' });
    await drain(await ask(deps({ metaConnected: async () => false }, seen, reads)));
    expect(reads).toEqual([]);
    expect(seen[0]).not.toContain('<account>\n');
  });

  it('still answers when the account cannot be read, and tells the model so', async () => {
    const [seen, reads] = [[] as string[], [] as string[]];
    const failing = deps(
      {
        account: async () => {
          throw new AppError('UPSTREAM_ERROR');
        },
      },
      seen,
      reads,
    );
    await drain(await ask(failing));
    expect(seen[0]).toContain('Their Meta ad account is connected, but its figures could not be read just now.');
    expect(seen[0]).not.toContain('<account>\n');
  });
});
