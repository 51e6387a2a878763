import { describe, expect, it } from 'vitest';
import { EVENT_SOURCE } from '@shared/events';
import { checkPutEventsEntry, routeEvent } from '@infra/twin/events/event-routing';

describe('routeEvent (the rules CDK makes from the events table)', () => {
  it('routes a signup to Slack and its webhook twin, user_signup, to the webhook', () => {
    const result = routeEvent({
      source: EVENT_SOURCE,
      'detail-type': 'signup',
      detail: { email: 'a@b.c', name: 'A', userId: 'u1' },
    });

    expect(result).toEqual({ eventKey: 'signup', targets: ['slack'], detailProblems: [] });
    expect(
      routeEvent({ source: EVENT_SOURCE, 'detail-type': 'user_signup', detail: { email: 'a@b.c', userId: 'u1' } }),
    ).toEqual({ eventKey: 'userSignup', targets: ['webhook'], detailProblems: [] });
  });

  it('routes a button click to Slack only', () => {
    expect(
      routeEvent({ source: EVENT_SOURCE, 'detail-type': 'button_click', detail: { buttonText: 'Go', page: '/' } })
        .targets,
    ).toEqual(['slack']);
  });

  it('matches nothing from another source or for an unknown detail type', () => {
    expect(routeEvent({ source: 'other.app', 'detail-type': 'signup', detail: {} }).targets).toEqual([]);
    expect(routeEvent({ source: EVENT_SOURCE, 'detail-type': 'nope', detail: {} }).eventKey).toBeNull();
  });

  it('still delivers a detail that breaks the schema, naming the problems', () => {
    const result = routeEvent({ source: EVENT_SOURCE, 'detail-type': 'signup', detail: { email: 'a@b.c' } });

    expect(result.targets).toEqual(['slack']);
    expect(result.detailProblems.join(' ')).toMatch(/name/);
  });
});

describe('checkPutEventsEntry', () => {
  const entry = { Source: EVENT_SOURCE, DetailType: 'signup', Detail: '{"a":1}', EventBusName: 'adsmith-local' };

  it('accepts a complete entry on a known bus (by name or ARN)', () => {
    expect(checkPutEventsEntry(entry, ['adsmith-local'])).toEqual({ ok: true, detail: { a: 1 } });
    expect(
      checkPutEventsEntry({ ...entry, EventBusName: 'arn:aws:events:us-east-1:000000000000:event-bus/adsmith-local' }, [
        'adsmith-local',
      ]).ok,
    ).toBe(true);
  });

  it('names a missing field', () => {
    expect(checkPutEventsEntry({ ...entry, Source: undefined }, ['adsmith-local'])).toMatchObject({
      ok: false,
      errorCode: 'InvalidArgument',
    });
  });

  it('rejects a detail that is not a JSON object', () => {
    expect(checkPutEventsEntry({ ...entry, Detail: '[1]' }, ['adsmith-local'])).toMatchObject({
      ok: false,
      errorCode: 'MalformedDetail',
    });
    expect(checkPutEventsEntry({ ...entry, Detail: '{' }, ['adsmith-local'])).toMatchObject({
      ok: false,
      errorCode: 'MalformedDetail',
    });
  });

  it('rejects an unknown bus', () => {
    expect(checkPutEventsEntry({ ...entry, EventBusName: 'nope' }, ['adsmith-local'])).toMatchObject({
      ok: false,
      errorCode: 'NotFoundException',
    });
  });
});
