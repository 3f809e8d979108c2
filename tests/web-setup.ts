import '@testing-library/jest-dom/vitest';
import { __unsafe_useEmotionCache, type EmotionCache } from '@emotion/react';
import { cleanup, configure, render } from '@testing-library/react';
import { createElement } from 'react';
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

/**
 * jsdom computes a style from scratch at every `getComputedStyle` call, matching every rule of every
 * style sheet (emotion writes one <style> per rule: hundreds on a page of MUI). Testing Library
 * calls it for each element and each of its ancestors at every role query (is it hidden?), and
 * user-event for the target and its ancestors at every click (pointer-events): most of a form test's
 * time went there. The answer for an element cannot change while the document does not: it is kept
 * until the next change of the DOM (nodes, attributes, text, so also a new <style>) or of the focus
 * (`:focus` rules), found synchronously with `takeRecords()` before every answer.
 */
if (typeof window !== 'undefined') {
  const compute = window.getComputedStyle.bind(window);
  let cache = new WeakMap<Element, CSSStyleDeclaration>();
  const forget = () => {
    cache = new WeakMap();
  };
  // Changes are delivered to the callback after the current task, and the ones still queued are
  // taken synchronously below: either way the next answer is computed afresh.
  const changes = new MutationObserver(forget);
  changes.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  document.addEventListener('focusin', forget, true);
  document.addEventListener('focusout', forget, true);
  window.getComputedStyle = ((element: Element, pseudo?: string | null) => {
    if (changes.takeRecords().length > 0) forget();
    if (pseudo) return compute(element, pseudo);
    let style = cache.get(element);
    if (!style) {
      style = compute(element);
      cache.set(element, style);
    }
    return style;
  }) as typeof window.getComputedStyle;
}

// The files share a worker (isolate: false in vite.config.ts): whatever one file changed of the
// window goes back before the next file starts.
afterAll(() => {
  // MUI's styles of this file go: emotion's one <style> per rule would otherwise pile up over the
  // files of the shared document, every rule making each getComputedStyle slower. The cache forgets
  // what it inserted, so the next file's components write their rules again.
  let emotion: EmotionCache | undefined;
  const Probe = () => {
    emotion = __unsafe_useEmotionCache() ?? undefined;
    return null;
  };
  render(createElement(Probe)).unmount();
  if (emotion) {
    emotion.sheet.flush();
    emotion.inserted = {};
  }
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
