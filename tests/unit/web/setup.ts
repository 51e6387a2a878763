import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
});

// How long findBy*/waitFor wait for what a test expects to appear: testing-library's 1 s is too short on this shared
// 2-core machine at load 25-30, where a screen's first render with a lazily imported module (the QR code) or
// several mocked calls took longer and a passing test failed. A test that expects something never to appear is
// not affected; one that fails still fails, 4 s later.
configure({ asyncUtilTimeout: 5_000 });

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
