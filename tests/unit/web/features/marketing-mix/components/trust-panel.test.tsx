import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TrustReportView } from '@shared/schemas/mmm-trust';
import { TrustPanel } from '@web/features/marketing-mix/components/trust-panel';

const trust: TrustReportView = {
  level: 'medium',
  headline: 'Use this model with care: some of its figures rest on data that cannot fully separate the channels.',
  weeks: 208,
  holdout: { weeks: 31, r2: 0.74, nrmse: 0.12, mape: 0.101 },
  channels: [
    {
      name: 'search',
      spendVariation: 0.8,
      pausedShare: 0.4,
      vif: 1.4,
      seasonR2: 0.1,
      closestChannel: { name: 'tv', correlation: 0.2 },
      relativeWidth: 0.3,
      liftTests: 1,
      identified: 'well',
      reasons: [],
    },
    {
      name: 'tv',
      spendVariation: 0.05,
      vif: null,
      seasonR2: 0.9,
      closestChannel: { name: 'search', correlation: 0.2 },
      relativeWidth: 2,
      liftTests: 0,
      identified: 'poorly',
      reasons: [
        'its spend hardly varies from week to week (variation 5 %)',
        'its spend follows the season (90 % of its variation)',
      ],
    },
  ],
  advice: ['Run a lift test on tv (a geo test, Meta Conversion Lift or an A/B holdout) and enter its result.'],
};

describe('TrustPanel', () => {
  it('says how much to trust the model, how it did on held-out weeks, and what each channel rests on', () => {
    render(<TrustPanel trust={trust} />);
    expect(screen.getByText('Medium trust')).toBeInTheDocument();
    expect(screen.getByText(trust.headline)).toBeInTheDocument();
    expect(
      screen.getByText(/On the last 31 of 208 weeks, which the model's coefficients never saw, it explains 74 %/),
    ).toHaveTextContent('is off by 10 % on a typical week');
    const channels = within(screen.getByRole('list', { name: 'How well the data measure each channel' }));
    const [search, tv] = channels.getAllByRole('listitem');
    expect(search).toHaveTextContent('Measured well');
    expect(search).toHaveTextContent('Anchored by a lift test');
    expect(search).toHaveTextContent('Its spend varies enough, pauses at times and does not move with another channel');
    expect(tv).toHaveTextContent('Not measured reliably');
    expect(tv).toHaveTextContent(
      'Because its spend hardly varies from week to week (variation 5 %); its spend follows',
    );
    expect(screen.getByRole('heading', { name: 'What would sharpen it' })).toBeInTheDocument();
    expect(screen.getByText(trust.advice[0]!)).toBeInTheDocument();
  });

  it('says so when the history is too short to hold weeks back', () => {
    render(<TrustPanel trust={{ ...trust, weeks: 30, holdout: null, advice: [] }} />);
    expect(screen.getByText('30 weeks are too few to hold some back and check the model on them.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'What would sharpen it' })).not.toBeInTheDocument();
  });
});
