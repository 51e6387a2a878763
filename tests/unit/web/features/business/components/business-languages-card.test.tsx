import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@web/app/providers/query-client';
import { BusinessLanguagesCard } from '@web/features/business/components/business-languages-card';
import { workspacesAs } from '@tests/unit/web/support/workspaces';

const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api', () => api);
const toast = vi.hoisted(() => ({ error: vi.fn(), warning: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

function serve(role: 'owner' | 'member', stored: string[] = ['en']) {
  api.apiRequest.mockImplementation(async (name: string, input?: { body?: { languages: string[] } }) => {
    if (name === 'listWorkspaces') return workspacesAs(role, 'owner@example.test');
    if (name === 'businessLanguages') return { languages: stored };
    if (name === 'saveBusinessLanguages') return { languages: input!.body!.languages, updatedAt: 'now' };
    throw new Error(`unexpected ${name}`);
  });
}

function renderCard() {
  render(
    <QueryClientProvider client={createQueryClient({ onUnauthorized: () => undefined })}>
      <BusinessLanguagesCard />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const saves = () => api.apiRequest.mock.calls.filter(([name]) => name === 'saveBusinessLanguages');

describe('business languages in settings (issue 29 req 3)', () => {
  beforeEach(() => {
    api.apiRequest.mockReset();
  });
  afterEach(cleanup);

  it('lets the owner choose a primary language and more, saved primary first', async () => {
    serve('owner');
    const user = renderCard();
    const primary = await screen.findByRole('combobox', { name: 'Primary language' });
    expect(primary).toHaveValue('en');
    await user.click(screen.getByRole('checkbox', { name: 'Spanish' }));
    await user.selectOptions(primary, 'es');
    // Spanish is now the primary: it leaves the "also" list, and English stays chosen beside it.
    expect(screen.queryByRole('checkbox', { name: 'Spanish' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'English' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save languages' }));
    expect(saves()[0]![1]).toEqual({ body: { languages: ['es', 'en'] } });
  });

  it('shows a member the languages without letting them change them', async () => {
    serve('member', ['de', 'fr']);
    renderCard();
    const primary = await screen.findByRole('combobox', { name: 'Primary language' });
    expect(await screen.findByText(/Only the workspace's owner and admins change these/)).toBeInTheDocument();
    expect(primary).toHaveValue('de');
    expect(primary).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'French' })).toBeChecked();
    expect(screen.queryByRole('button', { name: 'Save languages' })).toBeNull();
  });
});
