import { describe, expect, it } from 'vitest';
import { parseTargeting } from '@infra/twin/meta-sandbox/targeting-spec';
import { errorOf } from './graph-error-of';

/** `targeting.locales` (issue 29 req 3): a language's ad set reaches people who use Meta in it; unknown keys refused. */

const spec = (extra: Record<string, unknown>) =>
  JSON.stringify({ geo_locations: { countries: ['US'] }, age_min: 18, age_max: 65, ...extra });

describe("the sandbox's locale targeting", () => {
  it('keeps the locale keys Meta has', () => {
    expect(parseTargeting(spec({ locales: [1002] })).locales).toEqual([1002]);
    expect(parseTargeting(spec({ locales: ['1001', 5] })).locales).toEqual([1001, 5]);
    expect(parseTargeting(spec({})).locales).toEqual([]);
  });

  it('refuses a key Meta does not have, a name instead of a key, and an empty list', () => {
    const unknown = errorOf(() => parseTargeting(spec({ locales: [424242] })));
    expect(unknown.httpStatus).toBe(400);
    expect(unknown.body).toMatchObject({ code: 100, error_user_title: 'Invalid Locale' });
    expect(unknown.body.error_user_msg).toMatch(/locale 424242 is not valid/);
    expect(errorOf(() => parseTargeting(spec({ locales: ['es'] }))).body.error_user_msg).toMatch(/locale es/);
    expect(errorOf(() => parseTargeting(spec({ locales: [] }))).body.message).toMatch(/non-empty array of locale keys/);
  });
});
