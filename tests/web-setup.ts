import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

// Rendering whole pages (MUI + lazy routes) can be slow on a busy two-core machine: give async
// queries more room than the default 1 s so they fail only on real defects (in `npm test` these run
// beside the server suite and the browser journeys; a form test of 3 s alone took 60-80 s there on
// a slower machine). The test timeout is the web project's (vite.config.ts).
configure({ asyncUtilTimeout: 45_000 });

// jsdom does not implement scrolling; the app scrolls to the top after every navigation.
if (typeof window !== 'undefined') {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
}

afterEach(() => {
  cleanup();
});

// The files share a worker (isolate: false in vite.config.ts): whatever one file changed of the
// window goes back before the next file starts.
afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.cookie.split(';').forEach((cookie) => {
    const name = cookie.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});
