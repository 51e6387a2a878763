import { describe, expect, it } from 'vitest';
import { AppError } from '@lambdas/lib/errors';
import { requestedWorkspace } from '@lambdas/lib/team/requested-workspace';

describe('requestedWorkspace', () => {
  it('reads the header whatever its case; absent or empty names none', () => {
    expect(requestedWorkspace({ 'x-adsmith-workspace': 'abc-123' })).toBe('abc-123');
    expect(requestedWorkspace({ 'X-Adsmith-Workspace': 'abc-123' })).toBe('abc-123');
    expect(requestedWorkspace({})).toBeUndefined();
    expect(requestedWorkspace(undefined)).toBeUndefined();
    expect(requestedWorkspace({ 'x-adsmith-workspace': ' ' })).toBeUndefined();
  });

  it('refuses a value that is no workspace id with 400 naming the header', () => {
    for (const bad of ['../x', 'a,b', '<script>', 'x'.repeat(200)]) {
      let caught: unknown;
      try {
        requestedWorkspace({ 'x-adsmith-workspace': bad });
      } catch (error) {
        caught = error;
      }
      expect(caught, bad).toBeInstanceOf(AppError);
      expect((caught as AppError).statusCode).toBe(400);
      expect((caught as AppError).details).toHaveProperty('x-adsmith-workspace');
    }
  });
});
