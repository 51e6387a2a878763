import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type * as declared from '@shared/features';
import { featureEntries } from '@shared/features';
import { HomePage } from '@web/features/site/components/home-page';

vi.mock('@web/lib/auth/use-auth', () => ({ useAuth: () => ({ currentUser: null, loading: false }) }));
// The declared list with one feature not shipped yet and one renamed: the grid must follow both.
vi.mock('@shared/features', async (importOriginal) => {
  const actual = await importOriginal<typeof declared>();
  return {
    ...actual,
    featureEntries: () =>
      actual.featureEntries().map((feature) => {
        if (feature.key === 'adOptimizer') return { ...feature, available: false };
        if (feature.key === 'graphics') return { ...feature, name: 'Graphics, renamed in the table' };
        return feature;
      }),
  };
});

describe('the home page', () => {
  it('shows a card for every available feature of the declared list, with what it does', () => {
    render(
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>,
    );
    const grid = screen.getByRole('region', { name: 'Everything you need to run better ads' });
    const cards = within(grid).getAllByRole('listitem');
    const shown = cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent);
    const available = featureEntries().filter((feature) => feature.available);
    expect(shown).toEqual(available.map((feature) => feature.name));
    expect(shown).toContain('Graphics, renamed in the table');
    expect(shown).not.toContain('Ad optimizer');
    available.forEach((feature, index) => {
      expect(cards[index]).toHaveTextContent(feature.does.slice(1));
      expect(cards[index]).toHaveTextContent(feature.does.charAt(0).toUpperCase());
    });
  });
});
