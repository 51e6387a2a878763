import { describe, expect, it } from 'vitest';
import { dedupeKeyFrom } from '@shared/events/declaration';
import { clientAlertEvent } from '@shared/events/client-alert';
import { signalAlertEvent } from '@shared/events/signal-alert';
import { paymentEvent } from '@shared/events/payment';

describe('dedupeKeyFrom', () => {
  it('joins the prefix and the named fields in order', () => {
    expect(dedupeKeyFrom('x', ['a', 'b'])({ b: '2', a: '1', c: '3' })).toBe('x:1:2');
  });

  it('gives no key when a field is missing or not a string, so a malformed detail is never taken for a duplicate', () => {
    const key = dedupeKeyFrom('x', ['a', 'b']);
    expect(key({ a: '1' })).toBeUndefined();
    expect(key({ a: '1', b: 2 })).toBeUndefined();
  });

  it('keeps the keys the forwarders already stored for alerts and payments', () => {
    expect(clientAlertEvent.dedupeKey({ workspaceId: 'w1', kind: 'over_pace', day: '2026-11-30', title: 't' })).toBe(
      'client_alert:w1:over_pace:2026-11-30',
    );
    expect(
      signalAlertEvent.dedupeKey({
        workspaceId: 'w1',
        pixelId: 'p1',
        eventName: 'Purchase',
        kind: 'stopped',
        day: '2026-11-30',
      }),
    ).toBe('signal_alert:w1:p1:Purchase:stopped:2026-11-30');
    expect(paymentEvent.dedupeKey({ paymentId: 'pi_1' })).toBe('payment:pi_1');
  });
});
