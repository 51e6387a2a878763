/**
 * The Metropolis sweeps a bootstrap draw may take after its refit (`config.bootstrap.chainSweeps`): on a known
 * target the chain's states must have the target's spread, and stay in the bounds.
 */
import { describe, expect, it } from 'vitest';
import { metropolisSweeps } from '@shared/mmm/fit';
import { createRandom } from '@shared/mmm/random';

describe('metropolisSweeps', () => {
  it('samples a Gaussian posterior with its spread: wide where it is flat, narrow where it is sharp', () => {
    const random = createRandom(3);
    const bounds = [
      { lower: -1, upper: 1 },
      { lower: -1, upper: 1 },
    ];
    const sds = [0.2, 0.02];
    const objective = (h: number[]) => h.reduce((sum, x, k) => sum + (x * x) / (2 * sds[k]! ** 2), 0);
    let state = [0, 0];
    const states: number[][] = [];
    for (let i = 0; i < 4000; i += 1) {
      state = metropolisSweeps(bounds, objective, state, 1, random, 0.1);
      states.push(state);
    }
    sds.forEach((sd, k) => {
      const values = states.slice(500).map((s) => s[k]!);
      const mean = values.reduce((a, v) => a + v, 0) / values.length;
      const spread = Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / values.length);
      expect(spread).toBeGreaterThan(0.8 * sd);
      expect(spread).toBeLessThan(1.2 * sd);
    });
    expect(states.every((s) => s.every((x) => x >= -1 && x <= 1))).toBe(true);
  });
});
