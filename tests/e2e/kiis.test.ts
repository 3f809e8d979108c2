/**
 * The key investment information sheet's journey (EU 2020/1503 Art. 23) in Chromium against the
 * production build: a company fills the sheet of its new venture in the corporate form (a draft
 * without risks first), submits the venture; an admin's approval is refused in the review form while
 * the sheet is incomplete; the company completes it and previews the PDF; the admin approves, which
 * publishes it; the public venture page links the PDF, which reads back with poppler. Every page is
 * photographed at 1366 and 390 px and checked with axe (zero violations).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flat, readPdf } from '../support/kiis';
import { launchBrowser, startServer, tempDataDir, VIEWPORTS, type RunningServer } from './harness';
import {
  axeViolations,
  BrowserTabs,
  field,
  journey,
  pathname,
  screenshot,
  scrollWidth,
  settled,
  text,
} from './journey';

const TITLE = 'Nakuru Greenhouse Tomatoes';
const PROJECT = 'Twelve greenhouses with drip irrigation for tomato growers near Lake Nakuru.';
const REFUSAL =
  'Approval refused: the key investment information sheet is incomplete. Missing: Risks (at least two).';

let server: RunningServer;
let browser: Browser;
let run: ReturnType<typeof journey>;
const tabs = new BrowserTabs();
let ventureId = '';
let corporateCookie = '';
const axeFailures: string[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ dataDir: tempDataDir() }), launchBrowser()]);
  run = journey(server);
  corporateCookie = await run.signIn('corporate@afrivest.test');
  const created = await run.api<{ data: { _id: string } }>(corporateCookie, 'POST', '/ventures', {
    title: TITLE,
    shortDescription: 'Greenhouses for tomato growers.',
    longDescription: 'Twelve greenhouses with drip irrigation, sold to growers on credit.',
    collateralDescription: 'The greenhouses, pledged.',
    country: 'KE',
    ventureType: 'business',
    targetAmount: 30_000,
    expectedReturn: 10.5,
    investmentPeriod: 24,
    closingDate: new Date(Date.now() + 60 * 86_400_000).toISOString(),
    minInvestmentAmount: 50,
    maxInvestmentAmount: 5_000,
    collateralValue: 40_000,
    loanToValue: 75,
  });
  ventureId = created.data._id;
});

afterAll(async () => {
  await tabs.closeAll();
  await browser?.close();
  await server?.stop();
});

/** A tab signed in as that demo person. */
async function signedInTab(email: string, viewport: keyof typeof VIEWPORTS) {
  const tab = await tabs.open(browser, viewport);
  const cookie = await run.signIn(email);
  await tab.context.addCookies(
    cookie.split('; ').map((pair) => {
      const [name, ...value] = pair.split('=');
      return { name: name!, value: value.join('='), url: server.url };
    }),
  );
  return tab;
}

/** Axe and the two screenshots of a page (desktop, then the same page at 390 px without sideways scrolling). */
async function check(page: Page, name: string, path: string, email: string | null) {
  // At the top: react-admin's app bar (the page's h1) slides away while the page is scrolled down.
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  axeFailures.push(...(await axeViolations(page, `${name} desktop`)));
  await screenshot(page, `kiis-${name}-desktop.png`);
  const phone = email ? (await signedInTab(email, 'phone')).page : (await tabs.open(browser, 'phone')).page;
  await run.goto(phone, path);
  await expect.poll(() => text(phone), { timeout: 15_000 }).toContain(name === 'public' ? TITLE : 'sheet');
  expect(await scrollWidth(phone)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
  axeFailures.push(...(await axeViolations(phone, `${name} phone`)));
  await screenshot(phone, `kiis-${name}-phone.png`);
}

const missingItems = (page: Page) => page.getByRole('status').getByRole('listitem').allInnerTexts();
let corp: Page;
let admin: Page;

describe('the key investment information sheet, in Chromium', () => {
  it('1. the company fills its sheet in the form, without risks yet, and submits the venture', async () => {
    ({ page: corp } = await signedInTab('corporate@afrivest.test', 'desktop'));
    await run.goto(corp, `/corporate/ventures/${ventureId}/show`);
    await corp.getByRole('link', { name: 'Information sheet' }).click();
    await expect.poll(() => pathname(corp)).toBe(`/corporate/ventures/${ventureId}/kiis`);
    await settled(corp);
    await expect.poll(() => missingItems(corp), { timeout: 15_000 }).toHaveLength(9);
    await check(corp, 'form', `/corporate/ventures/${ventureId}/kiis`, 'corporate@afrivest.test');

    await field(corp, 'Project owner').fill('Savanna Ventures Ltd, registered in Kenya (PVT-2019-48213).');
    await field(corp, 'Management').fill('Wanjiru Kamau, managing director; David Otieno, finance director.');
    await field(corp, 'Persons responsible for the sheet').fill('Wanjiru Kamau, managing director.');
    await field(corp, 'Responsibility statement').fill(
      'The project owner declares that, to the best of its knowledge, no information has been omitted or is materially misleading or inaccurate.',
    );
    await field(corp, 'Principal activities').fill('Greenhouses sold on credit to smallholder growers.');
    const figures = [
      ['2024', '410000', '21000', '380000'],
      ['2025', '520000', '34000', '455000'],
    ];
    for (const [row, values] of figures.entries())
      for (const [column, label] of ['Year', 'Turnover', 'Net profit', 'Total assets'].entries())
        await corp.getByRole('spinbutton', { name: label }).nth(row).fill(values[column]!);
    await field(corp, 'Project description').fill(PROJECT);
    await field(corp, 'Use of funds').fill('Greenhouses 70 %, irrigation 20 %, training 10 %.');
    await expect.poll(() => missingItems(corp)).toEqual(['Risks (at least two)']);
    await corp.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => text(corp)).toContain('Information sheet saved.');

    const draft = await run.api<{ data: { missing: string[]; fields: { keyFigures: unknown[] } } }>(
      corporateCookie,
      'GET',
      `/ventures/my-ventures/${ventureId}/kiis`,
    );
    expect(draft.data.missing).toEqual(['risks']);
    expect(draft.data.fields.keyFigures).toHaveLength(2);
    await run.api(corporateCookie, 'PATCH', `/ventures/id/${ventureId}`, { visibility: 'public' });
  });

  it('2. the admin’s approval is refused while the sheet is incomplete', async () => {
    ({ page: admin } = await signedInTab('admin@afrivest.test', 'desktop'));
    await run.goto(admin, `/admin/ventures/${ventureId}/show`);
    await expect
      .poll(() => text(admin), { timeout: 15_000 })
      .toContain('Incomplete. Missing: Risks (at least two)');
    // The review decision is in the page's top toolbar (issue 30, item 7); a refusal stays in its dialog.
    await admin.getByRole('button', { name: 'Approve', exact: true }).click();
    const dialog = admin.getByRole('dialog');
    await expect.poll(() => dialog.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => dialog.innerText(), { timeout: 15_000 }).toContain(REFUSAL);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    // The dialog hides the page from assistive technology until it has gone.
    await expect.poll(() => admin.getByRole('dialog').count()).toBe(0);
    const venture = await run.api<{ data: { adminStatus: string } }>(
      corporateCookie,
      'GET',
      `/ventures/my-ventures/${ventureId}`,
    );
    expect(venture.data.adminStatus).toBe('pending');
    await check(admin, 'admin-refused', `/admin/ventures/${ventureId}/show`, 'admin@afrivest.test');
  });

  it('3. the company adds two risks, saves, and previews the draft as PDF', async () => {
    await run.goto(corp, `/corporate/ventures/${ventureId}/kiis`);
    await expect.poll(() => missingItems(corp), { timeout: 15_000 }).toEqual(['Risks (at least two)']);
    const descriptions = corp.getByRole('textbox', { name: 'Description', exact: true });
    await descriptions.nth(0).fill('A hailstorm may destroy greenhouses before they are paid for.');
    await descriptions.nth(1).fill('The company may be unable to repay the loan in full or on time.');
    await expect.poll(() => text(corp)).toContain('Complete: an admin can approve the venture.');
    await corp.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => text(corp)).toContain('Information sheet saved.');
    const href = await corp.getByRole('link', { name: 'Preview (PDF)' }).getAttribute('href');
    expect(href).toBe(`/api/ventures/${ventureId}/kiis?lang=en&preview=true`);
    const preview = await corp.request.get(new URL(href!, server.url).toString());
    expect(preview.status()).toBe(200);
    expect(preview.headers()['content-type']).toBe('application/pdf');
    const { text: previewText } = readPdf(await preview.body());
    expect(flat(previewText)).toContain('PREVIEW of the draft');
    expect(flat(previewText)).toContain('A hailstorm may destroy greenhouses');
  });

  it('4. the admin approves: the sheet is published', async () => {
    await run.goto(admin, `/admin/ventures/${ventureId}/show`);
    await expect.poll(() => text(admin), { timeout: 15_000 }).toContain('Complete');
    await admin.getByRole('button', { name: 'Approve', exact: true }).click();
    const dialog = admin.getByRole('dialog');
    await expect.poll(() => dialog.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => text(admin), { timeout: 15_000 }).toContain('Updated successfully');
    await expect.poll(() => text(admin), { timeout: 15_000 }).toContain('Published on');
    expect(await admin.getByRole('link', { name: 'Published sheet (PDF)' }).getAttribute('href')).toBe(
      `/api/ventures/${ventureId}/kiis?lang=en`,
    );
  });

  it('5. the public venture page links the PDF; it opens with the title and the disclaimer', async () => {
    const { page } = await tabs.open(browser, 'desktop');
    await run.goto(page, `/ventures/${ventureId}`);
    const link = page.getByRole('link', { name: 'Key investment information sheet (PDF)' });
    await expect.poll(() => link.count(), { timeout: 15_000 }).toBe(1);
    const href = await link.getAttribute('href');
    expect(href).toBe(`/api/ventures/${ventureId}/kiis?lang=en`);
    const answer = await fetch(new URL(href!, server.url));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('cache-control')).toBe('public, max-age=300');
    const pdf = readPdf(Buffer.from(await answer.arrayBuffer()));
    expect(pdf.pages).toBeLessThanOrEqual(6);
    const sheet = flat(pdf.text);
    expect(sheet.startsWith(`Key investment information sheet ${TITLE}`)).toBe(true);
    expect(sheet.indexOf('This crowdfunding offer has been neither verified nor approved')).toBeLessThan(
      sheet.indexOf('Risk warning'),
    );
    expect(sheet).toContain(PROJECT);
    expect(sheet).not.toContain('PREVIEW');
    await check(page, 'public', `/ventures/${ventureId}`, null);
  });

  it('6. no page had an axe violation', () => {
    expect(axeFailures).toEqual([]);
  });
});
