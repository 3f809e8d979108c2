import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
 * Loan servicing in Chromium (issue 24) against the production build and the demo data, whose loans
 * were made by the real servicing code over back-dated business dates:
 *   1. the company (Savanna Ventures, corporate@afrivest.test) opens its late loan, reads the warning
 *      and pays the overdue instalment with Pay now: amount, review, confirm, receipt;
 *   2. the investor (investor@afrivest.test) sees the credit on the investment's page: principal
 *      received grows, the loan is on time again, the next payment moves on;
 *   3. an admin records a recovery on a loan in default, then writes it off, each with its summary
 *      and its receipt;
 *   4. the investor's portfolio shows the bad debt grown by the principal written off.
 * Every page and dialog is checked with axe (zero violations) at desktop and phone width, with no
 * sideways scrolling at 390 px, and photographed.
 */

const INVESTOR = 'investor@afrivest.test';
const CORPORATE = 'corporate@afrivest.test';
const ADMIN = 'admin@afrivest.test';
/** The demo's late loan of Savanna Ventures, and the loan in default of another company. */
const LATE_LOAN = 'Kumasi Poultry Farm';
const DEFAULTED_LOAN = 'Maputo Cashew Processing';

interface Schedule {
  loanStatus: string;
  daysLate: number;
  owed: number;
  outstandingPrincipal: number;
  nextDue: { number: number; dueDate: string; amount: number } | null;
}
interface MyInvestment {
  _id: string;
  venture: { _id: string; title: string };
  receivedPrincipal: number;
  nextPaymentDate: string | null;
  loanStatus: string | null;
  outstandingPrincipal: number;
}

let server: RunningServer;
let browser: Browser;
const tabs = new BrowserTabs();
let run: ReturnType<typeof journey>;
const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};
const axeFailures: string[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ dataDir: tempDataDir() }), launchBrowser()]);
  run = journey(server);
  for (const email of [INVESTOR, CORPORATE, ADMIN]) cookies[email] = await run.signIn(email);
  for (const title of [LATE_LOAN, DEFAULTED_LOAN]) {
    const answer = await run.api<{ data: { id: string; venture: { title: string } }[] }>(
      cookies[ADMIN]!,
      'GET',
      `/admin/servicing?search=${encodeURIComponent(title)}`,
    );
    ids[title] = answer.data.find((row) => row.venture.title === title)!.id;
  }
});

afterAll(async () => {
  await tabs.closeAll();
  await browser?.close();
  await server?.stop();
});

/** A tab signed in as `email` (the API session's cookies in the browser). */
const signedIn = (email: string, viewport: 'desktop' | 'phone') =>
  tabs.openWithCookies(browser, viewport, cookies[email]!, server.url);

/** Axe and the phone's width on the page as it is; the violations are asserted at the end. */
async function check(page: Page, name: string, phone: boolean) {
  axeFailures.push(...(await axeViolations(page, name)));
  if (phone) expect(await scrollWidth(page), `${name} scrolls sideways at 390 px`).toBeLessThanOrEqual(390);
  await screenshot(page, `${name}.png`);
}

const myInvestment = async (title: string) => {
  const answer = await run.api<{ data: MyInvestment[] }>(
    cookies[INVESTOR]!,
    'GET',
    '/investments/my-investments',
  );
  return answer.data.find((row) => row.venture.title === title)!;
};
const schedule = (ventureId: string) =>
  run
    .api<{ data: Schedule }>(cookies[CORPORATE]!, 'GET', `/ventures/${ventureId}/schedule`)
    .then((a) => a.data);
const longDate = (iso: string) =>
  new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );

describe('loan servicing in Chromium', () => {
  let paid: number;
  let before: MyInvestment;

  it('1. the company pays its late instalment with Pay now: review, confirm, receipt', async () => {
    const ventureId = ids[LATE_LOAN]!;
    const loan = await schedule(ventureId);
    expect(loan.loanStatus).toMatch(/^late_/);
    before = await myInvestment(LATE_LOAN);
    paid = loan.nextDue!.amount;
    // The company's bank transfer arrives (an admin credits it): it pays from its platform balance.
    const companies = await run.api<{ users: { id: string; email: string }[] }>(
      cookies[ADMIN]!,
      'GET',
      `/users?search=${encodeURIComponent(CORPORATE)}`,
    );
    const form = new FormData();
    form.set('amount', String(Math.ceil(paid)));
    form.set('note', 'Bank transfer for the instalment');
    const credited = await fetch(
      `${server.url}/api/balances/add-balance/${companies.users.find((u) => u.email === CORPORATE)!.id}`,
      { method: 'POST', headers: { Cookie: cookies[ADMIN]! }, body: form },
    );
    expect(credited.status).toBe(200);

    // At phone width the warning is read; at desktop width the instalment is paid.
    for (const viewport of ['phone', 'desktop'] as const) {
      const { page, errors } = await signedIn(CORPORATE, viewport);
      await run.goto(page, `/corporate/ventures/${ventureId}/show`);
      await expect.poll(() => text(page)).toContain(`Payment is ${loan.daysLate} days late`);
      await check(page, `servicing-company-late-${viewport}`, viewport === 'phone');
      if (viewport === 'phone') {
        expect(errors).toEqual([]);
        continue;
      }
      await page.getByRole('button', { name: 'Pay now' }).click();
      const dialog = page.getByRole('dialog');
      await expect.poll(() => dialog.getByLabel('Amount (EUR)').inputValue()).toBe(paid.toFixed(2));
      await dialog.getByRole('button', { name: 'Review' }).click();
      await expect.poll(() => dialog.innerText()).toContain(`A payment of ${euros(paid)} settles`);
      await settled(page);
      await check(page, 'servicing-company-pay-review-desktop', false);
      await dialog.getByRole('button', { name: `Pay ${euros(paid)}` }).click();
      await expect.poll(() => dialog.innerText(), { timeout: 15_000 }).toContain('Payment received');
      await settled(page);
      await check(page, 'servicing-company-pay-receipt-desktop', false);
      await dialog.getByRole('button', { name: 'Close' }).click();
      expect(errors).toEqual([]);
    }
    const after = await schedule(ventureId);
    expect(after.loanStatus).toBe('current');
    expect(after.nextDue!.number).toBe(loan.nextDue!.number + 1);
  });

  it('2. the investor sees the credit: principal received grows, on time again, the next payment moves on', async () => {
    const after = await myInvestment(LATE_LOAN);
    expect(after.receivedPrincipal).toBeGreaterThan(before.receivedPrincipal);
    expect(after.loanStatus).toBe('current');
    expect(after.nextPaymentDate! > before.nextPaymentDate!).toBe(true);
    for (const viewport of ['desktop', 'phone'] as const) {
      const { page, errors } = await signedIn(INVESTOR, viewport);
      await run.goto(page, `/user/investments/${after._id}`);
      const body = await text(page);
      expect(body).toContain('Repaying · On time');
      expect(body).toContain(euros(after.receivedPrincipal));
      expect(body).toContain(longDate(after.nextPaymentDate!));
      await check(page, `servicing-investor-credited-${viewport}`, viewport === 'phone');
      expect(errors).toEqual([]);
    }
  });

  let badDebtBefore: number;

  it('3. an admin records a recovery on a loan in default, then writes it off, each reviewed and receipted', async () => {
    const ventureId = ids[DEFAULTED_LOAN]!;
    const dashboard = await run.api<{ data: { returns: { badDebt: number } } }>(
      cookies[INVESTOR]!,
      'GET',
      '/dashboard/investor',
    );
    badDebtBefore = dashboard.data.returns.badDebt;
    const phone = await signedIn(ADMIN, 'phone');
    await run.goto(phone.page, `/admin/servicing/${ventureId}/show`);
    await expect.poll(() => text(phone.page)).toContain('In default');
    await check(phone.page, 'servicing-admin-loan-phone', true);

    const { page, errors } = await signedIn(ADMIN, 'desktop');
    await run.goto(page, `/admin/servicing/${ventureId}/show`);
    await page.getByRole('button', { name: 'Record a recovery' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByLabel('Amount (EUR)').fill('1000');
    await dialog.getByLabel('Costs').fill('100');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => dialog.innerText()).toContain(euros(900));
    await settled(page);
    await check(page, 'servicing-admin-recovery-review-desktop', false);
    await dialog.getByRole('button', { name: `Record ${euros(1000)}` }).click();
    await expect
      .poll(() => dialog.innerText(), { timeout: 15_000 })
      .toMatch(/Recorded: €[\d,.]+ credited to 3 investors/);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await settled(page);
    await expect.poll(() => text(page)).toContain('In recovery');

    const loan = await run.api<{ data: { outstandingPrincipal: number } }>(
      cookies[ADMIN]!,
      'GET',
      `/admin/servicing/${ventureId}`,
    );
    await page.getByRole('button', { name: 'Write off' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason').fill('The collateral is sold; nothing more can be recovered.');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    const writtenOff = euros(loan.data.outstandingPrincipal);
    await expect.poll(() => dialog.innerText()).toContain(writtenOff);
    await settled(page);
    await check(page, 'servicing-admin-write-off-review-desktop', false);
    await dialog.getByRole('button', { name: `Write off ${writtenOff}` }).click();
    await expect.poll(() => dialog.innerText(), { timeout: 15_000 }).toContain(`${writtenOff} written off`);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await settled(page);
    await check(page, 'servicing-admin-loan-written-off-desktop', false);
    expect(errors).toEqual([]);
    const closed = await run.api<{ data: { loanStatus: string } }>(
      cookies[ADMIN]!,
      'GET',
      `/admin/servicing/${ventureId}`,
    );
    expect(closed.data.loanStatus).toBe('written_off');
  });

  it("4. the investor's portfolio shows the bad debt grown by what was written off", async () => {
    const investment = await myInvestment(DEFAULTED_LOAN);
    const dashboard = await run.api<{ data: { returns: { badDebt: number } } }>(
      cookies[INVESTOR]!,
      'GET',
      '/dashboard/investor',
    );
    const detail = await run.api<{ data: { writtenOff: number } }>(
      cookies[INVESTOR]!,
      'GET',
      `/investments/${investment._id}`,
    );
    expect(detail.data.writtenOff).toBeGreaterThan(0);
    expect(dashboard.data.returns.badDebt).toBeCloseTo(badDebtBefore - detail.data.writtenOff, 2);
    for (const viewport of ['desktop', 'phone'] as const) {
      const { page, errors } = await signedIn(INVESTOR, viewport);
      await run.goto(page, '/user/funding');
      await expect.poll(() => text(page)).toContain(euros(dashboard.data.returns.badDebt));
      await check(page, `servicing-investor-bad-debt-${viewport}`, viewport === 'phone');
      expect(errors).toEqual([]);
    }
    expect(axeFailures).toEqual([]);
  });
});
