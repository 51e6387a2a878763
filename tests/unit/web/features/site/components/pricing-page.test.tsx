import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type * as declared from '@shared/features';
import { featureEntries } from '@shared/features';
import { plans } from '@shared/plans';
import { PricingPage } from '@web/features/site/components/pricing-page';
import { formatUsd, planPrice, yearlySavingPercent } from '@web/features/site/content/plan-features';

// The declared list with one feature not shipped yet: "Every plan includes" must follow it.
vi.mock('@shared/features', async (importOriginal) => {
  const actual = await importOriginal<typeof declared>();
  return {
    ...actual,
    featureEntries: () =>
      actual
        .featureEntries()
        .map((feature) => (feature.key === 'marketingMix' ? { ...feature, available: false } : feature)),
  };
});

describe('pricing', () => {
  it('formats prices from the shared plans table', () => {
    expect(formatUsd(4_900)).toBe('$49');
    expect(formatUsd(3_917)).toBe('$39.17');
    expect(planPrice('pro', 'monthly')).toEqual({ perMonth: '$49', note: 'per month, billed monthly' });
    expect(planPrice('pro', 'yearly')).toEqual({
      perMonth: formatUsd(Math.round(plans.pro.priceCents.yearly / 12)),
      note: `per month, ${formatUsd(plans.pro.priceCents.yearly)} billed yearly`,
    });
    expect(planPrice('free', 'yearly').perMonth).toBe('$0');
    expect(yearlySavingPercent()).toBe(
      Math.round((1 - plans.pro.priceCents.yearly / (plans.pro.priceCents.monthly * 12)) * 100),
    );
  });

  it('shows every plan with the generation quota the server enforces, and switches to yearly prices', async () => {
    render(
      <MemoryRouter>
        <PricingPage />
      </MemoryRouter>,
    );
    for (const plan of Object.values(plans)) {
      const card = screen.getByRole('listitem', { name: plan.name });
      expect(
        within(card).getByText(`${plan.limits.aiGenerationsPerDay.toLocaleString('en-US')} AI generations a day`),
      ).toBeInTheDocument();
    }
    const pro = screen.getByRole('listitem', { name: 'Pro' });
    expect(within(pro).getByText('$49')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Yearly/ }));
    expect(screen.getByRole('button', { name: /Yearly/ })).toHaveAttribute('aria-pressed', 'true');
    expect(within(pro).getByText(planPrice('pro', 'yearly').perMonth)).toBeInTheDocument();
    expect(screen.getByText('What counts as an AI generation?')).toBeInTheDocument();
  });

  it('lists every available feature of the declared list as included in every plan', () => {
    render(
      <MemoryRouter>
        <PricingPage />
      </MemoryRouter>,
    );
    const included = screen.getByRole('list', { name: 'Every plan includes' });
    const shown = within(included)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(shown).toEqual(
      featureEntries()
        .filter((feature) => feature.available)
        .map((feature) => feature.name),
    );
    expect(shown).not.toContain('Marketing mix modelling');
    expect(shown).toContain('Campaign dashboard');
  });
});
