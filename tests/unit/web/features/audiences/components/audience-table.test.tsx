import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Audience } from '@shared/schemas/audiences';
import { AudienceTable, sizeWords } from '@web/features/audiences/components/audience-table';

const ready = { code: 200, description: 'Ready' };
const AUDIENCES = [
  { id: '1', name: 'Customers', kind: 'customer-list', sizeLower: 1000, sizeUpper: 1200, delivery: ready },
  { id: '2', name: 'Visitors', kind: 'website', sizeLower: 0, sizeUpper: 1000, delivery: ready, retentionDays: 30 },
] as Audience[];

describe('AudienceTable', () => {
  it('offers Refresh on customer lists only, and says which', () => {
    const onRefresh = vi.fn();
    render(<AudienceTable audiences={AUDIENCES} deletingId={undefined} onDelete={vi.fn()} onRefresh={onRefresh} />);
    expect(screen.queryByRole('button', { name: 'Refresh Visitors from a new file' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh Customers from a new file' }));
    expect(onRefresh).toHaveBeenCalledWith(AUDIENCES[0]);
  });

  it('offers no Refresh to someone who may not upload customer data', () => {
    render(<AudienceTable audiences={AUDIENCES} deletingId={undefined} onDelete={vi.fn()} />);
    expect(screen.queryByRole('button', { name: /^Refresh/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete Customers' })).toBeTruthy();
  });

  it.each([
    [1000, 1200, '1,000 – 1,200'],
    [1200, 1200, 'About 1,200'],
    [0, 1000, 'Below 1,000'],
    [-1, -1, 'Not available yet'],
  ])('reads Meta’s range %i to %i as %s', (sizeLower, sizeUpper, words) => {
    expect(sizeWords({ sizeLower, sizeUpper })).toBe(words);
  });
});
