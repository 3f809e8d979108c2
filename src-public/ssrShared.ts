import type { Theme } from '@mui/material/styles';
import type { DehydratedState } from '@tanstack/react-query';
import type { LanguageCode } from '../src-shared/constants/enums';

/**
 * What the server's render (entry-server.tsx) hands to the browser's hydration (main.tsx): a
 * `<script type="application/json" id="ssr-state">` the browser parses, never runs (the CSP allows
 * no inline script). Decision 0220.
 */
export interface SsrState {
  /** The language the page was rendered in (the `googtrans` cookie, else English). */
  language: LanguageCode;
  /** The TanStack Query cache the page was rendered from (TanStack's `dehydrate`). */
  queries: DehydratedState;
  /** The width class the server assumed for the media queries (from the User-Agent). */
  phone: boolean;
}

export const SSR_STATE_ID = 'ssr-state';

/** The width the server assumes for a phone and for anything else when it answers a media query. */
const ASSUMED_WIDTH = { phone: 390, wide: 1280 };

/**
 * Answers the min-width/max-width media queries of MUI's breakpoints (`useMediaQuery`) for an
 * assumed viewport: on the server, and in the browser while it hydrates (MUI uses `ssrMatchMedia`
 * for both), so the first client render matches the HTML; the real width applies right after.
 */
export function assumedMatchMedia(phone: boolean) {
  const width = phone ? ASSUMED_WIDTH.phone : ASSUMED_WIDTH.wide;
  return (query: string) => {
    let matches = true;
    for (const [, kind, value] of query.matchAll(/(min|max)-width:\s*([\d.]+)px/g)) {
      const limit = Number(value);
      if (kind === 'min' ? width < limit : width > limit) matches = false;
    }
    return { matches };
  };
}

/** The theme whose `useMediaQuery` answers for the assumed viewport while rendering or hydrating. */
export function withAssumedViewport(base: Theme, phone: boolean): Theme {
  return {
    ...base,
    components: {
      ...base.components,
      MuiUseMediaQuery: { defaultProps: { ssrMatchMedia: assumedMatchMedia(phone) } },
    },
  };
}

/** JSON for an HTML script element: `<` escaped, so no `</script>` or `<!--` inside can end it. */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
