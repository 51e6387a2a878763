import { CustomData, EventRequest, ServerEvent, UserData } from 'facebook-nodejs-business-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { businessSdkSession, type SdkSession } from './business-sdk-session';

/**
 * The Conversions API through Meta's own SDK (EventRequest, ServerEvent, UserData at v26.0): the SDK normalises
 * and hashes the customer information and posts `/{pixel_id}/events` as it does against Meta; the sandbox must
 * accept what the SDK sends and refuse, in the SDK's error, what Meta refuses.
 */

let session: SdkSession;
let pixelId: string;

beforeAll(async () => {
  session = await businessSdkSession();
  const pixels = await session.api.call('GET', [session.accountId, 'adspixels'], {});
  pixelId = (pixels.data as Array<{ id: string }>)[0]!.id;
});

const purchase = (secondsAgo: number) =>
  new ServerEvent()
    .setEventName('Purchase')
    .setEventTime(Math.floor(Date.now() / 1000) - secondsAgo)
    .setEventId(`order-${secondsAgo}`)
    .setActionSource('website')
    .setEventSourceUrl('https://shop.example.com/thanks')
    .setUserData(
      new UserData()
        .setEmails(['  Ana@Example.com '])
        .setPhones(['+1 (650) 555-1212'])
        .setClientIpAddress('203.0.113.9')
        .setClientUserAgent('Mozilla/5.0')
        .setFbp('fb.1.1700000000000.123'),
    )
    .setCustomData(new CustomData().setValue(49.5).setCurrency('usd'));

describe('Conversions API through the Business SDK', () => {
  it('accepts a purchase the SDK normalised and hashed', async () => {
    const response = await new EventRequest(session.api.accessToken, pixelId).setEvents([purchase(60)]).execute();
    expect(response.events_received).toBe(1);
    expect(response.fbtrace_id).toMatch(/^A/);
  });

  it("refuses an event older than 7 days, in the SDK's FacebookRequestError", async () => {
    const failure = await new EventRequest(session.api.accessToken, pixelId)
      .setEvents([purchase(8 * 86_400)])
      .execute()
      .then(
        () => undefined,
        (error: unknown) => error as { name: string; status: number; response: Record<string, unknown> },
      );
    expect(failure?.name).toBe('FacebookRequestError');
    expect(failure?.status).toBe(400);
    expect(failure?.response).toMatchObject({ code: 100, error_subcode: 2804019 });
  });
});
