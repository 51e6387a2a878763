/**
 * @vitest-environment jsdom
 * jsdom here: happy-dom (the web project's environment) loses a multiple <select>'s choices when user-event adds an
 * option to ones the form set; jsdom keeps them, as a browser does.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CampaignBrief } from '@shared/schemas/campaign-plan';
import { createQueryClient } from '@web/app/providers/query-client';
import { CampaignBriefForm } from '@web/features/campaign-generator/components/brief-form';
import { usdAccount } from '@tests/unit/web/support/meta-account/meta-fixtures';
import { enterText } from '@tests/unit/web/support/enter-text';

const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api', () => api);

beforeEach(() => {
  api.apiRequest.mockReset();
  api.apiRequest.mockResolvedValue({ items: [] });
});

function renderForm() {
  const onSubmit = vi.fn<(brief: CampaignBrief) => void>();
  render(
    <MemoryRouter>
      <QueryClientProvider client={createQueryClient({ onUnauthorized: () => undefined })}>
        <CampaignBriefForm uid="u1" accounts={[usdAccount]} busy={false} onSubmit={onSubmit} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return { onSubmit, user: userEvent.setup() };
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await enterText(user, 'What are you advertising?', 'Recycled waterproof hiking boots');
  await enterText(user, 'Landing page', 'https://shop.example.com/boots');
}

describe('the brief’s audience fields', () => {
  it('fills ages and gender from “Women 25-45” and carries them into the brief', async () => {
    const { onSubmit, user } = renderForm();
    await fillRequired(user);
    await user.type(screen.getByLabelText('Who is it for?'), 'Women 25-45 who hike at weekends');
    await user.tab();
    expect(screen.getByLabelText('Minimum age')).toHaveValue(25);
    expect(screen.getByLabelText('Maximum age')).toHaveValue(45);
    expect(screen.getByLabelText('Gender')).toHaveValue('female');
    await user.click(screen.getByRole('button', { name: 'Generate campaign plan' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ ageMin: 25, ageMax: 45, genders: ['female'] });
  });

  it('sends the ages the marketer types, and refuses a maximum below the minimum', async () => {
    const { onSubmit, user } = renderForm();
    await fillRequired(user);
    await user.type(screen.getByLabelText('Who is it for?'), 'Trail runners');
    await user.type(screen.getByLabelText('Minimum age'), '40');
    await user.type(screen.getByLabelText('Maximum age'), '30');
    await user.click(screen.getByRole('button', { name: 'Generate campaign plan' }));
    expect(await screen.findByText('The maximum age must not be below the minimum age.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText('Maximum age'));
    await user.type(screen.getByLabelText('Maximum age'), '55');
    await user.click(screen.getByRole('button', { name: 'Generate campaign plan' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ ageMin: 40, ageMax: 55 });
  });

  it('lets the marketer choose all genders on purpose, though the text names women', async () => {
    const { onSubmit, user } = renderForm();
    await fillRequired(user);
    await user.type(screen.getByLabelText('Who is it for?'), 'Women who run');
    await user.tab();
    await user.selectOptions(screen.getByLabelText('Gender'), 'All genders');
    await user.click(screen.getByRole('button', { name: 'Generate campaign plan' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0].genders).toEqual([]);
  });

  it('carries the chosen languages, and those the text names', async () => {
    const { onSubmit, user } = renderForm();
    await fillRequired(user);
    await user.type(screen.getByLabelText('Who is it for?'), 'Spanish-speaking hikers');
    await user.tab();
    const languages = screen.getByLabelText('Languages (optional)');
    expect(languages).toHaveValue(['Spanish']);
    await user.selectOptions(languages, 'English');
    await user.click(screen.getByRole('button', { name: 'Generate campaign plan' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0].languages).toEqual(['English', 'Spanish']);
  });

  it('sends no audience fields when none is stated, so the server reads nothing into it', async () => {
    const { onSubmit, user } = renderForm();
    await fillRequired(user);
    await user.type(screen.getByLabelText('Who is it for?'), 'Weekend hikers');
    await user.click(screen.getByRole('button', { name: 'Generate campaign plan' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    const brief = onSubmit.mock.calls[0]![0];
    for (const field of ['ageMin', 'ageMax', 'genders', 'languages']) expect(brief).not.toHaveProperty(field);
  });
});
