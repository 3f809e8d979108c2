import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEml, type Mail } from '../support/eml';
import { launchBrowser, startServer, tempDataDir, type RunningServer } from './harness';
import {
  axeViolations,
  BrowserTabs,
  euros,
  journey,
  screenshot,
  scrollWidth,
  settled,
  text,
} from './journey';

/**
 * The admin's side of investor protection in Chromium (issue 25; EU 2020/1503 Art. 21, 22, Annex II)
 * against the production build and the demo data:
 *   1. an investor (investor3@afrivest.test) takes the knowledge test, simulates their ability to bear
 *      loss and asks to be treated as a sophisticated investor, through the API (two criteria, a PNG);
 *   2. an admin finds the request in Investor protection (the pending ones, on a phone too);
 *   3. opens the person's page: the criteria with their Annex II meaning, the evidence image fetched
 *      with the admin's session;
 *   4. accepts it with a reason: the review of the protections the investor loses, the confirm, the
 *      receipt; the investor is sophisticated (their own API says so) and e-mailed; the queue is empty;
 *   5. the investor's user page shows their protection history.
 * Every page and the review dialog are checked with axe (zero violations) at 1366 and 390 px, with
 * no sideways scrolling at 390 px, and photographed.
 */

const ADMIN = 'admin@afrivest.test';
const INVESTOR = 'investor3@afrivest.test';
const REASON = 'The bank statement shows a portfolio above EUR 100,000 and 12 trades a quarter.';

let server: RunningServer;
let browser: Browser;
const tabs = new BrowserTabs();
let run: ReturnType<typeof journey>;
const cookies: Record<string, string> = {};
let investor: { id: string; firstName: string; lastName: string };
let name: string;
let evidencePng: Buffer;
/** The investor's knowledge test as graded by the server (step 1), read on their user page (step 5). */
let test: { passed: boolean; score: number };
const axeFailures: string[] = [];

beforeAll(async () => {
  [server, browser, evidencePng] = await Promise.all([
    startServer({ dataDir: tempDataDir() }),
    launchBrowser(),
    sharp({ create: { width: 320, height: 200, channels: 3, background: '#2f6f9f' } })
      .png()
      .toBuffer(),
  ]);
  run = journey(server);
  for (const email of [ADMIN, INVESTOR]) cookies[email] = await run.signIn(email);
  const people = await run.api<{
    users: { id: string; email: string; firstName: string; lastName: string }[];
  }>(cookies[ADMIN]!, 'GET', `/users?search=${encodeURIComponent(INVESTOR)}`);
  investor = people.users.find((u) => u.email === INVESTOR)!;
  name = `${investor.firstName} ${investor.lastName}`;
});

afterAll(async () => {
  await tabs.closeAll();
  await browser?.close();
  await server?.stop();
});

/** A tab signed in as the admin (the API session's cookies in the browser). */
async function adminTab(viewport: 'desktop' | 'phone') {
  const tab = await tabs.open(browser, viewport);
  await tab.context.addCookies(
    cookies[ADMIN]!.split('; ').map((pair) => {
      const [cookie, ...value] = pair.split('=');
      return { name: cookie!, value: value.join('='), url: server.url };
    }),
  );
  return tab;
}

/**
 * Axe and the phone's width on the page from its top; the violations are asserted at the end. From
 * the top: react-admin's app bar, which holds the page's h1, slides away (visibility: hidden) while
 * the page is scrolled down, as it is after the decision's dialog, opened from the page's foot.
 */
async function check(page: Page, shot: string, phone: boolean) {
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await page.locator('h1').waitFor({ state: 'visible' });
  axeFailures.push(...(await axeViolations(page, shot)));
  if (phone) expect(await scrollWidth(page), `${shot} scrolls sideways at 390 px`).toBeLessThanOrEqual(390);
  await screenshot(page, `${shot}.png`);
}

/** Every e-mail the server has delivered to the outbox so far. */
async function outbox(): Promise<Mail[]> {
  const dir = join(server.dataDir, 'outbox');
  const names = await readdir(dir).catch(() => [] as string[]);
  return Promise.all(names.sort().map(async (file) => parseEml(await readFile(join(dir, file), 'utf8'))));
}

describe('investor protection: the admin decides a request in Chromium', () => {
  it('1. an investor takes the test, simulates their loss capacity and asks to be treated as sophisticated (API)', async () => {
    // Every question answered with its first option: whatever the grade, the attempt is kept.
    const questions = await run.api<{ data: { questions: { id: string; options: { id: string }[] }[] } }>(
      cookies[INVESTOR]!,
      'GET',
      '/protection/knowledge-test?lang=en',
    );
    const answers = Object.fromEntries(questions.data.questions.map((q) => [q.id, q.options[0]!.id]));
    test = (
      await run.api<{ data: { passed: boolean; score: number } }>(
        cookies[INVESTOR]!,
        'POST',
        '/protection/knowledge-test?lang=en',
        { answers },
      )
    ).data;
    const simulation = await run.api<{ data: { netWorth: number; capacity: number } }>(
      cookies[INVESTOR]!,
      'POST',
      '/protection/loss-simulation',
      { annualIncome: 80_000, liquidAssets: 150_000, annualCommitments: 20_000 },
    );
    expect(simulation.data).toMatchObject({ netWorth: 210_000, capacity: 21_000 });

    const form = new FormData();
    form.append('criteria', 'income_or_portfolio');
    form.append('criteria', 'capital_market_transactions');
    form.append(
      'evidence',
      new Blob([new Uint8Array(evidencePng)], { type: 'image/png' }),
      'bank-statement.png',
    );
    const response = await fetch(`${server.url}/api/protection/sophisticated-request`, {
      method: 'POST',
      headers: { Cookie: cookies[INVESTOR]! },
      body: form,
    });
    expect(response.status).toBe(201);
  });

  it('2. the admin finds it among the pending requests, on a phone and at desktop width', async () => {
    const phone = await adminTab('phone');
    await run.goto(phone.page, '/admin/protection');
    await expect.poll(() => text(phone.page)).toContain(name);
    expect(await text(phone.page)).toContain(`${INVESTOR} · Pending`);
    await check(phone.page, 'protection-admin-list-phone', true);
    expect(phone.errors).toEqual([]);

    const { page, errors } = await adminTab('desktop');
    await run.goto(page, '/admin');
    await page.getByRole('menuitem', { name: 'Investor protection' }).click();
    await settled(page);
    const row = page.locator('table tbody tr', { hasText: name });
    await expect.poll(() => row.innerText()).toContain('Income or portfolio, Capital-market transactions');
    expect(await row.innerText()).toContain('Pending');
    await check(page, 'protection-admin-list-desktop', false);
    await page.getByRole('link', { name: `View the request of ${name}` }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/admin/protection/${investor.id}/show`);
    expect(errors).toEqual([]);
  });

  it("3. the person's page shows the criteria with their Annex II meaning and the evidence image", async () => {
    for (const viewport of ['phone', 'desktop'] as const) {
      const { page, errors } = await adminTab(viewport);
      await run.goto(page, `/admin/protection/${investor.id}/show`);
      const image = page.getByRole('img', { name: new RegExp(`^Evidence of the request of ${name}`) });
      // Fetched with the admin's session and shown whole (the PNG is 320 px wide).
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
      const body = await text(page);
      expect(body).toContain('Waiting for a decision since');
      expect(body).toContain('(Annex II I(2)(a))');
      expect(body).toContain('(Annex II I(2)(c))');
      expect(body).toContain('bank-statement.png');
      await settled(page);
      await check(page, `protection-admin-request-${viewport}`, viewport === 'phone');
      expect(errors).toEqual([]);
    }
  });

  it('4. accepts with a reason after the review; the investor is sophisticated and e-mailed', async () => {
    const { page, errors } = await adminTab('desktop');
    await run.goto(page, `/admin/protection/${investor.id}/show`);
    await page.getByRole('button', { name: 'Accept', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Reason/).fill(REASON);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect
      .poll(() => dialog.innerText())
      .toContain(`${name} becomes a sophisticated investor and loses the protections`);
    expect(await dialog.innerText()).toContain('no 4-day reflection period to revoke a new investment');
    await settled(page);
    await check(page, 'protection-admin-accept-review-desktop', false);
    await dialog.getByRole('button', { name: 'Accept the request' }).click();
    await expect
      .poll(() => dialog.innerText(), { timeout: 15_000 })
      .toContain(`${name} is now a sophisticated investor.`);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await settled(page);
    await expect.poll(() => text(page)).toMatch(/Accepted on .+ by /);
    expect(await page.getByRole('button', { name: 'Accept', exact: true }).isDisabled()).toBe(true);
    await check(page, 'protection-admin-accepted-desktop', false);
    expect(errors).toEqual([]);

    const me = await run.api<{ data: { category: string; sophisticatedRequest: { reason: string } } }>(
      cookies[INVESTOR]!,
      'GET',
      '/protection/me',
    );
    expect(me.data.category).toBe('sophisticated');
    // Nothing waits any more: the list's queue is empty.
    await run.goto(page, '/admin/protection');
    await expect.poll(() => text(page)).toContain('No requests found.');
    await check(page, 'protection-admin-list-empty-desktop', false);
    expect(me.data.sophisticatedRequest.reason).toBe(REASON);
    await expect
      .poll(async () => (await outbox()).filter((m) => m.to === INVESTOR).map((m) => m.subject), {
        timeout: 30_000,
      })
      .toContain('You are now treated as a sophisticated investor');
  });

  it("5. the investor's user page shows their protection history", async () => {
    for (const viewport of ['desktop', 'phone'] as const) {
      const { page, errors } = await adminTab(viewport);
      await run.goto(page, `/admin/users/${investor.id}/show/protection`);
      const tests = await page.getByRole('table', { name: 'Knowledge tests' }).innerText();
      expect(tests).toContain(`${test.score} %`);
      expect(tests).toContain(test.passed ? 'Passed' : 'Failed');
      expect(tests).toContain('English');
      const simulations = page.getByRole('table', { name: 'Loss simulations' });
      await expect.poll(() => simulations.innerText()).toContain(euros(210_000));
      expect(await simulations.innerText()).toContain(euros(21_000));
      const requests = await page
        .getByRole('table', { name: 'Requests to be treated as sophisticated' })
        .innerText();
      expect(requests).toContain('Accepted');
      expect(requests).toContain(REASON);
      expect(await text(page)).toContain('Sophisticated');
      await check(page, `protection-admin-user-history-${viewport}`, viewport === 'phone');
      expect(errors).toEqual([]);
    }
    expect(axeFailures).toEqual([]);
  });
});
