import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Workspaces } from '@shared/schemas/team';
import { createQueryClient } from '@web/app/providers/query-client';
import { WorkspaceSwitcher } from '@web/app/shell/workspace-switcher';
import { AuthContext, type AuthContextValue } from '@web/lib/auth/auth-context';
import { chosenWorkspace } from '@web/lib/workspace/chosen-workspace';

const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api', () => api);

const own = { id: 'user-1', role: 'owner' as const, ownerEmail: 'dana@agency.example' };
const acme = { id: 'acme-owner', role: 'admin' as const, ownerEmail: 'boss@acme.example' };
const bolt = { id: 'bolt-owner', role: 'client' as const, ownerEmail: 'ceo@bolt.example' };

/** The server's answer: the workspace named by the remembered choice when it is theirs, else the default. */
function serve(workspaces: Workspaces['workspaces'], fallback = workspaces[0]!) {
  api.apiRequest.mockImplementation(async (name: string) => {
    if (name !== 'listWorkspaces') throw new Error(`unexpected ${name}`);
    const chosen = chosenWorkspace('user-1');
    return { current: workspaces.find((w) => w.id === chosen) ?? fallback, workspaces };
  });
}

function renderSwitcher(children?: ReactNode) {
  const auth = { currentUser: { uid: 'user-1' } } as unknown as AuthContextValue;
  return render(
    <QueryClientProvider client={createQueryClient({ onUnauthorized: () => undefined })}>
      <AuthContext.Provider value={auth}>
        <WorkspaceSwitcher />
        {children}
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  window.localStorage.clear();
  api.apiRequest.mockReset();
});

describe('WorkspaceSwitcher', () => {
  it('lists the person’s workspaces under a label, with the current one chosen', async () => {
    serve([own, acme, bolt], acme);
    renderSwitcher();
    const select = await screen.findByRole('combobox', { name: 'Workspace' });
    expect(select).toHaveValue('acme-owner');
    expect([...(select as HTMLSelectElement).options].map((o) => o.textContent)).toEqual([
      'My workspace',
      'boss@acme.example (admin)',
      'ceo@bolt.example (client, read-only)',
    ]);
  });

  it('switching remembers the choice and asks every answer again for the new workspace', async () => {
    serve([own, acme, bolt]);
    renderSwitcher();
    const select = await screen.findByRole('combobox', { name: 'Workspace' });
    expect(select).toHaveValue('user-1');
    const asked = api.apiRequest.mock.calls.length;
    await userEvent.selectOptions(select, 'bolt-owner');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Workspace' })).toHaveValue('bolt-owner'));
    expect(chosenWorkspace('user-1')).toBe('bolt-owner');
    expect(api.apiRequest.mock.calls.length).toBeGreaterThan(asked);
  });

  it('replaces a remembered workspace the server no longer accepts with the one it resolved', async () => {
    window.localStorage.setItem('adsmith.workspace.user-1', 'gone-owner');
    serve([own, acme]);
    renderSwitcher();
    expect(await screen.findByRole('combobox', { name: 'Workspace' })).toHaveValue('user-1');
    await waitFor(() => expect(chosenWorkspace('user-1')).toBe('user-1'));
  });

  it('is not shown to a person with one workspace', async () => {
    serve([own]);
    renderSwitcher(<p>rest of the bar</p>);
    await screen.findByText('rest of the bar');
    await waitFor(() => expect(api.apiRequest).toHaveBeenCalled());
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});
