import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
});

// A matchMedia that matches nothing, always: the screens' tests are written for a narrow screen (and sonner's
// Toaster asks it for the colour scheme). happy-dom's own would answer for its 1024 px window.
{
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
window.scrollTo = () => undefined;

// The web project runs in vm contexts (vitest.config.ts), whose global is happy-dom's window: it lacks the
// TextDecoderStream that browsers and Node have (the chat stream decodes with it), so it is lent Node's.
if (typeof globalThis.TextDecoderStream === 'undefined') {
  globalThis.TextDecoderStream = (await import('node:stream/web')).TextDecoderStream as typeof TextDecoderStream;
}
