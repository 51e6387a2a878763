import { describe, expect, it } from 'vitest';
import { ageScale, inScale } from '@web/features/signals/lib/age-scale';

describe('ageScale', () => {
  it('picks the unit that keeps the largest age readable: seconds, minutes, hours', () => {
    expect(ageScale(90_000).unit).toBe('s');
    expect(ageScale(2 * 60_000).unit).toBe('min');
    expect(ageScale(119 * 60_000).unit).toBe('min');
    expect(ageScale(2 * 3_600_000).unit).toBe('h');
    expect(inScale(5_400_000, ageScale(3 * 3_600_000))).toBe(1.5);
    expect(inScale(undefined, ageScale(0))).toBeUndefined();
  });
});
