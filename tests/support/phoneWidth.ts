import { vi } from 'vitest';

/** jsdom at a phone's width: every `max-width` media query matches, every other does not (MUI's
 * useMediaQuery, react-admin's phone lists). Undone by `vi.unstubAllGlobals()`. */
export function stubPhoneWidth() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}
