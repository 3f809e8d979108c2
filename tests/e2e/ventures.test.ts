import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPLETE_KIIS } from '../support/kiis';
import {
  collectErrors,
  launchBrowser,
  snap,
  startServer,
  tempDataDir,
  VIEWPORTS,
  type RunningServer,
} from './harness';
import { axeViolations, DEMO_PASSWORD, journey } from './journey';

/**
 * The public ventures screens in Chromium against the production build and the demo data: browse,
 * filter, page, reset, open a venture and see both charts; no console errors, no axe violations of
 * any impact (journey.ts axeViolations), no sideways scrolling on a phone; screenshots at desktop and
 * phone width.
 */

let server: RunningServer;
let browser: Browser;

/** Two ventures added to the nine public demo ventures, so the list has a second page. */
const EXTRA_TITLES = ['E2E Harbour Crane Leasing', 'E2E Bakery Ovens'];

interface ListAnswer {
  data: { _id: string; title: string; ventureType: string }[];
  pagination: { total: number; totalPages: number };
}

/** Signs in through the API (the shared journey helper, on this file's server). */
const signIn = (email: string) => journey(server).signIn(email);

async function call(cookie: string, method: string, path: string, body: unknown) {
  const response = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Cookie: cookie },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { data?: { _id: string }; message?: string };
  expect(response.ok, `${method} ${path}: ${response.status} ${answer.message ?? ''}`).toBe(true);
  return answer;
}

/** A corporate creates two ventures, makes them public, and an admin approves them. */
async function addPublicVentures() {
  const corporate = await signIn('corporate@afrivest.test');
  const admin = await signIn('admin@afrivest.test');
  const closingDate = new Date(Date.now() + 60 * 86_400_000).toISOString();
  for (const [index, title] of EXTRA_TITLES.entries()) {
    const created = await call(corporate, 'POST', '/ventures', {
      title,
      shortDescription: 'Added by the end-to-end test to give the list a second page.',
      longDescription: 'A venture created through the API by the ventures end-to-end test.',
      collateralDescription: 'Equipment pledged to the lenders.',
      country: index === 0 ? 'TZ' : 'SN',
      ventureType: index === 0 ? 'leasing' : 'sme',
      riskLevel: index === 0 ? 'high' : 'low',
      targetAmount: 40_000,
      expectedReturn: 11.5,
      investmentPeriod: 12,
      closingDate,
      minInvestmentAmount: 50,
      maxInvestmentAmount: 5_000,
      collateralValue: 50_000,
      loanToValue: 80,
      isConvertible: index === 1,
      tags: ['e2e'],
    });
    const id = created.data!._id;
    await call(corporate, 'PATCH', `/ventures/id/${id}`, { visibility: 'public' });
    // Its key investment information sheet, complete: approval needs it.
    await call(corporate, 'PUT', `/ventures/my-ventures/${id}/kiis`, COMPLETE_KIIS);
    await call(admin, 'PATCH', `/ventures/admin/${id}/admin-status-update`, {
      adminStatus: 'approved',
      adminNotes: 'Approved by the end-to-end test.',
    });
  }
}

beforeAll(async () => {
  server = await startServer({ dataDir: tempDataDir() });
  browser = await launchBrowser();
  await addPublicVentures();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(viewport: keyof typeof VIEWPORTS) {
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport] });
  const page = await context.newPage();
  const errors = collectErrors(page);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  return { context, page, errors, requests };
}

const results = (page: Page) => page.getByRole('region', { name: 'Ventures found' });
const cardTitles = (page: Page) => results(page).getByRole('heading', { level: 2 }).allInnerTexts();
const search = (page: Page) => new URL(page.url()).search;
const listAnswer = (page: Page, match: (url: URL) => boolean) =>
  page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === '/api/ventures' && match(url);
  });

/** Scrolls through the page so lazy images load, then waits for every image (for full-page shots). */
async function loadLazyImages(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
  await expect
    .poll(() =>
      page.evaluate(() => [...document.images].every((img) => img.complete && img.naturalWidth > 0)),
    )
    .toBe(true);
  // Back at the top, the scroll-to-top button zooms out; wait so it is not in the picture.
  await page.waitForTimeout(600);
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

let context: BrowserContext | undefined;
afterAll(async () => context?.close());

describe('the ventures list in Chromium', () => {
  it('browses, pages, filters, survives a reload and the back button, and resets', async () => {
    const session = await open('desktop');
    context = session.context;
    const { page, errors, requests } = session;

    // The first page arrives rendered by the server with its list (decision 0220): the browser does not
    // ask for it again; the same answer is read here directly.
    await page.goto(`${server.url}/ventures`, { waitUntil: 'networkidle' });
    const DEFAULT_LIST = '/api/ventures?sortBy=createdAt&order=desc&page=1&limit=9';
    expect(requests.filter((url) => url.endsWith(DEFAULT_LIST))).toEqual([]);
    const firstAnswer = (await (await fetch(`${server.url}${DEFAULT_LIST}`)).json()) as ListAnswer;
    expect(firstAnswer.pagination.total).toBe(20);
    expect(firstAnswer.pagination.totalPages).toBe(3);
    await expect.poll(() => cardTitles(page)).toEqual(firstAnswer.data.map((v) => v.title));
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Ventures');
    expect(await page.getByText('20 ventures found').count()).toBe(1);
    await expect.poll(() => page.locator('img[src^="/uploads/ventures/"]').count()).toBeGreaterThan(0);
    await loadLazyImages(page);
    await snap(page, 'ventures-list-desktop.png');
    expect(await axeViolations(page, new URL(page.url()).pathname)).toEqual([]);

    // Page 2 through the page buttons (below the list): the page scrolls back to the top of the list.
    const second = listAnswer(page, (url) => url.searchParams.get('page') === '2');
    const pageTwo = page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Page 2' });
    await pageTwo.scrollIntoViewIfNeeded();
    const listTop = () => results(page).evaluate((el) => Math.round(el.getBoundingClientRect().top));
    expect(await listTop()).toBeLessThan(0);
    await pageTwo.click();
    const secondAnswer = (await (await second).json()) as ListAnswer;
    expect(secondAnswer.data).toHaveLength(9);
    await expect.poll(() => cardTitles(page)).toEqual(secondAnswer.data.map((v) => v.title));
    expect(search(page)).toBe('?page=2');
    // Just below the sticky header (scroll-margin-top 88 px at desktop width).
    await expect.poll(listTop).toBeGreaterThanOrEqual(0);
    await expect.poll(listTop).toBeLessThanOrEqual(120);

    // A filter: only leasing cards, back on page 1.
    const leasing = listAnswer(page, (url) => url.searchParams.get('ventureType') === 'leasing');
    await page.getByLabel('Venture type').selectOption('leasing');
    const leasingAnswer = (await (await leasing).json()) as ListAnswer;
    expect(new URL((await leasing).url()).searchParams.get('page')).toBe('1');
    expect(leasingAnswer.data.length).toBeGreaterThanOrEqual(2);
    expect(leasingAnswer.data.every((v) => v.ventureType === 'leasing')).toBe(true);
    await expect.poll(() => cardTitles(page)).toEqual(leasingAnswer.data.map((v) => v.title));
    expect(await cardTitles(page)).toContain(EXTRA_TITLES[0]);
    expect(search(page)).toBe('?ventureType=leasing');

    // Shareable and reload-safe.
    await page.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => cardTitles(page)).toEqual(leasingAnswer.data.map((v) => v.title));
    expect(await page.getByLabel('Venture type').inputValue()).toBe('leasing');

    // The back button returns to page 2 of the unfiltered list.
    await page.goBack({ waitUntil: 'networkidle' });
    expect(search(page)).toBe('?page=2');
    await expect.poll(() => cardTitles(page)).toEqual(secondAnswer.data.map((v) => v.title));
    expect(await page.getByLabel('Venture type').inputValue()).toBe('all');

    // A search nothing matches, then Reset Filters: the defaults, loaded again (the cache is gone).
    await page.getByRole('searchbox', { name: 'Search' }).fill('no venture is called this');
    await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
    await expect.poll(() => page.getByText('No projects match your current filters.').count()).toBe(1);
    expect(search(page)).toBe('?search=no+venture+is+called+this');
    const defaultListCalls = () =>
      requests.filter((url) => url.endsWith('/api/ventures?sortBy=createdAt&order=desc&page=1&limit=9'))
        .length;
    const before = defaultListCalls();
    await page.getByRole('button', { name: 'Reset Filters' }).click();
    await expect.poll(() => search(page)).toBe('');
    await expect.poll(() => cardTitles(page)).toHaveLength(9);
    await expect.poll(defaultListCalls).toBe(before + 1);
    expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('');

    expect(requests.some((url) => url.includes('VentureCharts'))).toBe(false);
    expect(errors).toEqual([]);
  });

  it('fits a phone: filters fold away, no sideways scrolling', async () => {
    const { context, page, errors } = await open('phone');
    await page.goto(`${server.url}/ventures?riskLevel=medium`, { waitUntil: 'networkidle' });
    await expect.poll(() => cardTitles(page).then((titles) => titles.length)).toBeGreaterThan(0);
    expect(await page.getByLabel('Risk level').isVisible()).toBe(false);
    await page.getByRole('button', { name: /Show filters/ }).click();
    await expect.poll(() => page.locator('.MuiCollapse-entered').count()).toBe(1);
    expect(await page.getByLabel('Risk level').isVisible()).toBe(true);
    expect(await page.getByLabel('Risk level').inputValue()).toBe('medium');
    await expectNoSidewaysScroll(page);
    await loadLazyImages(page);
    await snap(page, 'ventures-list-phone.png');
    expect(await axeViolations(page, new URL(page.url()).pathname)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("keeps each of a card's figures in its column at 390 px, in every language", async () => {
    const { context, page, errors } = await open('phone');
    // The longest words in the figures: German 'Zurückgezahlt' (repaid) once ran into the return.
    const REPAID_WORD: Record<string, string> = {
      en: 'Repaid',
      de: 'Zurückgezahlt',
      es: 'Reembolsado',
      fr: 'Remboursé',
    };
    for (const lang of Object.keys(REPAID_WORD)) {
      await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
      for (const status of ['repaid', 'funded', 'new']) {
        await page.goto(`${server.url}/ventures?lifecycleStatus=${status}`, { waitUntil: 'networkidle' });
        // The list's region is named in the page's language: the cards' figures are found by their <dl>.
        const figures = page.locator('.MuiCard-root dl');
        await expect.poll(() => figures.count()).toBeGreaterThan(0);
        // Each figure's text ends inside its own column (a Range measures the text, not its box).
        const overflowing = await page.evaluate(() =>
          [...document.querySelectorAll('.MuiCard-root dl > div')].flatMap((cell) => {
            const box = cell.getBoundingClientRect();
            return [...cell.children].flatMap((part) => {
              const range = document.createRange();
              range.selectNodeContents(part);
              const text = range.getBoundingClientRect();
              return text.right > box.right + 0.5
                ? [`${part.textContent} (${Math.round(text.right - box.right)} px)`]
                : [];
            });
          }),
        );
        expect(overflowing, `${lang}, ${status}`).toEqual([]);
        if (status === 'repaid')
          expect(await figures.first().locator('dd').first().innerText()).toBe(REPAID_WORD[lang]);
      }
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a venture page in Chromium', () => {
  for (const viewport of ['desktop', 'phone'] as const) {
    it(`opens from the list and shows both charts at ${viewport} width`, async () => {
      const { context, page, errors, requests } = await open(viewport);
      await page.goto(`${server.url}/ventures`, { waitUntil: 'networkidle' });
      // The network can be idle before the answer's cards are drawn (seen under npm test's load).
      await expect.poll(() => cardTitles(page).then((titles) => titles.length)).toBeGreaterThan(0);
      const title = (await cardTitles(page))[0]!;
      expect(requests.some((url) => url.includes('VentureCharts'))).toBe(false);
      await page.getByRole('link', { name: `Details of ${title}` }).click();
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(title);
      expect(new URL(page.url()).pathname).toMatch(/^\/ventures\/[0-9a-f-]{36}$/);

      const funding = page.getByRole('region', { name: 'Funding Progress' });
      const risk = page.getByRole('region', { name: 'Risk vs Return' });
      // The charts' own svg carries a <title> (the legend's colour marks are small svgs too).
      const doughnut = funding.locator('svg:has(> title)');
      const bars = risk.locator('svg:has(> title)');
      // The charts load when they come near the viewport (they sit below the fold).
      await risk.scrollIntoViewIfNeeded();
      await expect.poll(() => doughnut.locator('path').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      await expect.poll(() => bars.locator('rect, path').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      expect(await funding.getByRole('figure').getAttribute('aria-labelledby')).toBeTruthy();
      expect(await funding.locator('figcaption').innerText()).toMatch(/^Funded €[\d,]+\.\d\d \(\d+%\) of €/);
      expect(await risk.locator('figcaption').innerText()).toMatch(
        /^Expected return of [\d.]+% at risk level [123] of 3/,
      );
      expect(await doughnut.boundingBox()).toMatchObject({ height: 300 });
      expect(await bars.boundingBox()).toMatchObject({ height: 300 });
      // The charts came in their own chunk, only on this page.
      expect(requests.some((url) => /\/assets\/VentureCharts-[\w-]+\.js$/.test(url))).toBe(true);

      for (const text of ['Venture Stats', 'Key Dates', 'Summary', 'Details', 'Collateral Details']) {
        expect(await page.getByRole('heading', { level: 2, name: text, exact: true }).count()).toBe(1);
      }
      // INVEST IN PROJECT is a button; on a venture that takes no investment it is disabled and
      // names the reason instead.
      const investButtons = await page.getByRole('button', { name: 'INVEST IN PROJECT' }).count();
      const notOpen = await page
        .getByRole('button', {
          name: /^(Fully funded|Repaid|Coming soon|Funding closed|Not open for investment)$/,
        })
        .count();
      expect(investButtons + notOpen).toBe(1);
      expect(await page.getByRole('link', { name: 'INVEST IN PROJECT' }).count()).toBe(0);
      await page.waitForLoadState('networkidle');
      if (viewport === 'phone') await expectNoSidewaysScroll(page);
      await loadLazyImages(page);
      await snap(page, `venture-detail-${viewport}.png`);
      expect(await axeViolations(page, new URL(page.url()).pathname)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('a funded venture wears its badge and cannot be invested in, on its card and on its page', async () => {
    const { context, page, errors } = await open('desktop');
    const funded = (await (
      await fetch(`${server.url}/api/ventures?lifecycleStatus=funded&limit=1`)
    ).json()) as ListAnswer;
    const venture = funded.data[0]!;
    expect(venture, 'a funded public demo venture').toBeDefined();

    await page.goto(`${server.url}/ventures?lifecycleStatus=funded`, { waitUntil: 'networkidle' });
    const card = results(page).locator('.MuiCard-root', {
      has: page.getByRole('heading', { level: 2, name: venture.title, exact: true }),
    });
    await expect.poll(() => card.count()).toBe(1);
    expect(await card.locator('.MuiChip-label', { hasText: /^Funded$/ }).count()).toBe(1);
    expect(await card.getByRole('link', { name: `Invest in ${venture.title}` }).count()).toBe(0);
    expect(await card.getByRole('button', { name: `Fully funded: ${venture.title}` }).isDisabled()).toBe(
      true,
    );
    expect(
      await card.locator('dt', { hasText: 'Days left' }).locator('xpath=following-sibling::dd').innerText(),
    ).toBe('Fully funded');

    await card.getByRole('link', { name: `Details of ${venture.title}` }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(venture.title);
    expect(await page.getByRole('button', { name: 'INVEST IN PROJECT' }).count()).toBe(0);
    const disabled = page.getByRole('button', { name: 'Fully funded' });
    expect(await disabled.isDisabled()).toBe(true);
    expect(
      await page.getByText('This venture reached its funding target and takes no more investments.').count(),
    ).toBe(1);
    // The doughnut's big label in the middle is the funded share (the caption's first percentage).
    const funding = page.getByRole('region', { name: 'Funding Progress' });
    const fundedShare = /\((\d+%)\)/.exec(await funding.locator('figcaption').innerText())![1]!;
    const centre = funding.locator('svg g[aria-hidden="true"] > text').first();
    await expect.poll(() => centre.count(), { timeout: 15_000 }).toBe(1);
    expect(await centre.textContent()).toBe(fundedShare);
    // The investment form of a funded venture says why, without a form.
    await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
    await page.getByLabel(/^Email(\s*\*)?$/).fill('investor@afrivest.test');
    await page.getByLabel(/^Password(\s*\*)?$/).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe('/user/overview');
    await page.goto(`${server.url}/ventures/${venture._id}/investment-form`, { waitUntil: 'networkidle' });
    await expect
      .poll(() => page.getByRole('dialog').innerText())
      .toContain('This venture reached its funding target and takes no more investments.');
    expect(
      await page
        .getByRole('dialog')
        .getByLabel(/^Amount/)
        .count(),
    ).toBe(0);
    expect(await axeViolations(page, new URL(page.url()).pathname)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends a visitor from /projects/{id}/invest to the login and reads "No venture found." for an unknown id', async () => {
    const { context, page, errors } = await open('desktop');
    const list = (await (await fetch(`${server.url}/api/ventures?limit=1`)).json()) as ListAnswer;
    const id = list.data[0]!._id;
    // The invest form is for signed-in investors (tests/e2e/invest.test.ts goes on from the login).
    await page.goto(`${server.url}/projects/${id}/invest`, { waitUntil: 'networkidle' });
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Login');

    await page.goto(`${server.url}/ventures/00000000-0000-4000-8000-000000000000`, {
      waitUntil: 'networkidle',
    });
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('No venture found.');
    // The 404 of the API call is the only console error a missing venture may cause.
    expect(errors.filter((error) => !error.includes('404'))).toEqual([]);
    await context.close();
  });
});
