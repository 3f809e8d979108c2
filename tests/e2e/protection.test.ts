import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProtectionProfile } from '../../src-shared/contracts/protection';
import type { PublicVenture } from '../../src-shared/contracts/ventures';
import { launchBrowser, startServer, tempDataDir, VIEWPORTS, type RunningServer } from './harness';
import {
  axeViolations,
  BrowserTabs,
  DEMO_PASSWORD,
  euros,
  field,
  journey,
  pathname,
  screenshot,
  scrollWidth,
  settled,
  text,
} from './journey';

/**
 * The investor's side of investor protection in Chromium (issue 25; EU 2020/1503 Art. 21 and 22)
 * against the production build and the demo data. investor3@afrivest.test, who has done nothing yet,
 * signs in and opens the Investor profile tab: both steps are missing. They take the knowledge test
 * and fail it on purpose (the first option of every question), read each answer explained, confirm
 * the risk warning of Art. 21(5), and run the loss simulation, whose live figures are the ones the
 * server stores. Coming from a venture, the overview then leads back to it. Last they ask to be
 * treated as sophisticated (two criteria, a PNG, the protections given up) and see it pending. Then,
 * verified and credited, they invest above their warning threshold through the invest dialog's
 * review step (the KIIS read, the Art. 21(7) warning consented) and get a receipt naming the end of
 * the reflection period; last they revoke the investment within it (Art. 22) and have the whole
 * amount back. Every page is checked with axe and photographed at 1366 and 390 px, with no sideways
 * scrolling at 390 px.
 */

const INVESTOR = 'investor3@afrivest.test';
const OVERVIEW = '/user/profile/investor';
const WARNING =
  'An investment in a crowdfunding project includes the risk of losing the entirety of the money invested.';

let server: RunningServer;
let browser: Browser;
const tabs = new BrowserTabs();
let run: ReturnType<typeof journey>;
let cookie: string;
let page: Page;
let errors: string[];
let evidencePng: Buffer;
/** Axe violations per page and width, checked at the end of each step. */
const axeFailures: string[] = [];

const me = async () => (await run.api<{ data: ProtectionProfile }>(cookie, 'GET', '/protection/me')).data;

/** The investment of steps 6 and 7. */
let invested: { ventureId: string; title: string; amount: number; id?: string };

/**
 * investor3 verified through the built-in verification (the API's multipart call, a passport) and
 * an admin's approval, then credited with `euros` by an admin.
 */
async function verifyAndCredit(amount: number) {
  const started = await run.api<{ verificationUrl: string }>(cookie, 'POST', '/kyc/start-verification');
  const token = new URL(started.verificationUrl, server.url).pathname.split('/').pop()!;
  const form = new FormData();
  form.set('documentType', 'passport');
  form.set('dateOfBirth', '1991-04-23');
  form.set('nationality', 'ES');
  form.set('address', 'Calle de Alcalá 45, 28014 Madrid');
  form.set('documentFront', new Blob([new Uint8Array(evidencePng)], { type: 'image/png' }), 'passport.png');
  form.set('selfie', new Blob([new Uint8Array(evidencePng)], { type: 'image/png' }), 'selfie.png');
  const submitted = await fetch(`${server.url}/api/kyc/session/${token}`, { method: 'POST', body: form });
  expect(submitted.status, await submitted.clone().text()).toBe(200);
  const admin = await run.signIn('admin@afrivest.test');
  const profile = await run.api<{ data: { id: string } }>(cookie, 'GET', '/profile/get');
  await run.api(admin, 'PATCH', `/kyc/admin/${profile.data.id}`, { status: 'complete' });
  const credit = new FormData();
  credit.set('amount', String(amount));
  credit.set('note', 'Bank transfer');
  const credited = await fetch(`${server.url}/api/balances/add-balance/${profile.data.id}`, {
    method: 'POST',
    headers: { Cookie: admin },
    body: credit,
  });
  expect(credited.status).toBe(200);
}

/** Axe and a screenshot of the desktop page, then the same path at 390 px (same session). */
async function check(name: string, path = pathname(page) + new URL(page.url()).search) {
  await settled(page);
  axeFailures.push(...(await axeViolations(page, `${name} at 1366`)));
  await screenshot(page, `protection-${name}-1366.png`);
  const phone = await tabs.open(browser, 'phone', page);
  await run.goto(phone.page, path);
  await expect.poll(() => phone.page.getByRole('heading', { level: 1 }).count()).toBe(1);
  await settled(phone.page);
  expect(await scrollWidth(phone.page), `${name}: no sideways scrolling at 390 px`).toBeLessThanOrEqual(
    VIEWPORTS.phone.width,
  );
  axeFailures.push(...(await axeViolations(phone.page, `${name} at 390`)));
  await screenshot(phone.page, `protection-${name}-390.png`);
  expect(phone.errors).toEqual([]);
  await phone.context.close();
}

beforeAll(async () => {
  [server, browser, evidencePng] = await Promise.all([
    startServer({ dataDir: tempDataDir() }),
    launchBrowser(),
    sharp({ create: { width: 320, height: 200, channels: 3, background: '#2f6f9f' } })
      .png()
      .toBuffer(),
  ]);
  run = journey(server);
  cookie = await run.signIn(INVESTOR);
});

afterAll(async () => {
  await tabs.closeAll();
  await browser?.close();
  await server?.stop();
});

describe("the investor profile in Chromium (investor3's first steps)", () => {
  it('1. the overview: nothing done yet, both steps missing', async () => {
    expect((await me()).missing).toEqual(['knowledge_test', 'loss_simulation']);
    const opened = await tabs.open(browser, 'desktop');
    page = opened.page;
    errors = opened.errors;
    await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
    await field(page, 'Email').fill(INVESTOR);
    await field(page, 'Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => pathname(page)).toBe('/user/overview');

    await page
      .getByRole('navigation', { name: 'Investor area' })
      .getByRole('link', { name: 'Investor profile' })
      .click();
    await expect.poll(() => pathname(page)).toBe(OVERVIEW);
    const missing = page.getByRole('region', { name: 'Before you invest' });
    await expect.poll(() => missing.innerText()).toContain('Take the knowledge test');
    expect(await missing.innerText()).toContain('Simulate the loss you could bear');
    expect(await text(page)).toContain('Non-sophisticated investor');
    await check('overview');
    expect(axeFailures).toEqual([]);
  });

  it('2. fails the knowledge test on purpose, reads the answers explained, confirms the warning', async () => {
    await page
      .getByRole('region', { name: 'Before you invest' })
      .getByRole('link', { name: 'Start' })
      .click();
    await expect.poll(() => pathname(page)).toBe(`${OVERVIEW}/test`);
    const questions = page.locator('fieldset');
    await expect.poll(() => questions.count()).toBeGreaterThanOrEqual(10);
    const count = await questions.count();
    await check('test-questions');

    // The first option of every question: most are wrong, so the test fails.
    for (let i = 0; i < count; i++) await questions.nth(i).getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Submit my answers' }).click();
    const result = page.getByRole('region', { name: 'Your result' });
    await expect.poll(() => result.count()).toBe(1);
    expect(await result.innerText()).toMatch(/Not passed: \d+% of your answers are right\./);
    expect(await result.getByRole('listitem').count()).toBe(count);
    expect(await result.innerText()).toContain('Right answer: ');
    const warning = result.getByRole('region', { name: 'Warning about your test result' });
    expect(await warning.innerText()).toContain(WARNING);
    expect((await me()).missing).toEqual(['risk_acknowledgement', 'loss_simulation']);
    await settled(page);
    axeFailures.push(...(await axeViolations(page, 'test result at 1366')));
    await screenshot(page, 'protection-test-result-1366.png');
    // The result lives in the page (a reload shows the latest test instead): the same page at 390 px.
    await page.setViewportSize(VIEWPORTS.phone);
    await settled(page);
    expect(await scrollWidth(page), 'test result: no sideways scrolling at 390 px').toBeLessThanOrEqual(
      VIEWPORTS.phone.width,
    );
    axeFailures.push(...(await axeViolations(page, 'test result at 390')));
    await screenshot(page, 'protection-test-result-390.png');
    await page.setViewportSize(VIEWPORTS.desktop);

    await warning.getByRole('button', { name: 'I have read and understood this warning' }).click();
    await expect.poll(() => result.innerText()).toMatch(/You confirmed the risk warning on /);
    const after = await me();
    expect(after.riskAcknowledgedAt).not.toBeNull();
    expect(after.knowledgeTest.status).toBe('failed');
    expect(after.missing).toEqual(['loss_simulation']);

    // Opened again (and at 390 px): the latest test, the warning confirmed, Retake.
    await run.goto(page, `${OVERVIEW}/test`);
    await expect.poll(() => page.getByRole('region', { name: 'Your latest test' }).count()).toBe(1);
    expect(await text(page)).toContain('You confirmed the risk warning on ');
    await check('test-after');
    expect(axeFailures).toEqual([]);
  });

  it('3. runs the loss simulation: the live figures are what the server stores', async () => {
    await page.getByRole('link', { name: 'Next step: Simulate the loss you could bear' }).click();
    await expect.poll(() => pathname(page)).toBe(`${OVERVIEW}/simulation`);
    await field(page, 'Net annual income').fill('40000');
    await field(page, 'Liquid assets').fill('20,000.50');
    await field(page, 'Annual financial commitments').fill('12000');
    const live = page.getByRole('region', { name: 'Your result' });
    await expect
      .poll(() => live.innerText())
      .toContain('You could afford to lose €4,800.05. Above €2,400.02 in one investment we will warn you.');
    await check('simulation-typed', `${OVERVIEW}/simulation`);

    await page.getByRole('button', { name: 'Save my simulation' }).click();
    const saved = page.getByRole('region', { name: /^Your saved simulation/ });
    await expect.poll(() => saved.count()).toBe(1);
    expect(await saved.innerText()).toContain('€48,000.50');
    const profile = await me();
    expect(profile.lossCapacity).toMatchObject({ netWorth: 48000.5, capacity: 4800.05 });
    expect(profile.warningThreshold).toBe(2400.02);
    expect(profile.missing).toEqual([]);
    await check('simulation-saved', `${OVERVIEW}/simulation`);
    expect(axeFailures).toEqual([]);
  });

  it('4. coming from a venture, the overview leads back to it once nothing is missing', async () => {
    const ventures = await run.api<{ data: { _id: string }[] }>(cookie, 'GET', '/ventures?limit=1');
    const venture = ventures.data[0]!._id;
    await run.goto(page, `${OVERVIEW}?next=${encodeURIComponent(`/ventures/${venture}`)}`);
    const missing = page.getByRole('region', { name: 'Before you invest' });
    await expect.poll(() => missing.innerText()).toContain('Nothing is missing: you can invest.');
    await missing.getByRole('link', { name: 'Back to the venture' }).click();
    await expect.poll(() => pathname(page)).toBe(`/ventures/${venture}`);
  });

  it('5. asks to be treated as sophisticated and sees the request pending', async () => {
    await run.goto(page, `${OVERVIEW}/sophisticated`);
    await expect.poll(() => page.getByRole('group', { name: 'As a natural person' }).count()).toBe(1);
    await check('sophisticated-form');

    await page.getByRole('checkbox', { name: /^I have a gross income/ }).check();
    await page.getByRole('checkbox', { name: /^I have carried out transactions/ }).check();
    await page
      .locator('input[type="file"][name="evidence"]')
      .setInputFiles({ name: 'statement.png', mimeType: 'image/png', buffer: evidencePng });
    await expect.poll(() => text(page)).toContain('Chosen file: statement.png');
    await page.getByRole('checkbox', { name: /^I understand that I give up these protections/ }).check();
    await page.getByRole('button', { name: 'Send my request' }).click();
    await expect.poll(() => text(page)).toMatch(/Request waiting for a decision \(sent on /);
    expect(await page.getByRole('button', { name: 'Send my request' }).count()).toBe(0);
    const request = (await me()).sophisticatedRequest;
    expect(request).toMatchObject({
      status: 'pending',
      criteria: ['income_or_portfolio', 'capital_market_transactions'],
    });
    await check('sophisticated-pending');
    expect(axeFailures).toEqual([]);
    expect(errors).toEqual([]);
  });
  it('6. verified and credited, invests above the warning threshold through the review step', async () => {
    await verifyAndCredit(5_000);
    const threshold = (await me()).warningThreshold;
    expect(threshold).toBe(2400.02);
    const amount = 2_500;
    const ventures = await run.api<{ data: PublicVenture[] }>(
      cookie,
      'GET',
      '/ventures?lifecycleStatus=new&sortBy=createdAt&order=asc&limit=50',
    );
    const venture = ventures.data.find(
      (v) =>
        v.lifecycleStatus === 'new' &&
        v.maxInvestmentAmount >= amount &&
        v.minInvestmentAmount <= amount &&
        v.targetAmount - v.amountFunded >= amount &&
        Date.parse(v.closingDate) > Date.now() + 86_400_000,
    );
    expect(venture, 'an open demo venture taking EUR 2,500').toBeDefined();
    invested = { ventureId: venture!._id, title: venture!.title, amount };

    await run.goto(page, `/ventures/${venture!._id}`);
    await page.getByRole('button', { name: 'INVEST IN PROJECT' }).click();
    const dialog = page.getByRole('dialog', { name: `Invest in ${venture!.title}` });
    const input = dialog.getByLabel(/^Amount \(EUR\)/);
    await expect.poll(() => input.count(), { timeout: 10_000 }).toBe(1);
    await input.fill(String(amount));
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect
      .poll(() => dialog.getByRole('heading', { level: 3 }).innerText())
      .toBe('Step 2 of 3: Review');
    const warning = dialog.getByRole('group', { name: 'Risk warning' });
    await expect
      .poll(() => warning.innerText())
      .toContain(`more than your warning threshold of ${euros(threshold)}`);
    await settled(page);
    axeFailures.push(...(await axeViolations(page, 'invest review at 1366')));
    await screenshot(page, 'protection-invest-review-1366.png');
    await page.setViewportSize(VIEWPORTS.phone);
    await settled(page);
    expect(await scrollWidth(page), 'review: no sideways scrolling at 390 px').toBeLessThanOrEqual(
      VIEWPORTS.phone.width,
    );
    axeFailures.push(...(await axeViolations(page, 'invest review at 390')));
    await screenshot(page, 'protection-invest-review-390.png');
    await page.setViewportSize(VIEWPORTS.desktop);

    // Confirm is refused on screen until both boxes are ticked; nothing is sent before.
    await dialog.getByRole('button', { name: 'Confirm investment' }).click();
    await expect
      .poll(() => dialog.innerText())
      .toContain('Please confirm that you have read the key investment information sheet.');
    await dialog.getByRole('checkbox', { name: 'I have read the key investment information sheet' }).check();
    await warning.getByRole('checkbox').check();
    const answer = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/investments',
    );
    await dialog.getByRole('button', { name: 'Confirm investment' }).click();
    const response = await answer;
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toEqual({
      ventureId: venture!._id,
      amount,
      acknowledgeRisk: true,
    });
    const data = ((await response.json()) as { data: { _id: string; revocableUntil: string | null } }).data;
    invested.id = data._id;
    expect(data.revocableUntil).not.toBeNull();
    await expect.poll(() => dialog.innerText()).toContain('Revocable until ');
    await expect.poll(() => dialog.innerText()).toContain(`Your balance is now ${euros(5_000 - amount)}.`);
    await settled(page);
    axeFailures.push(...(await axeViolations(page, 'invest receipt at 1366')));
    await screenshot(page, 'protection-invest-receipt-1366.png');
    expect(axeFailures).toEqual([]);
  });

  it('7. revokes the investment within the reflection period and has the whole amount back', async () => {
    await run.goto(page, '/user/investments');
    const table = page.getByRole('table', { name: 'My Investments' });
    const row = table.getByRole('row').filter({ hasText: invested.title }).first();
    await expect.poll(() => row.getByRole('cell').nth(2).innerText()).toMatch(/Revocable until .+\s+Revoke$/);
    await check('investments-revocable', '/user/investments');
    await row.getByRole('button', { name: `Revoke your investment in ${invested.title}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke this investment?' });
    await expect
      .poll(() => confirm.innerText())
      .toContain(`You revoke your investment of ${euros(invested.amount)} in ${invested.title}.`);
    await settled(page);
    axeFailures.push(...(await axeViolations(page, 'revoke confirmation at 1366')));
    await screenshot(page, 'protection-revoke-confirm-1366.png');
    await confirm.getByRole('button', { name: 'Revoke investment' }).click();
    await expect.poll(() => row.getByRole('cell').nth(2).innerText()).toBe('Revoked');
    await expect.poll(() => page.getByTestId('header-balance').innerText()).toBe(euros(5_000));
    const balance = await run.api<{ balance: number }>(cookie, 'GET', '/balances/my-balance');
    expect(balance.balance).toBe(5_000);
    const investment = await run.api<{ data: { status: string } }>(
      cookie,
      'GET',
      `/investments/${invested.id}`,
    );
    expect(investment.data.status).toBe('revoked');
    await check('investments-revoked', '/user/investments');
    expect(axeFailures).toEqual([]);
    expect(errors).toEqual([]);
  });
});
