import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The snippet as a site loads it: a classic script, run with its own <script> tag as document.currentScript. */
const snippetSource = fs.readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/public/signals.js'),
  'utf8',
);

interface SentBody {
  key: string;
  consent: boolean;
  data: { event_name: string; event_id: string; action_source: string; user_data: Record<string, string> }[];
}
interface SnippetApi {
  track: (name: string, customData?: object, options?: object) => string;
  setConsent: (given: boolean) => void;
}
type TestWindow = Window & { fbq?: unknown; adsmithSignals?: SnippetApi | { q: unknown[][] } };

const win = window as TestWindow;
let beacons: { url: string; body: SentBody; type: string }[];
let fbq: ReturnType<typeof vi.fn>;

function loadSnippet(attributes: Record<string, string> = { 'data-site-key': 'adsk_site_one' }): SnippetApi {
  const tag = document.createElement('script');
  tag.src = 'https://ads.example.com/signals.js';
  for (const [name, value] of Object.entries(attributes)) tag.setAttribute(name, value);
  document.head.append(tag);
  vi.spyOn(document, 'currentScript', 'get').mockReturnValue(tag);
  new Function(snippetSource)();
  return win.adsmithSignals as SnippetApi;
}

beforeEach(() => {
  beacons = [];
  fbq = vi.fn();
  win.fbq = fbq;
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, blob: Blob) => {
      // The body is read as the endpoint reads it: the text of the blob, parsed as JSON.
      void blob.text().then((text) => beacons.push({ url, body: JSON.parse(text) as SentBody, type: blob.type }));
      return true;
    },
  });
  document.cookie = '_fbp=fb.1.1700000000000.123456789';
  document.cookie = '_fbc=fb.1.1700000000000.AbCdEf';
});

afterEach(() => {
  vi.restoreAllMocks();
  delete win.fbq;
  delete win.adsmithSignals;
  document.cookie = '_fbp=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  document.cookie = '_fbc=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  document.head.innerHTML = '';
});

const sent = async (count = 1) => {
  await vi.waitFor(() => expect(beacons).toHaveLength(count));
  return beacons;
};

describe('signals.js', () => {
  it('gives the pixel and the endpoint the same event id, so Meta counts the purchase once', async () => {
    const signals = loadSnippet();
    const eventId = signals.track('Purchase', { value: 42, currency: 'EUR' });

    expect(fbq).toHaveBeenCalledWith('track', 'Purchase', { value: 42, currency: 'EUR' }, { eventID: eventId });
    const [beacon] = await sent();
    expect(beacon!.url).toBe('https://ads.example.com/api/signals/events');
    expect(beacon!.type).toBe('text/plain');
    expect(beacon!.body.key).toBe('adsk_site_one');
    expect(beacon!.body.data).toMatchObject([
      { event_name: 'Purchase', event_id: eventId, action_source: 'website', custom_data: { value: 42 } },
    ]);
  });

  it('keeps the event id the site chose and makes a new one for every other event', async () => {
    const signals = loadSnippet();
    expect(signals.track('Lead', undefined, { eventId: 'order-991' })).toBe('order-991');
    const first = signals.track('Purchase');
    const second = signals.track('Purchase');
    expect(first).not.toBe(second);
    const ids = (await sent(3)).map((beacon) => beacon.body.data[0]!.event_id);
    expect(ids).toEqual(['order-991', first, second]);
  });

  it('sends no customer information and no Meta cookies before consent, only the user agent Meta requires', async () => {
    const signals = loadSnippet();
    signals.track('Purchase', { value: 10 }, { user: { em: 'Visitor@Example.com', ph: '+33 6 12 34 56 78' } });

    const [beacon] = await sent();
    expect(beacon!.body.consent).toBe(false);
    expect(beacon!.body.data[0]!.user_data).toEqual({ client_user_agent: navigator.userAgent });
    expect(JSON.stringify(beacon!.body)).not.toMatch(/example\.com|12 34|fb\.1\./i);
  });

  it('sends contact details and the fbp/fbc cookies once the visitor consented', async () => {
    const signals = loadSnippet();
    signals.setConsent(true);
    signals.track('Purchase', undefined, { user: { em: 'visitor@example.com', ph: '+33 6 12 34 56 78' } });
    // A consent given for one event only does not outlive it.
    signals.setConsent(false);
    signals.track('Purchase', undefined, { user: { em: 'visitor@example.com' } });
    signals.track('Lead', undefined, { consent: true, user: { em: 'lead@example.com' } });

    const [withConsent, withdrawn, perEvent] = await sent(3);
    expect(withConsent!.body.consent).toBe(true);
    expect(withConsent!.body.data[0]!.user_data).toEqual({
      client_user_agent: navigator.userAgent,
      em: 'visitor@example.com',
      ph: '+33 6 12 34 56 78',
      fbp: 'fb.1.1700000000000.123456789',
      fbc: 'fb.1.1700000000000.AbCdEf',
    });
    expect(withdrawn!.body.consent).toBe(false);
    expect(withdrawn!.body.data[0]!.user_data).toEqual({ client_user_agent: navigator.userAgent });
    expect(perEvent!.body.data[0]!.user_data.em).toBe('lead@example.com');
  });

  it('never hands contact details to the pixel: only the endpoint receives them, to hash them server-side', async () => {
    const signals = loadSnippet();
    signals.setConsent(true);
    signals.track('Purchase', { value: 5 }, { user: { em: 'visitor@example.com' } });
    expect(JSON.stringify(fbq.mock.calls)).not.toContain('visitor@example.com');
    await sent();
  });

  it('replays the calls a page queued before the script loaded, consent first', async () => {
    win.adsmithSignals = {
      q: [
        ['setConsent', true],
        ['track', 'Purchase', { value: 1 }, { eventId: 'queued-1', user: { em: 'q@example.com' } }],
      ],
    };
    loadSnippet();
    const [beacon] = await sent();
    expect(beacon!.body.data[0]).toMatchObject({ event_id: 'queued-1', user_data: { em: 'q@example.com' } });
    expect(fbq).toHaveBeenCalledWith('track', 'Purchase', { value: 1 }, { eventID: 'queued-1' });
  });

  it('falls back to a keep-alive text/plain fetch (no preflight) when the browser refuses the beacon', async () => {
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: () => false });
    const fetchSpy = vi.fn(() => Promise.resolve(new Response(null)));
    vi.stubGlobal('fetch', fetchSpy);
    loadSnippet().track('Purchase');
    expect(fetchSpy).toHaveBeenCalledWith('https://ads.example.com/api/signals/events', {
      method: 'POST',
      mode: 'no-cors',
      keepalive: true,
      headers: { 'Content-Type': 'text/plain' },
      body: expect.stringContaining('"event_name":"Purchase"'),
    });
    vi.unstubAllGlobals();
  });

  it('still fires the pixel but posts nothing when the tag has no site key', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const beacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: beacon });
    const eventId = loadSnippet({}).track('Purchase');
    expect(fbq).toHaveBeenCalledWith('track', 'Purchase', {}, { eventID: eventId });
    expect(beacon).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith('adsmith signals: no data-site-key on the script tag');
  });
});
