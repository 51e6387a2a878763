import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Usage } from '@shared/schemas/billing';
import { createQueryClient } from '@web/app/providers/query-client';
import { useUsageAnnouncements } from '@web/lib/billing/usage-announcements';
import { announceUsageChanged } from '@web/lib/billing/usage-key';
import { useUsage } from '@web/lib/billing/usage';

const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api', () => api);

let generations = 0;
const usage = (): Usage => ({
  plan: 'free',
  limits: [
    {
      key: 'aiGenerationsPerDay',
      used: generations,
      limit: 20,
      resetsAt: '2026-11-24T00:00:00.000Z',
      enforced: true,
    },
  ],
});

function Meter() {
  useUsageAnnouncements();
  const data = useUsage().data;
  return data ? <p>Generations used: {data.limits[0]!.used}</p> : null;
}

describe('usage meters catch up with actions outside React Query', () => {
  beforeEach(() => {
    generations = 0;
    api.apiRequest.mockReset().mockImplementation(async (name: string) => {
      if (name === 'billingUsage') return usage();
      throw new Error(`unexpected ${name}`);
    });
  });

  it('a chat answer (announced by the chat, which lives outside the signed-in providers) refreshes usage', async () => {
    render(
      <QueryClientProvider client={createQueryClient({ onUnauthorized: () => undefined })}>
        <Meter />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Generations used: 0')).toBeInTheDocument();
    generations = 1; // the chatbot function counted an answer
    announceUsageChanged();
    expect(await screen.findByText('Generations used: 1')).toBeInTheDocument();
  });
});
