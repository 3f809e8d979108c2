import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startServer, tempDataDir, VIEWPORTS, type RunningServer } from './harness';
import {
  animationsDone,
  BrowserTabs,
  AXE_TAGS,
  chooseOption,
  DEMO_PASSWORD,
  euros,
  field,
  journey,
  pathname,
  screenshot,
  fillAndSubmit,
  settled,
  text,
  searchList,
} from './journey';

/**
 * The admin console in Chromium against the production build and the demo data, each step through
 * the screens and each result checked where the admin sees it and, where money or state moves,
 * through the API: sign in; the overview; approve investor2's verification after looking at a
 * document; approve a pending venture; credit a balance with a proof and see the new balance and the
 * history row at once; record a repayment and see the investor credited; read a message sent from
 * the public contact form; deactivate a person and see their open session end; as superadmin grant
 * the admin role. Then every admin page is photographed at desktop and phone width, checked for
 * sideways scrolling at 390 px and with axe (zero violations), in light and (two pages) dark mode.
 */

const ADMIN = 'admin@afrivest.test';
const SUPERADMIN = 'superadmin@afrivest.test';
const INVESTOR = 'investor@afrivest.test';
const INVESTOR2 = 'investor2@afrivest.test';
const INVESTOR3 = 'investor3@afrivest.test';
const PENDING_VENTURE = 'Kampala Agritech Cold Storage';
const FUNDED_VENTURE = 'Kigali Coffee Roastery Expansion';
const CREDIT = 250;
const REPAYMENT = 1000;

let server: RunningServer;
let browser: Browser;
const tabs = new BrowserTabs();
/** The admin's tab, signed in through the form in step 1 and used by every later step. */
let admin: Page;
let adminErrors: string[];
let adminCookie: string;
let proofPng: Buffer;
const ids: Record<string, string> = {};
/** Axe violations per page and mode: the table printed at the end, and the failures. */
const axeCounts: { page: string; mode: string; violations: number; scrollWidth?: number }[] = [];
const axeFailures: string[] = [];
const timings: [string, number][] = [];
type Journey = ReturnType<typeof journey>;
let signIn: Journey['signIn'];
let api: Journey['api'];
let codeFromOutbox: Journey['codeFromOutbox'];
let adminFormSignIn: Journey['adminFormSignIn'];
let goto: Journey['goto'];

beforeAll(async () => {
  [server, browser, proofPng] = await Promise.all([
    startServer({ dataDir: tempDataDir() }),
    launchBrowser(),
    sharp({ create: { width: 320, height: 200, channels: 3, background: '#2f6f9f' } })
      .png()
      .toBuffer(),
  ]);
  ({ signIn, api, codeFromOutbox, goto, adminFormSignIn } = journey(server));
  adminCookie = await signIn(ADMIN);
  for (const email of [INVESTOR, INVESTOR2, INVESTOR3]) {
    const answer = await api<{ users: { id: string; email: string }[] }>(
      adminCookie,
      'GET',
      `/users?search=${encodeURIComponent(email)}`,
    );
    ids[email] = answer.users.find((u) => u.email === email)!.id;
  }
  for (const title of [PENDING_VENTURE, FUNDED_VENTURE]) {
    const answer = await api<{ data: { _id: string; title: string }[] }>(
      adminCookie,
      'GET',
      `/ventures/admin-get-all?search=${encodeURIComponent(title)}`,
    );
    ids[title] = answer.data.find((v) => v.title === title)!._id;
  }
});

afterAll(async () => {
  if (timings.length > 0) {
    console.log(
      `Admin journey timings:\n${timings.map(([s, ms]) => `  ${s}: ${(ms / 1000).toFixed(1)} s`).join('\n')}`,
    );
  }
  await tabs.closeAll();
  await browser?.close();
  await server?.stop();
});

// ---------------------------------------------------------------------------------------------
// Helpers

const newContext = (viewport: keyof typeof VIEWPORTS = 'desktop') => tabs.open(browser, viewport);

/** The dialog's confirm button (react-admin <Confirm> or a MUI dialog), after its transition. */
async function confirmIn(page: Page, button: string | RegExp) {
  const dialog = page.getByRole('dialog');
  await expect.poll(() => dialog.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
  await dialog.getByRole('button', { name: button }).click();
}

/** The data rows of the page's table. */
const rows = (page: Page) => page.locator('table tbody tr');

/** Marks the document: a later check that the mark is still there proves no page reload happened. */
async function markDocument(page: Page) {
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
}
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

/** Runs a step and times it; a menu or dialog an earlier failed step left open is closed first. */
async function step<T>(name: string, work: () => Promise<T>): Promise<T> {
  if (admin && !admin.isClosed()) {
    for (let i = 0; i < 2 && (await admin.locator('.MuiPopover-root, .MuiDialog-root').count()) > 0; i++) {
      await admin.keyboard.press('Escape');
      await admin.waitForTimeout(300);
    }
  }
  const started = Date.now();
  try {
    return await work();
  } catch (error) {
    // What the page showed when the step failed, in the error itself: CI keeps only the first lines
    // after each FAIL, and a locator's timeout alone does not say whether the page was elsewhere,
    // still loading, covered by a menu or showing other fields.
    if (error instanceof Error && admin && !admin.isClosed())
      error.message += `\n  page when '${name}' failed: ${await pageState(admin)}`;
    throw error;
  } finally {
    timings.push([name, Date.now() - started]);
  }
}

/** A one-line account of a page: path, headings, form labels, open overlays, hidden root. */
async function pageState(page: Page): Promise<string> {
  return page
    .evaluate(() => {
      const texts = (selector: string) =>
        [...document.querySelectorAll(selector)]
          .map((e) => (e.textContent ?? '').replace(/\s+/g, ' ').trim())
          .filter(Boolean)
          .slice(0, 25);
      return JSON.stringify({
        path: location.pathname,
        headings: texts('h1, h2, h3'),
        labels: texts('label'),
        overlays: document.querySelectorAll('.MuiPopover-root, .MuiDialog-root, .MuiModal-root').length,
        progress: document.querySelectorAll('.MuiLinearProgress-root, .MuiCircularProgress-root').length,
        rootHidden: document.getElementById('root')?.getAttribute('aria-hidden') ?? null,
      });
    })
    .catch((error: unknown) => `(not readable: ${String(error)})`);
}

/** Axe on the whole page, counted for the table; the violations are collected, asserted at the end. */
async function axe(page: Page, name: string, mode: string, scrollWidth?: number) {
  await animationsDone(page);
  const analysis = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  axeCounts.push({ page: name, mode, violations: analysis.violations.length, scrollWidth });
  for (const v of analysis.violations) {
    axeFailures.push(
      `${name} (${mode}): ${v.impact}: ${v.id}: ${v.help} (${v.nodes
        .slice(0, 5)
        .map((n) => n.target.join(' '))
        .join(', ')}${v.nodes.length > 5 ? `, … ${v.nodes.length} nodes` : ''})`,
    );
  }
}

/** The investor's balance as they see it through the API. */
async function myBalance(email: string): Promise<number> {
  const answer = await api<{ balance: number }>(await signIn(email), 'GET', '/balances/my-balance');
  return answer.balance;
}

// ---------------------------------------------------------------------------------------------
// The journey

describe('the admin console in Chromium', () => {
  it('1. the admin signs in at /admin/login through the form', async () => {
    await step('1 sign in', async () => {
      const { page, errors } = await newContext('desktop');
      admin = page;
      adminErrors = errors;
      await page.goto(`${server.url}/admin`, { waitUntil: 'networkidle' });
      await expect.poll(() => pathname(page)).toBe('/admin/login');
      await adminFormSignIn(page, ADMIN);
      await expect.poll(() => pathname(page), { timeout: 15_000 }).toMatch(/^\/admin\/?$/);
      await expect.poll(() => page.getByRole('heading', { name: 'Admin overview' }).count()).toBe(1);
    });
  });

  it('2. the overview shows the figures, the chart and the waiting lists with their links', async () => {
    await step('2 overview', async () => {
      const page = admin;
      await settled(page);
      const { data: overview } = await api<{
        data: {
          invested: number;
          heldInBalances: number;
          venturesAwaitingReview: number;
          verificationsAwaitingReview: number;
        };
      }>(adminCookie, 'GET', '/admin/overview');
      const figure = (label: string) =>
        page
          .locator('.MuiCard-root', { has: page.getByRole('heading', { name: label, exact: true }) })
          .innerText();
      await expect.poll(() => figure('Invested')).toContain(euros(overview.invested));
      await expect.poll(() => figure('Held in balances')).toContain(euros(overview.heldInBalances));
      await expect
        .poll(() => figure('Ventures awaiting review'))
        .toContain(String(overview.venturesAwaitingReview));
      await expect
        .poll(() => figure('Verifications awaiting review'))
        .toContain(String(overview.verificationsAwaitingReview));
      // The chart: an svg with one bar per month that had investments.
      const chart = page.locator('figure svg');
      await expect.poll(() => chart.count(), { timeout: 15_000 }).toBeGreaterThan(0);
      await expect
        .poll(() => page.locator('figure svg .MuiBarElement-root, figure svg rect[class*="Bar"]').count())
        .toBeGreaterThan(0);
      // Two charts: loans by status (loan servicing) and money invested per month.
      expect(
        await page.locator('figure figcaption', { hasText: 'Money invested in each' }).innerText(),
      ).toMatch(/Money invested in each of the last 12 months: €[\d,.]+ in total\./);
      expect(await page.locator('figure figcaption', { hasText: 'loans in all' }).innerText()).toMatch(
        /Number of loans in each status: \d+ loans in all\./,
      );

      // The waiting lists link to the venture and the verification.
      const waitingVenture = page.getByRole('link', { name: new RegExp(PENDING_VENTURE) });
      expect(await waitingVenture.getAttribute('href')).toBe(`/admin/ventures/${ids[PENDING_VENTURE]}/show`);
      const waitingKyc = page.getByRole('link', { name: /Lukas Virtanen/ });
      expect(await waitingKyc.getAttribute('href')).toBe(`/admin/kyc/${ids[INVESTOR2]}/show`);
      const allPending = page.getByRole('link', { name: /^All pending \(\d+\)$/ });
      await allPending.click();
      await expect.poll(() => pathname(page)).toBe('/admin/ventures');
      await settled(page);
      expect(new URL(page.url()).searchParams.get('filter')).toContain('"adminStatus":"pending"');
      await expect.poll(() => text(page)).toContain(PENDING_VENTURE);
    });
  });

  it("3. investor2's verification: opened from the list, a document looked at, approved", async () => {
    await step('3 verification', async () => {
      const page = admin;
      await page.getByRole('menuitem', { name: 'Verifications' }).click();
      await expect.poll(() => pathname(page)).toBe('/admin/kyc');
      await settled(page);
      await rows(page).filter({ hasText: INVESTOR2 }).first().click();
      await expect.poll(() => pathname(page)).toBe(`/admin/kyc/${ids[INVESTOR2]}/show`);
      await settled(page);
      await expect.poll(() => text(page)).toContain('Lukas Virtanen');

      // The documents are images fetched with the admin's session: each has really loaded.
      const images = page.locator('img[alt*="Lukas Virtanen"]');
      await expect.poll(() => images.count(), { timeout: 15_000 }).toBe(3);
      for (const image of await images.all()) {
        await expect
          .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
          .toBeGreaterThan(0);
      }
      // Opening one shows it in a new tab.
      const popup = page.context().waitForEvent('page');
      await page.getByRole('button', { name: 'Open in a new tab' }).first().click();
      const tab = await popup;
      await tab.waitForLoadState();
      expect(tab.url()).toMatch(/^blob:/);
      await expect
        .poll(() =>
          tab.evaluate(() => (document.querySelector('img') as HTMLImageElement | null)?.naturalWidth ?? 0),
        )
        .toBeGreaterThan(0);
      await tab.close();

      await page.getByRole('button', { name: 'Approve', exact: true }).click();
      await expect
        .poll(() => page.getByRole('dialog').innerText())
        .toContain('Approve the verification of Lukas Virtanen?');
      await confirmIn(page, 'Approve');
      await expect.poll(() => text(page)).toContain('Verification of Lukas Virtanen approved.');
      await expect.poll(() => page.getByRole('button', { name: 'Approve', exact: true }).count()).toBe(0);

      const answer = await api<{ data: { status: string; decisions: { status: string }[] } }>(
        adminCookie,
        'GET',
        `/kyc/admin/${ids[INVESTOR2]}`,
      );
      expect(answer.data.status).toBe('complete');
      expect(answer.data.decisions.at(-1)?.status).toBe('complete');
      const profile = await api<{ data: { kycStatus: string } }>(
        await signIn(INVESTOR2),
        'GET',
        '/profile/get',
      );
      expect(profile.data.kycStatus).toBe('complete');
    });
  });

  it(`4. '${PENDING_VENTURE}' is approved from the page's toolbar and opens as new`, async () => {
    await step('4 venture review', async () => {
      const page = admin;
      await page.getByRole('menuitem', { name: 'Ventures' }).click();
      await expect.poll(() => pathname(page)).toBe('/admin/ventures');
      await settled(page);
      await searchList(page, 'Kampala');
      await expect.poll(() => rows(page).count()).toBe(1);
      await rows(page).first().getByText(PENDING_VENTURE).click();
      await expect.poll(() => pathname(page)).toBe(`/admin/ventures/${ids[PENDING_VENTURE]}/show`);
      await settled(page);

      // The decision sits in the page's top toolbar (issue 30, item 7).
      await page.getByRole('button', { name: 'Approve', exact: true }).click();
      await expect
        .poll(() => page.getByRole('dialog').innerText())
        .toContain('Admin status: Pending → Approved');
      await field(page, 'Notes for the company').fill('Cold-chain contracts and collateral checked.');
      await confirmIn(page, 'Approve');
      await expect.poll(() => text(page)).toContain('Updated successfully');

      const answer = await api<{
        data: { adminStatus: string; lifecycleStatus: string; goesLiveAt: string };
      }>(adminCookie, 'GET', `/ventures/id/${ids[PENDING_VENTURE]}`);
      expect(answer.data.adminStatus).toBe('approved');
      expect(answer.data.lifecycleStatus).toBe('new');
      expect(Date.parse(answer.data.goesLiveAt)).toBeLessThanOrEqual(Date.now());
      // The page shows it too, after the refresh: no Approve any more, Reject still offered.
      await expect.poll(() => page.getByRole('button', { name: 'Approve', exact: true }).count()).toBe(0);
      await expect.poll(() => page.getByRole('button', { name: 'Reject', exact: true }).count()).toBe(1);
    });
  });

  it('5. a credit with a proof: the list shows the new balance at once, the history its row', async () => {
    await step('5 credit', async () => {
      const page = admin;
      await page.getByRole('menuitem', { name: 'Balances' }).click();
      await expect.poll(() => pathname(page)).toBe('/admin/balances');
      await settled(page);
      await markDocument(page);
      const row = rows(page).filter({ hasText: 'Sofia García' });
      await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
      expect(await row.innerText()).toContain(euros(0));
      await row.getByRole('link', { name: 'Add Balance' }).click();
      await expect.poll(() => pathname(page)).toBe(`/admin/balances/add-balance/${ids[INVESTOR3]}`);
      await settled(page);
      await expect.poll(() => text(page)).toContain('Add balance for Sofia García');

      await field(page, 'Amount (EUR)').fill(String(CREDIT));
      await field(page, 'Note').fill('SEPA transfer, ref. AFV-0303');
      await page.locator('input[type="file"]').setInputFiles({
        name: 'transfer-proof.png',
        mimeType: 'image/png',
        buffer: proofPng,
      });
      await expect.poll(() => text(page)).toContain('transfer-proof.png');
      await page.getByRole('button', { name: 'Review' }).click();
      const dialog = page.getByRole('dialog');
      await expect
        .poll(() => dialog.innerText())
        .toContain(`Add ${euros(CREDIT)} to the balance of Sofia García?`);
      expect(await dialog.innerText()).toContain(`Balance now: ${euros(0)}. New balance: ${euros(CREDIT)}.`);
      expect(await dialog.innerText()).toContain('Proof: transfer-proof.png');
      await confirmIn(page, 'Change balance');

      // Back on the list, in the same page load, with the new balance.
      await expect.poll(() => pathname(page), { timeout: 15_000 }).toBe('/admin/balances');
      await expect.poll(() => text(page)).toContain(`New balance of Sofia García: ${euros(CREDIT)}`);
      await expect
        .poll(() => rows(page).filter({ hasText: 'Sofia García' }).innerText())
        .toContain(euros(CREDIT));
      expect(await sameDocument(page)).toBe(true);
      const listed = await api<{ data: { user: { email: string }; balance: number }[] }>(
        adminCookie,
        'GET',
        `/balances?search=${encodeURIComponent(INVESTOR3)}`,
      );
      expect(listed.data.find((b) => b.user.email === INVESTOR3)?.balance).toBe(CREDIT);

      // Balance Histories: newest first, the credit on top with its proof.
      await page.getByRole('menuitem', { name: 'Balance Histories' }).click();
      await expect.poll(() => pathname(page)).toBe('/admin/balance-histories');
      await settled(page);
      const first = rows(page).first();
      await expect.poll(() => first.innerText()).toContain('Sofia García');
      expect(await first.innerText()).toContain(euros(CREDIT));
      const proof = first.getByRole('link', { name: 'View proof (opens in a new tab)' });
      const href = await proof.getAttribute('href');
      expect(href).toMatch(/^\/api\/balances\/proofs\//);
      const file = await page.context().request.get(`${server.url}${href}`);
      expect(file.status()).toBe(200);
      expect(file.headers()['content-type']).toMatch(/^image\/png/);
      expect(await sameDocument(page)).toBe(true);
    });
  });

  it(`6. a repayment on '${FUNDED_VENTURE}': reviewed, receipted, then the investor credited`, async () => {
    await step('6 repayment', async () => {
      const page = admin;
      const before = await myBalance(INVESTOR);
      await page.getByRole('menuitem', { name: 'Ventures' }).click();
      await expect.poll(() => pathname(page)).toBe('/admin/ventures');
      await settled(page);
      // The overview's link left the list filtered on pending ventures: all of them again.
      // (react-admin names the empty option 'Clear value'; it shows 'All')
      await chooseOption(page, 'Admin Status', 'Clear value', /^(All)?$/);
      await searchList(page, 'Kigali');
      await expect.poll(() => rows(page).count()).toBe(1);
      await rows(page).first().getByText(FUNDED_VENTURE).click();
      await expect.poll(() => pathname(page)).toBe(`/admin/ventures/${ids[FUNDED_VENTURE]}/show`);
      await settled(page);

      // The loan is serviced: a payment received outside the platform is allocated oldest instalment
      // first (interest before principal) and credited pro rata, less the service fee on the interest.
      const { data: mine } = await api<{ data: { venture: { title: string }; receivedPrincipal: number }[] }>(
        await signIn(INVESTOR),
        'GET',
        '/investments/my-investments',
      );
      const principalBefore = mine.find((i) => i.venture.title === FUNDED_VENTURE)!.receivedPrincipal;
      await page.getByRole('button', { name: 'Record a repayment' }).click();
      const dialog = page.getByRole('dialog', { name: `Record a repayment for “${FUNDED_VENTURE}”` });
      await expect.poll(() => dialog.count()).toBe(1);
      await expect.poll(() => dialog.innerText(), { timeout: 10_000 }).toContain('Owed in total:');
      await dialog.getByLabel(/^Amount \(EUR\)/).fill(String(REPAYMENT));
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await expect
        .poll(() => dialog.innerText())
        .toContain(`${euros(REPAYMENT)} will be allocated oldest instalment first:`);
      await confirmIn(page, `Record ${euros(REPAYMENT)}`);
      await expect
        .poll(() => dialog.innerText(), { timeout: 15_000 })
        .toMatch(/Recorded: €[\d,.]+ credited to \d+ investors?\./);
      await dialog.getByRole('button', { name: 'Close' }).click();

      const after = await myBalance(INVESTOR);
      expect(after).toBeGreaterThan(before);
      expect(after).toBeLessThan(before + REPAYMENT);
      const { data: mineAfter } = await api<{
        data: { venture: { title: string }; receivedPrincipal: number }[];
      }>(await signIn(INVESTOR), 'GET', '/investments/my-investments');
      expect(mineAfter.find((i) => i.venture.title === FUNDED_VENTURE)!.receivedPrincipal).toBeGreaterThan(
        principalBefore,
      );
      // The ledger row is in the investor's history, and the admin sees it in Balance Histories.
      const history = await api<{ data: { kind: string; amount: number }[] }>(
        adminCookie,
        'GET',
        `/balances/${ids[INVESTOR]}/history?limit=1`,
      );
      expect(history.data[0]).toMatchObject({
        kind: 'repayment',
        amount: Math.round((after - before) * 100) / 100,
      });
    });
  });

  it('7. a visitor writes through the contact form; the admin reads it and it is marked read', async () => {
    await step('7 contact', async () => {
      const subject = `Question about repayments ${Date.now()}`;
      const message = 'Hello,\nwhen are repayments credited after a venture pays back?\nThanks, Ingrid';
      const visitor = await newContext('desktop');
      await visitor.page.goto(`${server.url}/contact-us`, { waitUntil: 'networkidle' });
      await field(visitor.page, 'Your name').fill('Ingrid Visitor');
      await field(visitor.page, 'Your e-mail').fill('ingrid@example.com');
      await field(visitor.page, 'Subject').fill(subject);
      await field(visitor.page, 'Message').fill(message);
      await visitor.page.getByRole('button', { name: 'Send' }).click();
      await expect.poll(() => text(visitor.page)).toContain('Thank you! We will get back to you soon.');
      expect(visitor.errors).toEqual([]);

      const page = admin;
      await page.getByRole('menuitem', { name: 'Mails' }).click();
      await expect.poll(() => pathname(page)).toBe('/admin/mails');
      await settled(page);
      const row = rows(page).filter({ hasText: subject });
      await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
      expect(await row.innerText()).toContain('Unread');
      await row.getByText(subject).click();
      await expect.poll(() => pathname(page)).toMatch(/^\/admin\/mails\/[\w-]+\/show$/);
      ids.mail = pathname(page).split('/')[3]!;
      await settled(page);
      await expect
        .poll(() => text(page))
        .toContain('when are repayments credited after a venture pays back?');
      await expect.poll(() => text(page)).toContain('Read');

      const mails = await api<{ mails: { subject: string; status: string }[] }>(
        adminCookie,
        'GET',
        `/admin/mails?search=${encodeURIComponent(subject)}`,
      );
      expect(mails.mails.map((m) => m.status)).toEqual(['read']);
      // The list shows it read, without a reload.
      await page.getByRole('link', { name: 'List' }).click();
      await expect.poll(() => pathname(page)).toBe('/admin/mails');
      await expect.poll(() => rows(page).filter({ hasText: subject }).innerText()).toMatch(/\bRead\b/);
    });
  });

  it("8. deactivating investor3 ends investor3's open session", async () => {
    await step('8 deactivate', async () => {
      const investor = await newContext('desktop');
      await investor.page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
      await field(investor.page, 'Email').fill(INVESTOR3);
      await field(investor.page, 'Password').fill(DEMO_PASSWORD);
      await investor.page.getByRole('button', { name: 'Login' }).click();
      await expect.poll(() => pathname(investor.page), { timeout: 10_000 }).toBe('/user/overview');
      expect((await investor.context.request.get(`${server.url}/api/profile/get`)).status()).toBe(200);

      const page = admin;
      await page.getByRole('menuitem', { name: 'Users' }).click();
      await expect.poll(() => pathname(page)).toBe('/admin/users');
      await settled(page);
      await searchList(page, 'investor3');
      await expect.poll(() => rows(page).count()).toBe(1);
      await rows(page).first().getByRole('button', { name: 'Deactivate' }).click();
      await expect.poll(() => page.getByRole('dialog').innerText()).toContain('Deactivate Sofia García?');
      await confirmIn(page, 'Deactivate');
      await expect.poll(() => text(page)).toContain('Sofia García is deactivated and signed out everywhere.');
      await expect.poll(() => rows(page).first().getByRole('button', { name: 'Activate' }).count()).toBe(1);

      // The investor's session has ended: the API refuses the cookie, the investor area sends to /login.
      expect((await investor.context.request.get(`${server.url}/api/profile/get`)).status()).toBe(401);
      await investor.page.goto(`${server.url}/user/overview`, { waitUntil: 'networkidle' });
      await expect.poll(() => pathname(investor.page), { timeout: 10_000 }).toBe('/login');
      const user = await api<{ data: { isActive: boolean } }>(adminCookie, 'GET', `/users/${ids[INVESTOR3]}`);
      expect(user.data.isActive).toBe(false);
      await investor.context.close();
    });
  });

  it('9. the superadmin grants the admin role to a new account and sees it in the list', async () => {
    await step('9 grant admin', async () => {
      const email = 'nadia.okafor@example.com';
      const registered = await fetch(`${server.url}/api/auth/register`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          firstName: 'Nadia',
          lastName: 'Okafor',
          email,
          phone: '+48 600 100 200',
          countryName: 'Poland',
          city: 'Kraków',
          address: 'ul. Floriańska 1',
          password: 'a-strong-password',
          acceptTerms: true,
        }),
      });
      expect(registered.status).toBe(201);
      const token = await codeFromOutbox(email);
      const verified = await fetch(`${server.url}/api/auth/verify-email`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, token }),
      });
      expect(verified.status).toBe(200);

      const { page, errors } = await newContext('desktop');
      await page.goto(`${server.url}/admin/login`, { waitUntil: 'networkidle' });
      await adminFormSignIn(page, SUPERADMIN);
      await expect.poll(() => pathname(page), { timeout: 15_000 }).toMatch(/^\/admin\/?$/);
      await page.getByRole('menuitem', { name: 'Users' }).click();
      await settled(page);
      await searchList(page, 'nadia.okafor');
      await expect.poll(() => rows(page).count()).toBe(1);
      expect(await rows(page).first().innerText()).toContain('Investor');
      await rows(page).first().getByText('Nadia Okafor').click();
      await expect.poll(() => pathname(page)).toMatch(/^\/admin\/users\/[\w-]+\/show$/);
      const userId = pathname(page).split('/')[3]!;
      ids.nadia = userId;
      await settled(page);

      await fillAndSubmit(page, () => chooseOption(page, 'Role', 'Admin'), 'Save role');
      await expect
        .poll(() => page.getByRole('dialog').innerText())
        .toContain('Nadia Okafor goes from Investor to Admin.');
      await confirmIn(page, 'Save role');
      await expect.poll(() => text(page)).toContain('The role of Nadia Okafor was changed.');

      const user = await api<{ data: { role: string } }>(adminCookie, 'GET', `/users/${userId}`);
      expect(user.data.role).toBe('admin');
      await page.getByRole('link', { name: 'List' }).click();
      await expect.poll(() => pathname(page)).toBe('/admin/users');
      await settled(page);
      await expect
        .poll(() => rows(page).filter({ hasText: 'Nadia Okafor' }).innerText())
        .toMatch(/\bAdmin\b/);
      expect(errors).toEqual([]);
    });
  });

  // The pages of the console, visited once at each width and partly in dark mode (tests 10-12).
  const pages = (): [string, string][] => [
    ['overview', '/admin'],
    ['users-list', '/admin/users'],
    ['user-show', `/admin/users/${ids[INVESTOR]}/show`],
    ['ventures-list', '/admin/ventures'],
    ['venture-show', `/admin/ventures/${ids[FUNDED_VENTURE]}/show`],
    // The queue of pending ones is empty once investor2 is approved: the decided ones instead.
    ['kyc-list', `/admin/kyc?filter=${encodeURIComponent('{"status":"complete"}')}`],
    ['kyc-show', `/admin/kyc/${ids[INVESTOR2]}/show`],
    ['balances', '/admin/balances'],
    ['add-balance', `/admin/balances/add-balance/${ids[INVESTOR]}`],
    ['balance-histories', '/admin/balance-histories'],
    ['investments', '/admin/investments'],
    ['servicing-list', '/admin/servicing'],
    ['loan-show', `/admin/servicing/${ids[FUNDED_VENTURE]}/show`],
    ['mails-list', '/admin/mails'],
    ['mail-show', `/admin/mails/${ids.mail}/show`],
    ['audit-list', '/admin/audit'],
    // investor3 was deactivated in step 8: a row in their history.
    ['user-history', `/admin/users/${ids[INVESTOR3]}/show/history`],
  ];
  const wide: string[] = [];
  const pass = async (page: Page, viewport: 'desktop' | 'phone') => {
    // The lists as they open first: without the filters the journey left in react-admin's store.
    await goto(page, '/admin');
    await page.evaluate(() => {
      for (const key of Object.keys(localStorage))
        if (key.includes('listParams')) localStorage.removeItem(key);
    });
    for (const [name, path] of pages()) {
      await goto(page, path);
      await screenshot(page, `admin-${name}-${viewport}.png`);
      let scrollWidth: number | undefined;
      if (viewport === 'phone') {
        scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        if (scrollWidth > VIEWPORTS.phone.width + 1) wide.push(`${name}: ${scrollWidth} px`);
      }
      await axe(page, name, viewport, scrollWidth);
    }
  };

  // One test per pass, each with its own time: on a busy machine (CI runs the jsdom tests beside
  // these) the three together once took more than four minutes.
  it('10. every admin page at 1366 px: screenshot, zero axe violations', async () => {
    await step('10 pages at 1366 px', () => pass(admin, 'desktop'));
    expect(axeFailures).toEqual([]);
    expect(adminErrors).toEqual([]);
  }, 240_000);

  it('11. every admin page at 390 px: screenshot, no sideways scroll, zero axe violations', async () => {
    await step('11 pages at 390 px', async () => {
      // A second tab with the admin's session.
      const { page: phone, errors: phoneErrors } = await tabs.open(browser, 'phone', admin);
      await pass(phone, 'phone');
      expect(wide, 'pages wider than 390 px at phone width').toEqual([]);
      expect(axeFailures).toEqual([]);
      expect(phoneErrors).toEqual([]);
    });
  }, 240_000);

  it('12. dark mode: the toggle switches the theme, kept across pages, zero axe violations', async () => {
    await step('12 dark mode', async () => {
      const page = admin;
      await goto(page, '/admin');
      const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      const light = await background();
      const toggle = page.getByRole('button', { name: 'Toggle light/dark mode' });
      await toggle.click();
      await expect.poll(background).not.toBe(light);
      // The button's tooltip (outside the page's landmarks) goes when the pointer leaves (to the
      // app bar's title: over the chart, the chart's own tooltip would open).
      await page.mouse.move(700, 10);
      await expect.poll(() => page.getByRole('tooltip').count()).toBe(0);
      const channels = (await background()).match(/\d+/g)!.slice(0, 3).map(Number);
      expect(Math.max(...channels), 'a dark background').toBeLessThan(80);
      await settled(page);
      await screenshot(page, 'admin-overview-dark.png');
      await axe(page, 'overview', 'dark');
      for (const [name, path] of [
        ['users-list', '/admin/users'],
        ['venture-show', `/admin/ventures/${ids[FUNDED_VENTURE]}/show`],
      ] as const) {
        await goto(page, path);
        expect(await background(), 'dark mode after a page load').not.toBe(light);
        await screenshot(page, `admin-${name}-dark.png`);
        await axe(page, name, 'dark');
      }
      await toggle.click();
      await expect.poll(background).toBe(light);

      const table = [
        ['page', 'desktop', 'phone', 'dark', 'scrollWidth at 390'],
        ...pages().map(([name]) => {
          const of = (mode: string) => axeCounts.find((c) => c.page === name && c.mode === mode);
          return [
            name,
            String(of('desktop')?.violations ?? '-'),
            String(of('phone')?.violations ?? '-'),
            String(of('dark')?.violations ?? '-'),
            String(of('phone')?.scrollWidth ?? '-'),
          ];
        }),
      ];
      const widths = table[0]!.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
      console.log(
        `Axe violations per admin page (tags ${AXE_TAGS.join(', ')}):\n${table
          .map((r) => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`)
          .join('\n')}`,
      );
      if (axeFailures.length > 0) console.log(`Axe violations:\n${axeFailures.join('\n')}`);
      expect(axeFailures).toEqual([]);
      expect(adminErrors).toEqual([]);
    });
  }, 240_000);

  it("13. the audit log shows the journey's changes, filtered by action and opened; a person's History shows the role change", async () => {
    await step('13 audit log', async () => {
      const page = admin;
      await goto(page, '/admin');
      await page.getByRole('menuitem', { name: 'Audit log' }).click();
      await expect.poll(() => pathname(page)).toBe('/admin/audit');
      await settled(page);
      // Steps 3 to 9, newest first (10 rows a page: the oldest may be on the next one).
      const seen = () =>
        rows(page)
          .allInnerTexts()
          .then((all) => all.join('\n'));
      for (const action of [
        'Role changed',
        'Account activated or deactivated',
        'Repayment recorded',
        'Balance credited',
      ])
        await expect.poll(seen).toContain(action);
      expect(await rows(page).first().innerText()).toContain('Role changed');

      await chooseOption(page, 'Action', 'Role changed');
      await expect.poll(() => new URL(page.url()).searchParams.get('filter') ?? '').toContain('user.role');
      for (const other of ['Balance credited', 'Repayment recorded', 'Account activated or deactivated'])
        await expect.poll(() => rows(page).filter({ hasText: other }).count()).toBe(0);
      const nadia = rows(page).filter({ hasText: ids.nadia! });
      await expect.poll(() => nadia.count()).toBe(1);
      expect(await nadia.innerText()).toContain(SUPERADMIN);
      await nadia.getByText('Role changed').click();
      const changes = page.getByRole('table', { name: 'Changes' });
      await expect
        .poll(() => changes.locator('tbody tr').allInnerTexts())
        .toEqual([expect.stringMatching(/^role\s+user\s+admin$/)]);

      await goto(page, `/admin/users/${ids.nadia}/show`);
      await page.getByRole('tab', { name: 'History', exact: true }).click();
      await expect.poll(() => pathname(page)).toBe(`/admin/users/${ids.nadia}/show/history`);
      await settled(page);
      const history = rows(page).filter({ hasText: 'Role changed' });
      await expect.poll(() => history.count()).toBe(1);
      await history.getByText('Role changed').click();
      await expect
        .poll(() => page.getByRole('table', { name: 'Changes' }).innerText())
        .toMatch(/role\s+user\s+admin/);
      await screenshot(page, 'admin-user-history-open-desktop.png');
      expect(adminErrors).toEqual([]);
    });
  }, 120_000);
});
