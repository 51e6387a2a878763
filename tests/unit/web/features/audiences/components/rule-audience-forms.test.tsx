import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  EngagementAudienceForm,
  LookalikeForm,
  WebsiteAudienceForm,
} from '@web/features/audiences/components/rule-audience-forms';

const apiRequest = vi.hoisted(() => vi.fn());
vi.mock('@web/lib/api', () => ({ apiRequest }));

function renderIn(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

beforeEach(() => {
  apiRequest.mockReset();
  apiRequest.mockResolvedValue({ audience: {} });
});

describe('rule audience forms', () => {
  it('asks for a website audience on a pixel event with its retention', async () => {
    renderIn(<WebsiteAudienceForm uid="u" accountId="act_1" />);
    fireEvent.change(screen.getByLabelText('In the last (days, 1–180)'), { target: { value: '14' } });
    fireEvent.click(screen.getByRole('button', { name: 'Make website audience' }));
    await waitFor(() =>
      expect(apiRequest).toHaveBeenCalledWith('createWebsiteAudience', {
        params: { id: 'act_1' },
        body: { name: 'Added to cart, 30 days', event: 'AddToCart', retentionDays: 14 },
      }),
    );
  });

  it('asks for Page engagers of the last 90 days', async () => {
    renderIn(<EngagementAudienceForm uid="u" accountId="act_1" />);
    fireEvent.click(screen.getByRole('button', { name: 'Make engagement audience' }));
    await waitFor(() =>
      expect(apiRequest).toHaveBeenCalledWith('createEngagementAudience', {
        params: { id: 'act_1' },
        body: { name: 'Page engagers, 90 days', retentionDays: 90 },
      }),
    );
  });

  it('needs a source before it offers a lookalike', () => {
    renderIn(<LookalikeForm uid="u" accountId="act_1" sources={[]} />);
    expect(screen.getByText(/A lookalike needs a source/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Make lookalike' })).toBeNull();
  });

  it('says what Meta answered: its refusal, or that the audience was made', async () => {
    apiRequest.mockRejectedValueOnce(new Error('The pixel has not fired AddToCart yet.'));
    renderIn(<WebsiteAudienceForm uid="u" accountId="act_1" />);
    fireEvent.click(screen.getByRole('button', { name: 'Make website audience' }));
    expect(await screen.findByText('Meta did not make it')).toBeTruthy();
    expect(screen.getByText('The pixel has not fired AddToCart yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Make website audience' }));
    expect(await screen.findByText('The audience was made.')).toBeTruthy();
    expect(screen.queryByText('Meta did not make it')).toBeNull();
  });

  it('cannot be sent without a name', () => {
    renderIn(<EngagementAudienceForm uid="u" accountId="act_1" />);
    fireEvent.change(screen.getByLabelText('Audience name'), { target: { value: '  ' } });
    expect((screen.getByRole('button', { name: 'Make engagement audience' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
