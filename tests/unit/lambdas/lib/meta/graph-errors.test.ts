import { describe, expect, it } from 'vitest';
import {
  GraphError,
  isRetryable,
  MetaBudgetChangeLimitError,
  MetaRateLimitedError,
  MetaTokenInvalidError,
  isMetaTokenInvalid,
  blamedFields,
  parseMetaError,
  toAppError,
  type GraphErrorInit,
} from '@lambdas/lib/meta/graph-errors';

function metaFailure(
  code: number,
  extra: Partial<GraphErrorInit> & {
    subcode?: number;
    message?: string;
    userMsg?: string;
    userTitle?: string;
    isTransient?: boolean;
    errorData?: Record<string, unknown>;
  } = {},
) {
  return new GraphError({
    kind: 'meta',
    message: extra.message ?? 'Meta says no',
    method: 'GET',
    path: '/v26.0/act_1',
    status: extra.status ?? 400,
    meta: {
      message: extra.message ?? `(#${code}) Meta says no`,
      code,
      type: 'OAuthException',
      fbtrace_id: 'trace-1',
      ...(extra.subcode !== undefined ? { error_subcode: extra.subcode } : {}),
      ...(extra.userMsg !== undefined ? { error_user_msg: extra.userMsg } : {}),
      ...(extra.userTitle !== undefined ? { error_user_title: extra.userTitle } : {}),
      ...(extra.isTransient !== undefined ? { is_transient: extra.isTransient } : {}),
      ...(extra.errorData !== undefined ? { error_data: extra.errorData } : {}),
    },
    usage: extra.usage,
  });
}

const RECONNECT = 'Your Meta connection has expired. Please reconnect Meta.';
const UNAVAILABLE = 'Meta did not answer properly. Please try again shortly.';

describe('Graph error mapping', () => {
  it.each([
    ['190 / 463 expired token', metaFailure(190, { subcode: 463 }), 'META_RECONNECT_REQUIRED', RECONNECT],
    ['190 / 460 password changed', metaFailure(190, { subcode: 460 }), 'META_RECONNECT_REQUIRED', RECONNECT],
    ['102 session', metaFailure(102), 'META_RECONNECT_REQUIRED', RECONNECT],
    [
      '200 naming the permission',
      metaFailure(200, { message: '(#200) Requires ads_management permission to manage the object' }),
      'META_PERMISSION_MISSING',
      'Adsmith is missing a Meta permission (ads_management). Please reconnect Meta and grant it.',
    ],
    [
      '10 without a permission name',
      metaFailure(10, { message: '(#10) Application does not have permission for this action' }),
      'META_PERMISSION_MISSING',
      'Adsmith is missing a Meta permission. Please reconnect Meta and grant it.',
    ],
    [
      '294',
      metaFailure(294, { message: 'Managing advertisements requires ads_read' }),
      'META_PERMISSION_MISSING',
      'Adsmith is missing a Meta permission (ads_read). Please reconnect Meta and grant it.',
    ],
    [
      '100 with Meta’s message',
      metaFailure(100, { message: '(#100) Param daily_budget must be at least 100' }),
      'VALIDATION_ERROR',
      'Param daily_budget must be at least 100',
    ],
    [
      '100 with a message for people',
      metaFailure(100, {
        subcode: 1885621,
        userMsg: 'You can set a budget on the campaign or on its ad sets, not both.',
      }),
      'VALIDATION_ERROR',
      'You can set a budget on the campaign or on its ad sets, not both.',
    ],
    [
      '100 / 33 missing object',
      metaFailure(100, { subcode: 33 }),
      'NOT_FOUND',
      'We could not find that on Meta. It may have been deleted, or your Meta connection cannot see it.',
    ],
    ['1 unknown', metaFailure(1, { status: 500 }), 'UPSTREAM_ERROR', UNAVAILABLE],
    ['2 service', metaFailure(2, { status: 503 }), 'UPSTREAM_ERROR', UNAVAILABLE],
    [
      '368 policy block (unlisted)',
      metaFailure(368),
      'UPSTREAM_ERROR',
      'Meta could not complete the request. Please try again shortly.',
    ],
  ])('maps %s', (_, error, code, message) => {
    const appError = toAppError(error);
    expect(appError).toMatchObject({ code, message });
    expect(appError.cause).toBe(error);
  });

  it.each([4, 17, 32, 341, 613, 80000, 80004, 80014])('maps rate-limit code %i to RATE_LIMITED', (code) => {
    const appError = toAppError(metaFailure(code));
    expect(appError).toBeInstanceOf(MetaRateLimitedError);
    expect(appError).toMatchObject({ code: 'RATE_LIMITED', statusCode: 429 });
  });

  it('says how long to wait when Meta told us', () => {
    const error = metaFailure(80004, {
      usage: { businessUseCases: [], adAccount: { utilisationPct: 100, resetTimeSeconds: 61 } },
    });
    expect(toAppError(error)).toMatchObject({
      retryAfterSeconds: 61,
      message: 'Meta is limiting requests for this ad account. Please try again in 2 minutes.',
    });
  });

  // Issue 22, finding 3: 4 budget changes per ad set per hour. Waiting seconds does not help, so it is
  // never retried; the person reads how long to wait. (Subcode 1487632 is the sandbox's, unconfirmed.)
  it('explains the budget-change limit with the wait Meta names, and never retries it', () => {
    const error = metaFailure(17, {
      subcode: 1487632,
      message: 'User request limit reached',
      userMsg: "An ad set's budget can be changed at most 4 times an hour. Try again in 40 minutes.",
    });
    expect(isRetryable(error)).toBe(false);
    const appError = toAppError(error);
    expect(appError).toBeInstanceOf(MetaBudgetChangeLimitError);
    expect(appError).toMatchObject({
      code: 'RATE_LIMITED',
      statusCode: 429,
      retryAfterSeconds: 2400,
      message:
        'Meta allows at most 4 budget changes per ad set per hour, and this ad set has had that many in the last hour. Nothing was changed: please try again in 40 minutes.',
    });
    expect(toAppError(metaFailure(17, { subcode: 1487632 })).message).toMatch(/try again in up to an hour\.$/);
    // Meta's ordinary user request limit stays a retryable rate limit.
    expect(isRetryable(metaFailure(17, { subcode: 2446079 }))).toBe(true);
  });

  // Meta documents the budget limit only as code 17 on the object's endpoint (rate-limiting guide), so a 17
  // answering POST /{id} without the per-account subcode 2446079 is treated the same way: never retried.
  it('reads a 17 on an object update, without the per-account subcode, as the budget-change limit', () => {
    const update = (subcode?: number) =>
      new GraphError({
        kind: 'meta',
        message: 'x',
        method: 'POST',
        path: '/v26.0/120200000000000001',
        status: 400,
        meta: { message: '(#17) User request limit reached', code: 17, ...(subcode ? { error_subcode: subcode } : {}) },
      });
    expect(isRetryable(update())).toBe(false);
    expect(toAppError(update())).toBeInstanceOf(MetaBudgetChangeLimitError);
    expect(toAppError(update()).message).toMatch(/try again in up to an hour\.$/);
    expect(isRetryable(update(2446079))).toBe(true);
    expect(isRetryable(metaFailure(17))).toBe(true);
  });

  it('lets callers recognise an invalid token', () => {
    const appError = toAppError(metaFailure(190));
    expect(appError).toBeInstanceOf(MetaTokenInvalidError);
    expect(isMetaTokenInvalid(appError)).toBe(true);
    expect(isMetaTokenInvalid(toAppError(metaFailure(100)))).toBe(false);
  });

  it.each([
    ['timeout', { kind: 'timeout' as const }, 'UPSTREAM_ERROR', UNAVAILABLE],
    ['network', { kind: 'network' as const }, 'UPSTREAM_ERROR', UNAVAILABLE],
    [
      'unreadable reply',
      { kind: 'invalid-response' as const, status: 200 },
      'UPSTREAM_ERROR',
      'Meta returned an unexpected response.',
    ],
    [
      'bare 429',
      { kind: 'http' as const, status: 429 },
      'RATE_LIMITED',
      'Meta is limiting requests for this ad account. Please try again in a few minutes.',
    ],
    ['bare 503', { kind: 'http' as const, status: 503 }, 'UPSTREAM_ERROR', UNAVAILABLE],
    [
      'bare 404',
      { kind: 'http' as const, status: 404 },
      'UPSTREAM_ERROR',
      'Meta could not complete the request. Please try again shortly.',
    ],
  ])('maps a %s', (_, init, code, message) => {
    const error = new GraphError({ message: 'x', method: 'GET', path: '/v26.0/me', ...init });
    expect(toAppError(error)).toMatchObject({ code, message });
  });

  // Issue 22, finding 4: the retry decision reads Meta's is_transient, and people read Meta's own title and
  // message for them (error_user_title / error_user_msg) when Meta sends them.
  describe('is_transient and the messages Meta writes for people', () => {
    it('retries what Meta marks transient and nothing it marks permanent', () => {
      expect(isRetryable(metaFailure(1487390, { isTransient: true }))).toBe(true);
      expect(isRetryable(metaFailure(2, { status: 500 }))).toBe(true);
      expect(isRetryable(metaFailure(2, { status: 500, isTransient: true }))).toBe(true);
      expect(isRetryable(metaFailure(2, { status: 500, subcode: 2490547, isTransient: false }))).toBe(false);
      expect(isRetryable(metaFailure(1, { status: 500, isTransient: false }))).toBe(false);
      expect(isRetryable(metaFailure(1487390, { status: 500, isTransient: false }))).toBe(false);
      // Code rules come first: a token or parameter problem is never retried, whatever the flag says.
      expect(isRetryable(metaFailure(190, { isTransient: true }))).toBe(false);
      expect(isRetryable(metaFailure(100, { isTransient: true }))).toBe(false);
    });

    it('shows Meta’s title and message for a refused parameter', () => {
      const error = metaFailure(100, {
        message: 'Invalid parameter',
        subcode: 1870227,
        isTransient: false,
        userTitle: 'Advantage Audience Flag Required',
        userMsg: 'Set targeting_automation.advantage_audience to 1 (on) or 0 (off) in targeting.',
        errorData: { blame_field_specs: [['targeting']] },
      });
      expect(toAppError(error)).toMatchObject({
        code: 'VALIDATION_ERROR',
        message:
          'Advantage Audience Flag Required: Set targeting_automation.advantage_audience to 1 (on) or 0 (off) in targeting.',
      });
    });

    it('shows the title alone, or the message alone, when Meta sends only one', () => {
      expect(toAppError(metaFailure(100, { userTitle: 'Invalid Placement' })).message).toBe('Invalid Placement');
      expect(toAppError(metaFailure(100, { userMsg: 'Choose at least one placement.' })).message).toBe(
        'Choose at least one placement.',
      );
    });

    it('uses Meta’s words for a refusal we have no rule for, and for a permanent server failure', () => {
      const policy = metaFailure(368, {
        userTitle: 'Action Blocked',
        userMsg: 'This action was blocked because it looks like misuse. Please try again later.',
      });
      expect(toAppError(policy)).toMatchObject({
        code: 'UPSTREAM_ERROR',
        message: 'Action Blocked: This action was blocked because it looks like misuse. Please try again later.',
      });
      const failedRun = metaFailure(2, { status: 500, subcode: 2490547, isTransient: false });
      expect(toAppError(failedRun)).toMatchObject({
        code: 'UPSTREAM_ERROR',
        message: 'Meta could not complete the request. Please try again shortly.',
      });
    });

    it('keeps our own wording where the product needs a specific action from the person', () => {
      const expired = metaFailure(190, { subcode: 463, userTitle: 'Session Expired', userMsg: 'Log in again.' });
      expect(toAppError(expired).message).toBe(RECONNECT);
      const budget = metaFailure(17, {
        subcode: 1487632,
        userTitle: 'Budget Change Limit Reached',
        userMsg: "An ad set's budget can be changed at most 4 times an hour. Try again in 12 minutes.",
      });
      expect(toAppError(budget).message).toMatch(/^Meta allows at most 4 budget changes per ad set per hour/);
    });

    it('reads error_data whether Meta sends it as an object or as a JSON string', () => {
      const asString = parseMetaError({
        error: { message: 'Invalid parameter', code: 100, error_data: '{"blame_field_specs":[["daily_budget"]]}' },
      });
      const asObject = parseMetaError({
        error: { message: 'Invalid parameter', code: 100, error_data: { blame_field_specs: [['daily_budget']] } },
      });
      expect(asString?.error_data).toEqual({ blame_field_specs: [['daily_budget']] });
      expect(asObject?.error_data).toEqual({ blame_field_specs: [['daily_budget']] });
      expect(blamedFields(asString)).toEqual(['daily_budget']);
      expect(blamedFields(parseMetaError({ error: { code: 100, error_data: '{"blame_field":"targeting"}' } }))).toEqual(
        ['targeting'],
      );
      expect(blamedFields(parseMetaError({ error: { code: 100, error_data: 'not json' } }))).toEqual([]);
    });
  });
});
