import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SignalsPixel } from '@shared/schemas/signals';
import type { SiteKey } from '@shared/schemas/signals-endpoint';
import { createQueryClient } from '@web/app/providers/query-client';
import { SiteKeysPanel } from '@web/features/signals/components/site-keys-panel';

const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api', () => api);

const pixels: SignalsPixel[] = [{ id: '555', name: 'Shop Pixel', events: [], fixes: [], history: [], qualityDays: [] }];
let stored: SiteKey[];

function renderPanel() {
  render(
    <QueryClientProvider client={createQueryClient({ onUnauthorized: () => undefined })}>
      <SiteKeysPanel uid="user-1" accountId="act_42" pixels={pixels} />
    </QueryClientProvider>,
  );
}

describe('site keys of the first-party Conversions API', () => {
  beforeEach(() => {
    stored = [];
    api.apiRequest.mockReset().mockImplementation(async (name: string, input: { body?: { label: string } }) => {
      if (name === 'signalsSiteKeys') return { keys: stored };
      if (name === 'signalsCreateSiteKey') {
        const key = {
          id: '0123456789abcdef',
          label: input.body!.label,
          adAccountId: '42',
          pixelId: '555',
          keyStart: 'adsk_AbCdEf',
          createdAt: '2026-11-28T07:00:00.000Z',
        };
        stored = [key];
        return { ...key, key: 'adsk_AbCdEfSECRETSECRET' };
      }
      if (name === 'signalsRevokeSiteKey') {
        stored = stored.map((key) => ({ ...key, revokedAt: '2026-11-28T08:00:00.000Z' }));
        return { revoked: true };
      }
      throw new Error(`unexpected ${name}`);
    });
  });

  it('creates a key for a pixel, shows it and its snippet once, then lists only its start', async () => {
    const user = userEvent.setup();
    renderPanel();
    expect(await screen.findByText(/No site key yet/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Site name'), 'shop.example.com');
    await user.click(screen.getByRole('button', { name: 'Create site key' }));

    expect(api.apiRequest).toHaveBeenCalledWith('signalsCreateSiteKey', {
      body: { label: 'shop.example.com', adAccountId: '42', pixelId: '555' },
    });
    expect(await screen.findByLabelText('New site key')).toHaveValue('adsk_AbCdEfSECRETSECRET');
    expect((screen.getByLabelText('Snippet for your site') as HTMLTextAreaElement).value).toContain(
      '/signals.js" data-site-key="adsk_AbCdEfSECRETSECRET"',
    );
    await user.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByLabelText('New site key')).not.toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Site keys' });
    expect(within(list).getByText('adsk_AbCdEf…')).toBeInTheDocument();
    expect(list).not.toHaveTextContent('SECRET');
  });

  it('revokes a key', async () => {
    stored = [
      {
        id: '0123456789abcdef',
        label: 'shop.example.com',
        adAccountId: '42',
        pixelId: '555',
        keyStart: 'adsk_AbCdEf',
        createdAt: '2026-11-28T07:00:00.000Z',
      },
    ];
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Revoke the key of shop.example.com' }));
    expect(api.apiRequest).toHaveBeenCalledWith('signalsRevokeSiteKey', { params: { keyId: '0123456789abcdef' } });
    expect(await screen.findByText(/revoked/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
  });
});
