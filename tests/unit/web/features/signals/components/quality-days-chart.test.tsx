import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SignalsQualityDay } from '@shared/schemas/signals';
import { QualityDaysChart } from '@web/features/signals/components/quality-days-chart';

const day = (date: string, matchQuality?: number, uploadFrequency?: string): SignalsQualityDay => ({
  day: date,
  events: [{ eventName: 'Purchase', ...(matchQuality !== undefined && { matchQuality }), uploadFrequency }],
});

describe('QualityDaysChart', () => {
  it('charts match quality from the second recorded day and lists when server events arrive, day by day', () => {
    render(
      <QualityDaysChart
        eventName="Purchase"
        days={[day('2026-11-26', 6.1, 'real_time'), day('2026-11-27', 5.2, 'hourly'), day('2026-11-28', 4.9, 'daily')]}
      />,
    );
    expect(screen.getByText('Purchase: Meta’s match quality by day, as recorded (0–10)')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'When Purchase server events reach Meta, by day' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      expect.stringMatching(/26.*As they happen/),
      expect.stringMatching(/27.*Hours late/),
      expect.stringMatching(/28.*A day late/),
    ]);
  });

  it('says why there is no line yet on the first day, and for a browser-only event', () => {
    const { rerender } = render(<QualityDaysChart eventName="Purchase" days={[day('2026-11-28', 6.1)]} />);
    expect(screen.getByText(/appears from the second day Adsmith reads this pixel/)).toBeInTheDocument();
    rerender(<QualityDaysChart eventName="PageView" days={[day('2026-11-27', 6), day('2026-11-28', 6)]} />);
    expect(screen.getByText('Meta gives PageView no match quality: it has no server events.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
