import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startServer, tempDataDir, type RunningServer } from './harness';
import { axeViolations, BrowserTabs, euros, journey, screenshot, scrollWidth, settled } from './journey';

/**
 * Auto-invest and the annual statement in Chromium (issue 28) against the production build and the
 * demo data:
 *   1. the demo investor sets up a mandate on /user/auto-invest (budget, maximum per venture, two
 *      criteria: high risk and the business type), sees the live count, reviews it and saves it;
 *   2. an admin approves the pending "Kampala Agritech Cold Storage" (high risk, business): the approval
 *      queues the allocation job;
 *   3. the investor sees the allocation (Invested, the venture, the amount) on /user/auto-invest at
 *      both widths, and the investment among their investments;
 *   4. the investor downloads the current year's annual statement as PDF from /user/statements: its
 *      annex names the venture.
 * Axe (zero violations) and screenshots at 1366 and 390 px, no sideways scrolling on the phone.
 */
const INVESTOR = 'investor@afrivest.test';
const ADMIN = 'admin@afrivest.test';
const VENTURE = 'Kampala Agritech Cold Storage';
const BUDGET = 3000;
const MAX_PER_VENTURE = 250;

let server: RunningServer;
let browser: Browser;
const tabs = new BrowserTabs();
let run: ReturnType<typeof journey>;
const cookies: Record<string, string> = {};
const axeFailures: string[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ dataDir: tempDataDir() }), launchBrowser()]);
  run = journey(server);
  for (const email of [INVESTOR, ADMIN]) cookies[email] = await run.signIn(email);
});

afterAll(async () => {
  await tabs.closeAll();
  await browser?.close();
  await server?.stop();
});

const signedIn = (email: string, viewport: 'desktop' | 'phone') =>
  tabs.openWithCookies(browser, viewport, cookies[email]!, server.url);

async function check(page: Page, name: string, phone: boolean) {
  axeFailures.push(...(await axeViolations(page, name)));
  if (phone) expect(await scrollWidth(page), `${name} scrolls sideways at 390 px`).toBeLessThanOrEqual(391);
  await screenshot(page, `${name}.png`);
}

interface Mandate {
  data: {
    active: boolean;
    budget: number;
    maxPerVenture: number;
    riskLevels: string[];
    ventureTypes: string[];
  } | null;
  allocations: {
    outcome: string;
    reason: string | null;
    amount: number;
    venture: { _id: string; title: string };
  }[];
}

describe('auto-invest and the annual statement in Chromium', () => {
  it('1. the investor sets up a mandate: criteria, live count, review, saved', async () => {
    const { page, errors } = await signedIn(INVESTOR, 'desktop');
    await run.goto(page, '/user/auto-invest');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Auto-invest');
    const form = page.locator('section[aria-labelledby="auto-invest-form"], form').first();
    await page.getByLabel(/^Budget/).fill(String(BUDGET));
    await page.getByLabel(/^Maximum per venture/).fill(String(MAX_PER_VENTURE));
    await page.getByRole('group', { name: 'Risk levels' }).getByLabel('High').check();
    await page.getByRole('group', { name: 'Venture types' }).getByLabel('Business').check();
    await expect.poll(() => page.locator('main').innerText()).toMatch(/open ventures? match(es)? today/);
    await settled(page);
    await check(page, 'auto-invest-form-desktop', false);

    // Art. 21(7): a threshold below the maximum asks for the warning's acceptance on the mandate.
    const accept = page.getByLabel(/^I accept the risk warning/);
    if ((await accept.count()) > 0) await accept.check();
    await page.getByRole('button', { name: 'Review mandate' }).click();
    const dialog = page.getByRole('region', { name: 'Check your mandate' });
    await expect.poll(() => dialog.innerText()).toContain(euros(BUDGET));
    expect(await dialog.innerText()).toContain(euros(MAX_PER_VENTURE));
    await settled(page);
    await check(page, 'auto-invest-review-desktop', false);
    await dialog.getByRole('button', { name: 'Confirm and save' }).click();
    await expect
      .poll(() => page.locator('main').innerText(), { timeout: 15_000 })
      .toContain('Your mandate is saved.');
    expect(await form.isVisible()).toBe(true);
    expect(errors).toEqual([]);

    const mandate = await run.api<Mandate>(cookies[INVESTOR]!, 'GET', '/auto-invest');
    expect(mandate.data).toMatchObject({
      active: true,
      budget: BUDGET,
      maxPerVenture: MAX_PER_VENTURE,
      riskLevels: ['high'],
      ventureTypes: ['business'],
    });
    expect(mandate.allocations).toEqual([]);
  });

  it('2. an admin approves the matching venture; 3. the investor sees the allocation at both widths', async () => {
    const pending = await run.api<{ data: { _id: string; title: string }[] }>(
      cookies[ADMIN]!,
      'GET',
      `/ventures/admin-get-all?search=${encodeURIComponent('Kampala')}`,
    );
    const venture = pending.data.find((v) => v.title === VENTURE)!;
    expect(venture).toBeDefined();
    const balanceBefore = (
      await run.api<{ balance: number }>(cookies[INVESTOR]!, 'GET', '/balances/my-balance')
    ).balance;
    await run.api(cookies[ADMIN]!, 'PATCH', `/ventures/admin/${venture._id}/admin-status-update`, {
      adminStatus: 'approved',
      adminNotes: 'KIIS checked; approved.',
    });

    // The allocation runs as a job after the approval answered: the investor's list shows it.
    for (const viewport of ['desktop', 'phone'] as const) {
      const phone = viewport === 'phone';
      const { page, errors } = await signedIn(INVESTOR, viewport);
      await run.goto(page, '/user/auto-invest');
      const allocations = page.locator('section[aria-labelledby="auto-invest-allocations"]');
      await expect
        .poll(
          async () => {
            const row = allocations.getByTestId('allocation').filter({ hasText: VENTURE });
            if ((await row.count()) === 0) {
              await page.reload();
              return '';
            }
            return row.innerText();
          },
          { timeout: 30_000, interval: 1_000 },
        )
        .toContain(euros(MAX_PER_VENTURE));
      expect(await allocations.getByTestId('allocation').filter({ hasText: VENTURE }).innerText()).toContain(
        'Invested',
      );
      await settled(page);
      await check(page, `auto-invest-allocated-${viewport}`, phone);
      expect(errors).toEqual([]);
    }

    const mandate = await run.api<Mandate>(cookies[INVESTOR]!, 'GET', '/auto-invest');
    const allocation = mandate.allocations.find((a) => a.venture.title === VENTURE)!;
    expect(allocation).toMatchObject({ outcome: 'invested', amount: MAX_PER_VENTURE });
    const balanceAfter = (
      await run.api<{ balance: number }>(cookies[INVESTOR]!, 'GET', '/balances/my-balance')
    ).balance;
    expect(Math.round((balanceBefore - balanceAfter) * 100)).toBe(MAX_PER_VENTURE * 100);
    const mine = await run.api<{ data: { venture: { title: string }; amount: number }[] }>(
      cookies[INVESTOR]!,
      'GET',
      '/investments/my-investments',
    );
    expect(mine.data.filter((i) => i.venture.title === VENTURE).map((i) => i.amount)).toEqual([
      MAX_PER_VENTURE,
    ]);
  });

  it("4. the investor downloads this year's annual statement (PDF): its annex names the venture", async () => {
    const years = await run.api<{ data: { years: number[] } }>(
      cookies[INVESTOR]!,
      'GET',
      '/statements/years',
    );
    const year = Math.max(...years.data.years);
    for (const viewport of ['desktop', 'phone'] as const) {
      const { page, errors } = await signedIn(INVESTOR, viewport);
      await run.goto(page, '/user/statements');
      await expect
        .poll(() => page.getByRole('link', { name: `Download the ${year} statement as PDF` }).count())
        .toBe(1);
      await settled(page);
      await check(page, `auto-invest-statements-${viewport}`, viewport === 'phone');
      if (viewport === 'desktop') {
        const [file] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('link', { name: `Download the ${year} statement as PDF` }).click(),
        ]);
        const bytes = await readFile((await file.path())!);
        expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        const text = execFileSync('pdftotext', ['-raw', '-', '-'], { input: bytes, encoding: 'utf8' });
        expect(text).toContain(String(year));
        expect(text.replace(/\s+/g, ' ')).toContain(VENTURE);
      }
      expect(errors).toEqual([]);
    }
  });

  it('axe found nothing on any page', () => {
    expect(axeFailures).toEqual([]);
  });
});
