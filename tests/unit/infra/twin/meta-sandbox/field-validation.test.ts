import { describe, expect, it } from 'vitest';
import { parseFields, validateInsightsFields, validateNodeFields } from '@infra/twin/meta-sandbox/field-validation';
import { errorOf } from './graph-error-of';

describe('parseFields', () => {
  it('reads plain lists, modifiers with JSON arguments and nested selections', () => {
    const fields = parseFields(
      'name, insights.date_preset(last_7d).time_range({"since":"2026-01-01","until":"2026-01-31"}){spend,actions},adsets.limit(2){name}',
    );

    expect(fields).toEqual([
      { name: 'name', modifiers: {} },
      {
        name: 'insights',
        modifiers: { date_preset: 'last_7d', time_range: '{"since":"2026-01-01","until":"2026-01-31"}' },
        children: [
          { name: 'spend', modifiers: {} },
          { name: 'actions', modifiers: {} },
        ],
      },
      { name: 'adsets', modifiers: { limit: '2' }, children: [{ name: 'name', modifiers: {} }] },
    ]);
  });

  it('answers a syntax error like Graph (code 2500)', () => {
    const error = errorOf(() => parseFields('name{id'));

    expect(error.body.code).toBe(2500);
    expect(error.body.message).toMatch(
      /^Syntax error "Expected "\}" instead of "end of string"\." at character 7: name\{id$/,
    );
  });
});

describe('validateNodeFields', () => {
  it('accepts every v26 field of the node type and its expandable edges, blaming only the unknown one', () => {
    const known = 'id,name,objective,daily_budget,insights{spend},adsets{name}';
    expect(() => validateNodeFields(parseFields(known), 'Campaign')).not.toThrow();
    expect(errorOf(() => validateNodeFields(parseFields(`${known},x`), 'Campaign')).body.message).toBe(
      '(#100) Tried accessing nonexisting field (x) on node type (Campaign)',
    );
  });

  it("rejects an unknown field with Meta's exact message and type", () => {
    const error = errorOf(() => validateNodeFields(parseFields('name,x'), 'Campaign'));

    expect(error.httpStatus).toBe(400);
    expect(error.body).toMatchObject({
      message: '(#100) Tried accessing nonexisting field (x) on node type (Campaign)',
      type: 'OAuthException',
      code: 100,
    });
    expect(error.body.fbtrace_id).toMatch(/^A[\w-]{26}$/);
  });

  it('validates per node type: an ad set field is not a campaign field', () => {
    expect(() => validateNodeFields(parseFields('optimization_goal'), 'AdSet')).not.toThrow();
    expect(errorOf(() => validateNodeFields(parseFields('optimization_goal'), 'Campaign')).body.message).toContain(
      '(Campaign)',
    );
  });
});

describe('validateInsightsFields', () => {
  it('names one invalid field in the singular', () => {
    const error = errorOf(() => validateInsightsFields(['spend', 'bogus']));

    expect(error.body.message).toBe(
      '(#100) bogus is not valid for fields param. please check https://developers.facebook.com/docs/marketing-api/reference/ads-insights/ for all valid values',
    );
  });

  it('lists several invalid fields together', () => {
    expect(errorOf(() => validateInsightsFields(['age', 'foo'])).body.message).toMatch(
      /^\(#100\) age, foo are not valid for fields param/,
    );
  });
});
