import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgentConversation, AgentStreamEvent } from '@shared/schemas/agent';
import { STREAM_TOKEN_HEADER } from '@shared/streaming-headers';
import { AgentLauncher } from '@web/features/agent/components/agent-launcher';

vi.mock('@web/lib/auth/cognito', () => ({ getAccessToken: vi.fn(async () => 'access-token') }));
vi.mock('@web/config/web-config', () => ({ loadWebConfig: vi.fn(async () => ({ apiBaseUrl: '/api' })) }));
const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api', () => api);

const stored: AgentConversation = {
  turns: [
    { role: 'user', text: 'How much did Spring sale spend?', at: '2026-11-28T09:00:00.000Z' },
    {
      role: 'assistant',
      text: 'Spring sale spent $120.00 last week.',
      at: '2026-11-28T09:00:01.000Z',
      tools: [{ id: 'call-1', name: 'get_insights', ok: true, summary: '2 campaigns, 7 days' }],
      grounding: { removed: [], sources: ['get_insights (call-1)'] },
    },
  ],
  updatedAt: '2026-11-28T09:00:01.000Z',
  expiresAt: '2026-12-28T09:00:01.000Z',
};

const line = (event: AgentStreamEvent) => `data: ${JSON.stringify(event)}\n\n`;

/** The agent's reply as the function URL streams it, in pieces. */
function streamed(events: AgentStreamEvent[]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const event of events) controller.enqueue(encoder.encode(line(event)));
      controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
}

const proposalTurn: AgentStreamEvent[] = [
  { type: 'tool', tool: { id: 'call-2', name: 'get_insights', ok: true, summary: '2 campaigns, 7 days' } },
  {
    type: 'tool',
    tool: { id: 'call-3', name: 'propose_budget_change', ok: true, summary: 'Proposed, waiting for approval' },
  },
  {
    type: 'proposal',
    proposal: {
      recommendationId: 'act_1.agent-c-1',
      adAccountId: 'act_1',
      title: 'Lower the daily budget of Retargeting from 40 to 28 USD',
      drawerPath: '/optimizer?account=act_1&recommendation=act_1.agent-c-1',
      dryRun: false,
    },
  },
  { type: 'delta', text: 'Retargeting pays $30.00 per purchase. ' },
  { type: 'delta', text: 'I proposed lowering its budget.' },
  {
    type: 'done',
    stopReason: 'answered',
    steps: 2,
    grounding: { removed: ['45%'], sources: ['get_insights (call-2)'] },
    model: 'offline',
    offline: true,
  },
];

function Where() {
  const location = useLocation();
  return <p>At {location.pathname + location.search}</p>;
}

function renderLauncher() {
  render(
    <MemoryRouter initialEntries={['/campaigns']}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <AgentLauncher />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

async function openPanel(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Ask the agent' }));
  // The panel is its own chunk, loaded on first open.
  return screen.findByRole('dialog', { name: 'Adsmith agent' }, { timeout: 10_000 });
}

let fetchMock: ReturnType<typeof vi.fn>;

describe('the agent panel', () => {
  beforeEach(() => {
    api.apiRequest.mockReset();
    api.apiRequest.mockImplementation(async (name: string) => {
      if (name === 'agentConversation') return stored;
      if (name === 'agentDeleteConversation') return { turns: [], updatedAt: null, expiresAt: null };
      throw new Error(`unexpected ${name}`);
    });
    fetchMock = vi.fn(async () => streamed(proposalTurn));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('opens from the app bar as a labelled side sheet with the stored conversation, and Escape closes it', async () => {
    const user = renderLauncher();
    const launcher = screen.getByRole('button', { name: 'Ask the agent' });
    expect(launcher).toHaveAttribute('aria-expanded', 'false');
    const panel = await openPanel(user);
    const log = await within(panel).findByRole('log', { name: 'Conversation with the agent' });
    expect(log).toHaveTextContent('How much did Spring sale spend?');
    expect(log).toHaveTextContent('Spring sale spent $120.00 last week.');
    expect(within(panel).getByRole('textbox', { name: 'Ask the agent' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Adsmith agent' })).not.toBeInTheDocument();
    expect(launcher).toHaveFocus();
  });

  it('streams an answer with the tool results it used, the figures it removed, and a link to the drawer', async () => {
    const user = renderLauncher();
    const panel = await openPanel(user);
    await within(panel).findByRole('log');
    await user.type(within(panel).getByRole('textbox', { name: 'Ask the agent' }), 'Cut my worst campaign by 30%');
    await user.click(within(panel).getByRole('button', { name: 'Send the question' }));

    expect(await within(panel).findByText(/I proposed lowering its budget\./)).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/agent');
    expect(JSON.parse(String(init.body))).toEqual({ message: 'Cut my worst campaign by 30%' });
    // The token in its own header: CloudFront's origin access control signs with Authorization.
    expect((init.headers as Record<string, string>)[STREAM_TOKEN_HEADER]).toBe('Bearer access-token');

    const proposals = within(panel).getByRole('list', { name: 'Proposals' });
    expect(proposals).toHaveTextContent('Lower the daily budget of Retargeting from 40 to 28 USD');
    expect(within(panel).getByRole('note')).toHaveTextContent('Removed a figure no tool result held: 45%');

    await user.click(within(panel).getByText('Built on 2 tool results'));
    const used = within(panel).getAllByRole('list', { name: 'Tool results used' }).at(-1)!;
    expect(used).toHaveTextContent('Results from Meta (figures quoted): 2 campaigns, 7 days');
    expect(used).toHaveTextContent('Budget change: Proposed, waiting for approval');

    await user.click(within(proposals).getByRole('link', { name: /Review and approve in the optimizer/ }));
    expect(screen.getByText('At /optimizer?account=act_1&recommendation=act_1.agent-c-1')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Adsmith agent' })).not.toBeInTheDocument();
  });

  it('says why a turn was refused and keeps the question to ask again', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'Too many questions: wait a minute.' } }), {
        status: 429,
        headers: { 'content-type': 'application/json' },
      }),
    );
    const user = renderLauncher();
    const panel = await openPanel(user);
    await within(panel).findByRole('log');
    const box = within(panel).getByRole('textbox', { name: 'Ask the agent' });
    await user.type(box, 'Which campaign is worst?{Enter}');
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Too many questions: wait a minute.');
    expect(box).toHaveValue('Which campaign is worst?');
  });

  it('deletes the conversation after asking to confirm', async () => {
    const user = renderLauncher();
    const panel = await openPanel(user);
    await within(panel).findByRole('log');
    await user.click(within(panel).getByRole('button', { name: 'Delete conversation' }));
    const confirm = within(panel).getByRole('group', { name: 'Delete the conversation?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep' }));
    expect(api.apiRequest).not.toHaveBeenCalledWith('agentDeleteConversation');
    await user.click(within(panel).getByRole('button', { name: 'Delete conversation' }));
    await user.click(within(panel).getByRole('button', { name: 'Delete' }));
    expect(await within(panel).findByText(/Ask about your ad account in plain words/)).toBeInTheDocument();
    expect(api.apiRequest).toHaveBeenCalledWith('agentDeleteConversation');
    expect(within(panel).queryByRole('log')).not.toBeInTheDocument();
  });
});
