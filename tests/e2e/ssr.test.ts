import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startServer, tempDataDir, VIEWPORTS, type RunningServer } from './harness';

// The public pages rendered on the server (decisions 0220-0225): their text is in the HTML before
// any script runs, and the browser hydrates them without a hydration error and without fetching
// again the data the HTML carries.

let server: RunningServer;
let browser: Browser;
let ventureTitles: { newest: string[]; listed: string[] };
let venture: { id: string; title: string };

beforeAll(async () => {
  server = await startServer({ dataDir: tempDataDir() });
  browser = await launchBrowser();
  const titles = async (query: string) =>
    (
      (await (await fetch(`${server.url}/api/ventures?${query}`)).json()) as {
        data: { title: string; _id: string }[];
      }
    ).data;
  const newest = await titles('limit=3&sortBy=createdAt&order=desc');
  const listed = await titles('sortBy=createdAt&order=desc&page=1&limit=9');
  ventureTitles = { newest: newest.map((v) => v.title), listed: listed.map((v) => v.title) };
  venture = { id: listed[0]!._id, title: listed[0]!.title };
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The SSR pages, each with the texts its HTML must hold without JavaScript. */
const pages = (): { path: string; texts: () => string[] }[] => [
  { path: '/', texts: () => ventureTitles.newest },
  { path: '/ventures', texts: () => ventureTitles.listed },
  { path: `/ventures/${venture.id}`, texts: () => [venture.title] },
  { path: '/statistics', texts: () => [] },
  { path: '/help', texts: () => [] },
  { path: '/about-us', texts: () => [] },
  { path: '/login', texts: () => [] },
  { path: '/register', texts: () => [] },
];

/** Text of the first h1, trimmed. */
const heading = (page: Page) => page.locator('h1').first().innerText({ timeout: 5_000 });

/** Keeps #root's first element as the HTML had it, to tell a hydration (kept) from a new render. */
const KEEP_FIRST_ELEMENT = () => {
  new MutationObserver((_, observer) => {
    const first = document.getElementById('root')?.firstElementChild;
    if (!first) return;
    (window as unknown as { ssrFirst: Element }).ssrFirst = first;
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true });
};
const firstElementKept = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { ssrFirst?: Element }).ssrFirst ===
      document.getElementById('root')?.firstElementChild,
  );

const HYDRATION = /hydrat|did not match|server rendered|recoverable|switched to client rendering/i;

describe('public pages rendered on the server', () => {
  it('have their heading and venture titles in the HTML, with JavaScript off, in English and German', async () => {
    expect(ventureTitles.listed.length).toBeGreaterThan(0);
    for (const language of ['en', 'de'] as const) {
      const context = await browser.newContext({ javaScriptEnabled: false, viewport: VIEWPORTS.desktop });
      await context.addCookies([{ name: 'googtrans', value: `/en/${language}`, url: server.url }]);
      const page = await context.newPage();
      for (const { path, texts } of pages()) {
        const response = await page.goto(`${server.url}${path}`);
        expect(response?.status(), path).toBe(200);
        expect(await page.getAttribute('html', 'lang'), path).toBe(language);
        expect((await heading(page)).trim().length, `${path}: its h1`).toBeGreaterThan(0);
        const body = await page.locator('#root').innerText();
        for (const text of texts()) expect(body, `${path} in ${language}`).toContain(text);
        expect(await page.locator('#ssr-state').count(), path).toBe(1);
      }
      // Its forms wait for the page's code (decision 0225): nothing can be typed or sent, so no
      // password goes out in a GET's address and no text is lost to the hydration.
      await page.goto(`${server.url}/login`);
      const controls = page.locator('#root form').locator('input, button');
      expect(await controls.count()).toBeGreaterThan(2);
      for (const control of await controls.all()) expect(await control.isDisabled()).toBe(true);
      await context.close();
    }
  });

  const PHONE_UA =
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';
  // The server guesses the width from the User-Agent: right for a desktop and a phone, wrong for a
  // narrow desktop window (the page then changes after hydration, without a hydration error).
  const cases = [
    { name: 'desktop width', viewport: VIEWPORTS.desktop, userAgent: undefined },
    { name: 'phone width with a phone User-Agent', viewport: VIEWPORTS.phone, userAgent: PHONE_UA },
    { name: 'phone width with a desktop User-Agent', viewport: VIEWPORTS.phone, userAgent: undefined },
  ];
  for (const { name, viewport, userAgent } of cases) {
    it(`hydrate at ${name} with no hydration error and no fetch of the data the HTML holds`, async () => {
      const context = await browser.newContext({ viewport, ...(userAgent ? { userAgent } : {}) });
      await context.addInitScript(KEEP_FIRST_ELEMENT);
      for (const { path } of pages()) {
        const page = await context.newPage();
        const problems: string[] = [];
        page.on('console', (message) => {
          const text = message.text();
          if (message.type() === 'error' || (message.type() === 'warning' && HYDRATION.test(text))) {
            problems.push(`${message.type()}: ${text}`);
          }
        });
        page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
        const apiCalls: string[] = [];
        page.on('request', (request) => {
          const url = new URL(request.url());
          if (url.pathname.startsWith('/api/')) apiCalls.push(`${url.pathname}${url.search}`);
        });
        await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
        const before = await heading(page);
        // The browser read the embedded state (the element is removed once read) and hydrated.
        await expect.poll(() => page.locator('#ssr-state').count(), { timeout: 15_000 }).toBe(0);
        await page.waitForLoadState('networkidle');
        expect(await heading(page), path).toBe(before);
        expect(problems, path).toEqual([]);
        expect(apiCalls, path).toEqual([]);
        expect(await firstElementKept(page), `${path} was hydrated, not rendered anew`).toBe(true);
        await page.close();
      }
      await context.close();
    });
  }

  it('render anew, without a hydration error, when the browser keeps another language than the cookie', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    await context.addInitScript(KEEP_FIRST_ELEMENT);
    await context.addInitScript(() => window.localStorage.setItem('lang', 'de'));
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || HYDRATION.test(message.text())) problems.push(message.text());
    });
    await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('de');
    await expect.poll(() => page.locator('#root').innerText()).toContain('Risikohinweis');
    expect(await firstElementKept(page)).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });
});
