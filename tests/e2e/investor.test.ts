import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentReference } from '../../src-shared/rules/funding';
import { isValidRfReference } from '../../src-shared/rules/payments';
import { parseEml, type Mail } from '../support/eml';
import { launchBrowser, startServer, tempDataDir, VIEWPORTS, type RunningServer } from './harness';
import {
  BrowserTabs,
  axeViolations,
  chooseOption,
  completeInvestorProfile,
  DEMO_PASSWORD,
  euros,
  field,
  journey,
  pathname,
  screenshot,
  scrollWidth,
  settled,
  text,
  searchList,
} from './journey';

/**
 * The investor's side in Chromium against the production build and the demo data, one server for
 * the file: investor@ signs in at /login and opens a support ticket; an admin answers it in the
 * back office; the investor reads the reply in the ticket's thread and the reply e-mail is
 * delivered. The investor invests through the invest dialog and the overview shows the balance and
 * the investment the API and the ledger show; the funding page shows the RF deposit reference and
 * the admin finds them by the AV- reference the back office searches. /statistics shows more money
 * repaid after an admin records a repayment. Then the investor's screens and the back office's
 * ticket screens are photographed at 1366 and 390 px, checked for sideways scrolling at 390 px and
 * with axe.
 */

const INVESTOR = 'investor@afrivest.test';
const ADMIN = 'admin@afrivest.test';
/** A funded demo venture whose one investor is investor@ (demo data). */
const FUNDED_VENTURE = 'Kigali Coffee Roastery Expansion';
const REPAYMENT = 500;
const SUBJECT = 'When will my deposit show up?';
const MESSAGE = 'I sent €500 by bank transfer on Monday with my reference. When is it credited?';
const REPLY = 'Your transfer arrived today; we credited it this afternoon. Kind regards, the support team.';

interface PublicVenture {
  _id: string;
  title: string;
  lifecycleStatus: string;
  minInvestmentAmount: number;
  targetAmount: number;
  amountFunded: number;
  closingDate: string;
}

interface InvestorDashboard {
  balance: number;
  activeInvestments: number;
  investments: {
    _id: string;
    amount: number;
    status: string;
    venture: { _id: string; title: string } | null;
  }[];
}

let server: RunningServer;
let browser: Browser;
const tabs = new BrowserTabs();
let investor: Page;
let investorErrors: string[];
let admin: Page;
let adminErrors: string[];
let adminCookie: string;
let investorCookie: string;
let investorId: string;
let fundedId: string;
let venture: PublicVenture;
let ticketId: string;
type Journey = ReturnType<typeof journey>;
let api: Journey['api'];
let goto: Journey['goto'];
let signIn: Journey['signIn'];
let run: Journey;
/** Axe violations per page and width, printed at the end. */
const axeCounts: { page: string; width: number; violations: number; scrollWidth?: number }[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ dataDir: tempDataDir() }), launchBrowser()]);
  run = journey(server);
  ({ api, goto, signIn } = run);
  [adminCookie, investorCookie] = await Promise.all([signIn(ADMIN), signIn(INVESTOR)]);
  // What EU 2020/1503 Art. 21 asks before a first investment (the knowledge test, the simulation).
  await completeInvestorProfile(run, investorCookie);
  const people = await api<{ users: { id: string; email: string }[] }>(
    adminCookie,
    'GET',
    `/users?search=${encodeURIComponent(INVESTOR)}`,
  );
  investorId = people.users.find((u) => u.email === INVESTOR)!.id;
  const funded = await api<{ data: { _id: string; title: string }[] }>(
    adminCookie,
    'GET',
    `/ventures/admin-get-all?search=${encodeURIComponent(FUNDED_VENTURE)}`,
  );
  fundedId = funded.data.find((v) => v.title === FUNDED_VENTURE)!._id;
  const open = await api<{ data: PublicVenture[] }>(
    '',
    'GET',
    '/ventures?lifecycleStatus=new&sortBy=createdAt&order=asc&limit=50',
  );
  const candidates = open.data.filter(
    (v) =>
      v.minInvestmentAmount <= 100 &&
      v.targetAmount - v.amountFunded >= v.minInvestmentAmount &&
      Date.parse(v.closingDate) > Date.now() + 86_400_000,
  );
  expect(candidates.length, 'a public `new` demo venture').toBeGreaterThan(0);
  venture = candidates[0]!;
});

afterAll(async () => {
  await tabs.closeAll();
  await browser?.close();
  await server?.stop();
});

const newPage = (viewport: keyof typeof VIEWPORTS = 'desktop') => tabs.open(browser, viewport);

/** Every e-mail the server has delivered to the outbox so far. */
async function outbox(): Promise<Mail[]> {
  const dir = join(server.dataDir, 'outbox');
  const names = await readdir(dir).catch(() => [] as string[]);
  return Promise.all(names.sort().map(async (name) => parseEml(await readFile(join(dir, name), 'utf8'))));
}

/** The text of a summary card of the overview, found by its heading. */
const card = (page: Page, label: string) =>
  page.locator('.MuiCard-root', { has: page.getByRole('heading', { name: label, exact: true }) }).innerText();

/** The value next to a term of the statistics' figures. */
const statistic = (page: Page, label: string) =>
  page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]').innerText();

describe("the investor's side in Chromium", () => {
  it('a. a ticket: opened by the investor, answered in the back office, the reply read and e-mailed', async () => {
    ({ page: investor, errors: investorErrors } = await newPage());
    await goto(investor, '/login');
    await field(investor, 'Email').fill(INVESTOR);
    await field(investor, 'Password').fill(DEMO_PASSWORD);
    await investor.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => pathname(investor), { timeout: 15_000 }).toBe('/user/overview');

    await goto(investor, '/user/tickets');
    await investor.getByRole('link', { name: 'New ticket' }).click();
    await expect.poll(() => pathname(investor)).toBe('/user/tickets/new');
    await field(investor, 'Subject').fill(SUBJECT);
    await chooseOption(investor, 'Category', 'Payments');
    await field(investor, 'Message').fill(MESSAGE);
    await investor.getByRole('button', { name: 'Create ticket' }).click();
    await expect.poll(() => pathname(investor), { timeout: 10_000 }).toMatch(/^\/user\/tickets\/[\w-]{36}$/);
    ticketId = pathname(investor).split('/').pop()!;
    await settled(investor);
    const mine = await api<{ data: { _id: string; number: number; subject: string; status: string } }>(
      investorCookie,
      'GET',
      `/tickets/${ticketId}`,
    );
    expect(mine.data).toMatchObject({ subject: SUBJECT, status: 'open' });
    await expect.poll(() => text(investor)).toContain(`Ticket #${mine.data.number} created.`);
    expect(await text(investor)).toContain(MESSAGE);

    // The admin signs in to the back office and answers from the tickets list.
    ({ page: admin, errors: adminErrors } = await newPage());
    await goto(admin, '/admin');
    await expect.poll(() => pathname(admin)).toBe('/admin/login');
    await run.adminFormSignIn(admin, ADMIN);
    await expect.poll(() => pathname(admin), { timeout: 15_000 }).toMatch(/^\/admin\/?$/);
    await admin.getByRole('menuitem', { name: 'Tickets' }).click();
    await expect.poll(() => pathname(admin)).toBe('/admin/tickets');
    await settled(admin);
    const row = admin.locator('table tbody tr').filter({ hasText: SUBJECT });
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
    await row.getByText(SUBJECT).click();
    await expect.poll(() => pathname(admin)).toBe(`/admin/tickets/${ticketId}/show`);
    await settled(admin);
    await expect.poll(() => text(admin)).toContain(MESSAGE);
    await field(admin, 'Your reply').fill(REPLY);
    await admin.getByRole('button', { name: 'Send reply' }).click();
    await expect.poll(() => text(admin)).toContain('Reply sent.');

    // The investor sees the reply in the thread, marked as the support team's, and the new status.
    await goto(investor, `/user/tickets/${ticketId}`);
    const messages = investor.getByRole('list', { name: 'Conversation' }).getByRole('listitem');
    await expect.poll(() => messages.count()).toBe(2);
    expect(await messages.nth(0).innerText()).toContain(MESSAGE);
    const answer = await messages.nth(1).innerText();
    expect(answer).toContain('Support team');
    expect(answer).toContain(REPLY);
    expect(await text(investor)).toContain('In Progress');

    // The reply e-mail is delivered (the server's mail worker writes it to the outbox).
    await expect
      .poll(
        async () => (await outbox()).filter((m) => m.to === INVESTOR && m.kind === 'ticket-reply').length,
        {
          timeout: 20_000,
          interval: 500,
        },
      )
      .toBe(1);
    const mail = (await outbox()).find((m) => m.to === INVESTOR && m.kind === 'ticket-reply')!;
    expect(mail.subject).toBe(`New reply to your ticket #${mine.data.number}: ${SUBJECT}`);
    expect(mail.text).toContain(`> ${REPLY}`);
    expect(mail.text).toContain(`/user/tickets/${ticketId}`);
  }, 120_000);

  it('b. an investment through the dialog; the overview shows the balance and investment of the API', async () => {
    const before = (await api<{ balance: number }>(investorCookie, 'GET', '/balances/my-balance')).balance;
    await goto(investor, `/ventures/${venture._id}/investment-form`);
    const dialog = investor.getByRole('dialog', { name: `Invest in ${venture.title}` });
    const amount = dialog.getByLabel(/^Amount \(EUR\)/);
    await expect.poll(() => amount.count(), { timeout: 10_000 }).toBe(1);
    await amount.fill(String(venture.minInvestmentAmount));
    // The amount, the review (the KIIS read), then the receipt.
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByRole('checkbox', { name: 'I have read the key investment information sheet' }).check();
    await dialog.getByRole('button', { name: 'Confirm investment' }).click();
    await expect.poll(() => dialog.getByText('Investment successful!').count()).toBe(1);

    const after = (await api<{ balance: number }>(investorCookie, 'GET', '/balances/my-balance')).balance;
    expect(after).toBeCloseTo(before - venture.minInvestmentAmount, 2);
    const { data: history } = await api<{ data: { kind: string; amount: number; balanceAfter: number }[] }>(
      investorCookie,
      'GET',
      `/balances/${investorId}/history`,
    );
    expect(history[0]).toMatchObject({ kind: 'investment', amount: -venture.minInvestmentAmount });
    expect(history[0]!.balanceAfter).toBeCloseTo(after, 2);
    const { data: dashboard } = await api<{ data: InvestorDashboard }>(
      investorCookie,
      'GET',
      '/dashboard/investor',
    );
    expect(dashboard.balance).toBeCloseTo(after, 2);
    expect(dashboard.investments[0]).toMatchObject({
      amount: venture.minInvestmentAmount,
      status: 'invested',
      venture: { _id: venture._id, title: venture.title },
    });

    await goto(investor, '/user/overview');
    await expect.poll(() => card(investor, 'Balance')).toContain(euros(after));
    expect(await card(investor, 'Active Investments')).toContain(String(dashboard.activeInvestments));
    const table = investor.getByRole('table', { name: 'Investments' });
    const first = table.getByRole('row').nth(1);
    expect((await first.getByRole('cell').allInnerTexts()).slice(0, 2)).toEqual([
      venture.title,
      euros(venture.minInvestmentAmount),
    ]);
    // A venture still raising money (loan servicing names the statuses as they are).
    expect(await first.innerText()).toContain('Raising');
    // The newest transaction is the investment, with the balance before it.
    const transactions = investor.getByRole('table', { name: 'Recent transactions' });
    expect(await transactions.getByRole('row').nth(1).innerText()).toContain(
      `-${euros(venture.minInvestmentAmount)}`,
    );
  }, 60_000);

  it('b2. the funding page shows the RF deposit reference; the admin finds the investor by the AV- reference', async () => {
    // Issue 27 (decision 0142): investors see their ISO 11649 RF reference; the back office's user
    // search and Add balance still go by the old AV- reference, which investors no longer see.
    await goto(investor, '/user/funding');
    await expect.poll(() => text(investor)).toMatch(/RF\d\d AV\d\d \d{4} \d\d/);
    const rf = /RF\d\d AV\d\d \d{4} \d\d/.exec(await text(investor))![0].replace(/\s+/g, '');
    expect(isValidRfReference(rf), `${rf} has valid check digits`).toBe(true);
    expect(await text(investor)).not.toMatch(/AV-[0-9A-F]{8}/);
    const reference = paymentReference(investorId);

    await goto(admin, '/admin/users');
    await searchList(admin, reference!);
    const rows = admin.locator('table tbody tr');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(1);
    expect(await rows.first().innerText()).toContain(INVESTOR);
    await rows.first().getByText(INVESTOR).click();
    await expect.poll(() => pathname(admin)).toBe(`/admin/users/${investorId}/show`);
    await settled(admin);
    await expect.poll(() => text(admin)).toContain(reference!);
    await admin.getByRole('link', { name: 'Add Balance' }).click();
    await expect.poll(() => pathname(admin)).toBe(`/admin/balances/add-balance/${investorId}`);
    await expect
      .poll(() => text(admin))
      .toContain(`Payment reference of their bank transfers: ${reference!}`);
  }, 60_000);

  it('c. /statistics shows more money repaid after an admin records a repayment', async () => {
    const page = investor;
    const stats = async () =>
      (await api<{ data: { totalRepaid: number } }>('', 'GET', '/statistics')).data.totalRepaid;
    const before = await stats();
    await goto(page, '/statistics');
    await expect.poll(() => statistic(page, 'Money repaid')).toBe(euros(before));

    const answer = await api<{ data: { credited: number; serviceFee: number; investors: number } }>(
      adminCookie,
      'POST',
      `/ventures/admin/${fundedId}/repayments`,
      { amount: REPAYMENT, note: 'Bank transfer' },
    );
    // The investors are credited the payment less the service fee on its interest.
    expect(answer.data.credited + answer.data.serviceFee).toBeCloseTo(REPAYMENT, 2);
    expect(await stats()).toBeCloseTo(before + answer.data.credited, 2);

    await goto(page, '/statistics');
    await expect.poll(() => statistic(page, 'Money repaid')).toBe(euros(before + answer.data.credited));
  }, 60_000);

  /** Each screen: a screenshot, axe, and at 390 px the page's width. */
  async function visit(
    page: Page,
    name: string,
    path: string,
    width: number,
    wide: string[],
    failures: string[],
  ) {
    const started = Date.now();
    await goto(page, path);
    const loaded = Date.now();
    await screenshot(page, `investor-${name}-${width}.png`);
    const shot = Date.now();
    let measured: number | undefined;
    if (width === VIEWPORTS.phone.width) {
      measured = await scrollWidth(page);
      if (measured > width + 1) wide.push(`${name}: ${measured} px`);
    }
    const violations = await axeViolations(page, `${name} at ${width}`);
    axeCounts.push({ page: name, width, violations: violations.length, scrollWidth: measured });
    timings.push(
      `${name} at ${width}: load ${loaded - started} ms, screenshot ${shot - loaded} ms, axe ${Date.now() - shot} ms`,
    );
    failures.push(...violations);
  }

  const investorScreens = (): [string, string][] => [
    ['overview', '/user/overview'],
    ['funding', '/user/funding'],
    ['tickets', '/user/tickets'],
    ['ticket-thread', `/user/tickets/${ticketId}`],
    ['investments', '/user/investments'],
    ['statistics', '/statistics'],
  ];
  const adminScreens = (): [string, string][] => [
    ['admin-tickets', '/admin/tickets'],
    ['admin-ticket', `/admin/tickets/${ticketId}/show`],
  ];

  const wide: string[] = [];
  const failures: string[] = [];
  const phoneErrors: string[][] = [];
  const timings: string[] = [];

  /** The table of axe counts so far, and the violations found. */
  function report() {
    const names = [...investorScreens(), ...adminScreens()].map(([name]) => name);
    const of = (name: string, width: number) => axeCounts.find((c) => c.page === name && c.width === width);
    console.log(
      `Axe violations (1366 px / 390 px; page width at 390 px):\n${names
        .map(
          (name) =>
            `  ${name.padEnd(14)} ${of(name, 1366)?.violations ?? '-'} / ${of(name, 390)?.violations ?? '-'}; ${
              of(name, 390)?.scrollWidth ?? '-'
            } px`,
        )
        .join('\n')}`,
    );
    if (failures.length > 0) console.log(`Axe violations:\n${failures.join('\n')}`);
    console.log(`Time per screen:\n  ${timings.join('\n  ')}`);
    timings.length = 0;
  }

  it('d. the screens at 1366 px: screenshots, zero axe violations', async () => {
    for (const [name, path] of investorScreens())
      await visit(investor, name, path, VIEWPORTS.desktop.width, wide, failures);
    for (const [name, path] of adminScreens())
      await visit(admin, name, path, VIEWPORTS.desktop.width, wide, failures);
    report();
    expect(failures).toEqual([]);
    expect(investorErrors).toEqual([]);
    expect(adminErrors).toEqual([]);
  }, 240_000);

  it('e. the screens at 390 px: screenshots, no sideways scroll, zero axe violations', async () => {
    // The same sessions in phone-sized tabs.
    const phones: Page[] = [];
    for (const from of [investor, admin]) {
      const { page, errors } = await tabs.open(browser, 'phone', from);
      phoneErrors.push(errors);
      phones.push(page);
    }
    const [investorPhone, adminPhone] = phones as [Page, Page];
    for (const [name, path] of investorScreens())
      await visit(investorPhone, name, path, VIEWPORTS.phone.width, wide, failures);
    for (const [name, path] of adminScreens())
      await visit(adminPhone, name, path, VIEWPORTS.phone.width, wide, failures);
    report();
    expect(wide, 'screens wider than 390 px at phone width').toEqual([]);
    expect(failures).toEqual([]);
    expect(phoneErrors.flat()).toEqual([]);
  }, 240_000);

  it('f. the answer to "Was this article helpful?" survives a reload and cannot be changed', async () => {
    const { page } = await newPage();
    await page.goto(`${server.url}/help?topic=how-to-invest`, { waitUntil: 'networkidle' });
    const feedback = page.getByRole('group', { name: 'Was this article helpful?' });
    await feedback.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => feedback.getByRole('status').innerText()).toContain('Thanks for your feedback!');
    expect(await page.evaluate(() => localStorage.getItem('help-feedback:how-to-invest'))).toBe('yes');

    await page.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => feedback.getByRole('status').count()).toBe(1);
    expect(await feedback.getByRole('status').innerText()).toContain('Your answer: Yes');
    expect(await feedback.getByRole('button').count()).toBe(0);

    // Another article is still unanswered.
    await page
      .getByRole('navigation', { name: 'Help topics' })
      .getByRole('button', { name: 'Getting Started' })
      .click();
    await expect.poll(() => page.getByRole('heading', { level: 2, name: 'Getting Started' }).count()).toBe(1);
    expect(await feedback.getByRole('button', { name: 'No' }).isVisible()).toBe(true);
  });

  it('g. every public page at 390 px, signed out and signed in: no sideways scroll', async () => {
    const signedOut = [
      '/',
      '/about-us',
      '/contact-us',
      '/help',
      '/support',
      '/how-to-invest',
      '/cookie-policy',
      '/privacy-policy',
      '/terms-and-conditions',
      '/affiliate-program',
      '/careers',
      '/get-funding',
      '/news',
      '/reports',
      '/statistics',
      '/style-guide',
      '/ventures',
      `/ventures/${venture._id}`,
      `/ventures/${fundedId}`,
      '/login',
      '/register',
      '/register-corporate',
      '/verify-email',
      '/forgot-password',
      '/reset-password?token=abc',
      '/kyc/no-such-token-0000000000000000',
    ];
    const signedIn = [
      '/user/overview',
      '/user/funding',
      '/user/investments',
      '/user/tickets',
      '/user/tickets/new',
      `/user/tickets/${ticketId}`,
      '/user/verification',
      '/user/profile',
      `/ventures/${venture._id}/investment-form`,
    ];
    const visitor = await newPage('phone');
    const { page: memberPage } = await tabs.open(browser, 'phone', investor);
    // The pages this issue changed also get axe at this width (the media, the banner, the tabs).
    const withAxe = new Set(['/', '/about-us', '/terms-and-conditions', '/help', '/user/verification']);
    const wide: string[] = [];
    const violations: string[] = [];
    for (const [page, paths] of [
      [visitor.page, signedOut],
      [memberPage, signedIn],
    ] as const) {
      for (const path of paths) {
        await goto(page, path);
        const width = await scrollWidth(page);
        if (width > VIEWPORTS.phone.width + 1) wide.push(`${path}: ${width} px`);
        if (withAxe.has(path)) violations.push(...(await axeViolations(page, `${path} at 390`)));
      }
    }
    console.log(
      `Public pages checked at 390 px: ${signedOut.length} signed out, ${signedIn.length} signed in; axe on ${withAxe.size}: ${violations.length} violations`,
    );
    expect(wide, 'pages wider than 390 px').toEqual([]);
    expect(violations).toEqual([]);
  }, 180_000);
});
