import { readFile } from 'node:fs/promises';
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
 * Deposits and withdrawals in Chromium (issue 27) against the production build and the demo data:
 *   1. the demo investor (KYC complete) registers an IBAN in the profile's Bank account section, then
 *      on /user/funding requests a withdrawal at each width: amount, review, confirm, receipt; the
 *      balance falls by the amount, on the page and through the API;
 *   2. an admin approves both in bulk on Withdrawals, then exports the SEPA payment file: the browser
 *      downloads a pain.001.001.09 XML with the investor's IBAN and the amounts;
 *   3. the investor sees the withdrawals as Sent in "Your withdrawals";
 *   4. an admin uploads a camt.053 statement (made here) with a credit carrying the investor's RF
 *      reference and a credit without one: 1 credited, 1 unmatched (then listed with Assign); the
 *      investor's balance rises by the credit, on the page and through the API; the same file again
 *      credits nothing.
 * Every page and dialog is checked with axe (zero violations) at desktop and phone width, with no
 * sideways scrolling at 390 px, and photographed.
 */

const INVESTOR = 'investor@afrivest.test';
const INVESTOR_NAME = 'Amelia Schneider';
const ADMIN = 'admin@afrivest.test';
/** A valid Dutch IBAN (ISO 13616 check digits 91), typed as people do, in groups of four. */
const IBAN = 'NL91ABNA0417164300';
const IBAN_TYPED = 'NL91 ABNA 0417 1643 00';
/** The withdrawal made at each width (a cent part, to see the decimals travel). */
const AMOUNTS = { desktop: 250.4, phone: 12.34 } as const;
const WITHDRAWN = 262.74;
/** The deposit the statement brings with the investor's reference, and one nobody's. */
const DEPOSIT = 500.25;
const STRAY = 75.5;

let server: RunningServer;
let browser: Browser;
const tabs = new BrowserTabs();
let run: ReturnType<typeof journey>;
const cookies: Record<string, string> = {};
const axeFailures: string[] = [];
let reference: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ dataDir: tempDataDir() }), launchBrowser()]);
  run = journey(server);
  for (const email of [INVESTOR, ADMIN]) cookies[email] = await run.signIn(email);
  const instructions = await run.api<{ data: { reference: string } }>(
    cookies[INVESTOR]!,
    'GET',
    '/payments/deposit-instructions',
  );
  reference = instructions.data.reference;
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
  if (phone) expect(await scrollWidth(page), `${name} scrolls sideways at 390 px`).toBeLessThanOrEqual(391);
  await screenshot(page, `${name}.png`);
}

const balance = async () =>
  (await run.api<{ balance: number }>(cookies[INVESTOR]!, 'GET', '/balances/my-balance')).balance;

const cents = (value: number) => Math.round(value * 100);

/**
 * A camt.053.001.08 end-of-day statement of the client-money account with two booked credits: one
 * whose remittance information holds `reference` (spaced in groups of four, as banks print it), and
 * one without any reference.
 */
function statement(reference: string): string {
  const day = new Date().toISOString().slice(0, 10);
  const stamp = Date.now();
  const entry = (n: number, amount: number, name: string, remittance: string) => `
      <Ntry>
        <NtryRef>${n}</NtryRef>
        <Amt Ccy="EUR">${amount.toFixed(2)}</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>${day}</Dt></BookgDt>
        <ValDt><Dt>${day}</Dt></ValDt>
        <AcctSvcrRef>E2E${stamp}${n}</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls>
          <TxDtls>
            <Amt Ccy="EUR">${amount.toFixed(2)}</Amt>
            <RltdPties><Dbtr><Pty><Nm>${name}</Nm></Pty></Dbtr></RltdPties>
            <RmtInf><Ustrd>${remittance}</Ustrd></RmtInf>
          </TxDtls>
        </NtryDtls>
      </Ntry>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>E2E-${stamp}</MsgId><CreDtTm>${day}T22:05:00+01:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>E2E-${stamp}</Id>
      <CreDtTm>${day}T22:05:00+01:00</CreDtTm>
      <Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>
      ${entry(1, DEPOSIT, INVESTOR_NAME, `Deposit ${reference.replace(/(.{4})(?=.)/g, '$1 ')} thanks`)}
      ${entry(2, STRAY, 'Unknown Sender GmbH', 'Invoice 4711')}
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;
}

describe('deposits and withdrawals in Chromium', () => {
  it('1. the investor registers an IBAN, then withdraws at each width: review, confirm, receipt; the balance falls', async () => {
    // Desktop: the bank account is registered in the profile.
    {
      const { page, errors } = await signedIn(INVESTOR, 'desktop');
      await run.goto(page, '/user/profile#bank-account');
      const section = page.locator('#bank-account');
      // No account yet: the form is open at once.
      await expect
        .poll(() => section.getByRole('form', { name: 'Register your bank account' }).count())
        .toBe(1);
      await section.getByLabel(/^IBAN/).fill(IBAN_TYPED);
      await expect.poll(() => section.getByLabel(/^Account holder's name/).inputValue()).toBe(INVESTOR_NAME);
      await section.getByRole('button', { name: 'Save bank account' }).click();
      await expect
        .poll(() => section.innerText(), { timeout: 15_000 })
        .toContain('Bank account saved: withdrawals go to it.');
      expect(await section.innerText()).toContain('Verified: withdrawals possible');
      await settled(page);
      await check(page, 'payments-investor-bank-account-desktop', false);
      expect(errors).toEqual([]);
    }
    const account = await run.api<{ data: { iban: string; holderName: string; verified: boolean } }>(
      cookies[INVESTOR]!,
      'GET',
      '/payments/bank-account',
    );
    expect(account.data).toMatchObject({
      iban: `**************${IBAN.slice(-4)}`,
      holderName: INVESTOR_NAME,
    });
    expect(account.data.verified).toBe(true);
    {
      const { page, errors } = await signedIn(INVESTOR, 'phone');
      await run.goto(page, '/user/profile#bank-account');
      await expect.poll(() => page.locator('#bank-account').innerText()).toContain(IBAN.slice(-4));
      await check(page, 'payments-investor-bank-account-phone', true);
      expect(errors).toEqual([]);
    }

    // At each width a withdrawal: amount, review, confirm, receipt.
    for (const viewport of ['desktop', 'phone'] as const) {
      const phone = viewport === 'phone';
      const amount = AMOUNTS[viewport];
      const before = await balance();
      const { page, errors } = await signedIn(INVESTOR, viewport);
      await run.goto(page, '/user/funding');
      const panel = page.locator('section[aria-labelledby="withdraw-title"]');
      await expect.poll(() => panel.innerText()).toContain(euros(before));
      expect(await panel.innerText()).toContain(`****${IBAN.slice(-4)}`);
      await check(page, `payments-investor-funding-${viewport}`, phone);

      await panel.getByLabel(/^Amount/).fill(amount.toFixed(2));
      await panel.getByRole('button', { name: 'Review withdrawal' }).click();
      const dialog = page.getByRole('dialog', { name: 'Review your withdrawal' });
      await expect.poll(() => dialog.innerText()).toContain(euros(amount));
      expect(await dialog.innerText()).toContain(INVESTOR_NAME);
      await settled(page);
      await check(page, `payments-investor-withdraw-review-${viewport}`, phone);

      await dialog.getByRole('button', { name: 'Confirm withdrawal' }).click();
      const receipt = page.getByRole('dialog', { name: 'Withdrawal requested' });
      await expect
        .poll(() => receipt.innerText(), { timeout: 15_000 })
        .toContain(`Your withdrawal of ${euros(amount)} has been requested.`);
      const after = cents(before) - cents(amount);
      // The receipt's new balance, once refetched.
      await expect.poll(() => receipt.innerText(), { timeout: 15_000 }).toContain(euros(after / 100));
      expect(await receipt.innerText()).toContain('Requested');
      await settled(page);
      await check(page, `payments-investor-withdraw-receipt-${viewport}`, phone);
      expect(cents(await balance())).toBe(after);

      await receipt.getByRole('button', { name: 'Close' }).click();
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      await expect.poll(() => panel.innerText()).toContain(euros(after / 100));
      const list = page.locator('section[aria-labelledby="withdrawals-title"]');
      await expect.poll(() => list.innerText()).toContain(euros(amount));
      expect(errors).toEqual([]);
    }
  });

  let downloadedName = '';

  it('2. an admin approves both withdrawals in bulk and exports the SEPA payment file (pain.001.001.09)', async () => {
    // Phone: the list of requested withdrawals.
    const phone = await signedIn(ADMIN, 'phone');
    await run.goto(phone.page, '/admin/withdrawals');
    await expect.poll(() => text(phone.page)).toContain(INVESTOR_NAME);
    expect(await text(phone.page)).toContain(euros(AMOUNTS.phone));
    await check(phone.page, 'payments-admin-withdrawals-phone', true);

    const { page, errors } = await signedIn(ADMIN, 'desktop');
    await run.goto(page, '/admin/withdrawals');
    const rows = page.locator('tbody tr').filter({ hasText: INVESTOR_NAME });
    await expect.poll(() => rows.count()).toBe(2);
    expect(await page.locator('tbody tr').count()).toBe(2);
    await check(page, 'payments-admin-withdrawals-desktop', false);

    for (let i = 0; i < 2; i++) await rows.nth(i).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    const approve = page.getByRole('dialog', { name: 'Approve withdrawals' });
    await expect
      .poll(() => approve.innerText())
      .toContain(`Approve 2 withdrawals totalling ${euros(WITHDRAWN)}?`);
    await settled(page);
    await check(page, 'payments-admin-approve-review-desktop', false);
    await approve.getByRole('button', { name: 'Approve 2 withdrawals' }).click();
    await expect.poll(() => approve.innerText(), { timeout: 15_000 }).toContain('2 withdrawals approved.');
    await approve.getByRole('button', { name: 'Close' }).click();
    await settled(page);
    // The requested filter no longer lists them.
    await expect.poll(() => page.locator('tbody tr').filter({ hasText: INVESTOR_NAME }).count()).toBe(0);
    const approved = await run.api<{ data: { status: string; user: { email: string } }[] }>(
      cookies[ADMIN]!,
      'GET',
      '/admin/withdrawals?status=approved',
    );
    expect(approved.data.filter((row) => row.user.email === INVESTOR)).toHaveLength(2);

    // Phone: the export's confirmation (then cancelled: the desktop exports).
    await phone.page.getByRole('button', { name: 'Export payment file' }).click();
    let dialog = phone.page.getByRole('dialog', { name: 'Export the SEPA payment file' });
    await expect
      .poll(() => dialog.innerText())
      .toContain(`2 approved withdrawals, ${euros(WITHDRAWN)} in all`);
    await settled(phone.page);
    await check(phone.page, 'payments-admin-export-review-phone', true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(phone.errors).toEqual([]);

    await page.getByRole('button', { name: 'Export payment file' }).click();
    dialog = page.getByRole('dialog', { name: 'Export the SEPA payment file' });
    await expect
      .poll(() => dialog.innerText())
      .toContain(`2 approved withdrawals, ${euros(WITHDRAWN)} in all`);
    await settled(page);
    await check(page, 'payments-admin-export-review-desktop', false);
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      dialog.getByRole('button', { name: 'Export and download' }).click(),
    ]);
    downloadedName = download.suggestedFilename();
    expect(downloadedName).toMatch(/\.xml$/);
    const xml = await readFile((await download.path())!, 'utf8');
    expect(xml).toContain('urn:iso:std:iso:20022:tech:xsd:pain.001.001.09');
    expect(xml).toMatch(/<NbOfTxs>2<\/NbOfTxs>/);
    expect(xml).toContain(`<CtrlSum>${WITHDRAWN.toFixed(2)}</CtrlSum>`);
    // Each transfer goes to the investor's full IBAN with its amount.
    const transfers = [...xml.matchAll(/<CdtTrfTxInf>[\s\S]*?<\/CdtTrfTxInf>/g)].map((m) => m[0]);
    expect(transfers).toHaveLength(2);
    for (const amount of Object.values(AMOUNTS)) {
      const transfer = transfers.find((t) => t.includes(`>${amount.toFixed(2)}</InstdAmt>`));
      expect(transfer, `a transfer of ${amount}`).toBeDefined();
      expect(transfer).toMatch(new RegExp(`<CdtrAcct>\\s*<Id>\\s*<IBAN>${IBAN}</IBAN>`));
      expect(transfer).toContain(INVESTOR_NAME);
    }
    await expect
      .poll(() => text(page), { timeout: 15_000 })
      .toContain(`Payment file ${downloadedName} downloaded: 2 transfers, ${euros(WITHDRAWN)}.`);
    expect(errors).toEqual([]);

    // The payment files list holds it, at each width.
    for (const tab of [{ page, errors }, phone]) {
      const viewport = tab === phone ? 'phone' : 'desktop';
      await run.goto(tab.page, '/admin/withdrawal-exports');
      await expect.poll(() => text(tab.page)).toContain(euros(WITHDRAWN));
      await check(tab.page, `payments-admin-payment-files-${viewport}`, tab === phone);
      expect(tab.errors).toEqual([]);
    }
  });

  it('3. the investor sees the withdrawals as Sent in "Your withdrawals"', async () => {
    const mine = await run.api<{ data: { amount: number; status: string }[] }>(
      cookies[INVESTOR]!,
      'GET',
      '/payments/withdrawals/mine',
    );
    expect(mine.data.map((row) => [row.amount, row.status]).sort()).toEqual(
      Object.values(AMOUNTS)
        .map((amount) => [amount, 'sent'])
        .sort(),
    );
    for (const viewport of ['desktop', 'phone'] as const) {
      const { page, errors } = await signedIn(INVESTOR, viewport);
      await run.goto(page, '/user/funding');
      const rows = page.getByTestId('withdrawal-row');
      await expect.poll(() => rows.count()).toBe(2);
      for (const amount of Object.values(AMOUNTS)) {
        const row = rows.filter({ hasText: euros(amount) });
        expect(await row.innerText()).toContain('Sent');
        // Sent is past cancelling.
        expect(await row.getByRole('button', { name: /Cancel/ }).count()).toBe(0);
      }
      await check(page, `payments-investor-withdrawals-sent-${viewport}`, viewport === 'phone');
      expect(errors).toEqual([]);
    }
  });

  it("4. an admin imports a camt.053 statement: the investor's deposit is credited once, the stray one waits to be assigned", async () => {
    const before = await balance();
    const file = {
      name: 'statement.xml',
      mimeType: 'application/xml',
      buffer: Buffer.from(statement(reference)),
    };

    const { page, errors } = await signedIn(ADMIN, 'desktop');
    await run.goto(page, '/admin/bank-statements/import');
    await check(page, 'payments-admin-statement-import-desktop', false);
    await page.locator('input[type="file"]').setInputFiles(file);
    await expect.poll(() => text(page)).toContain('Chosen: statement.xml');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const result = page.getByRole('region', { name: 'Result of the import' });
    await expect.poll(() => result.innerText(), { timeout: 30_000 }).toContain('1 entry credited.');
    const shown = await result.innerText();
    expect(shown).toContain('1 entry not matched.');
    expect(shown).toContain('0 entries were imported before');
    expect(shown).toContain('Unknown Sender GmbH');
    expect(shown).toContain('No reference');
    await settled(page);
    await check(page, 'payments-admin-statement-result-desktop', false);

    const after = cents(before) + cents(DEPOSIT);
    expect(cents(await balance())).toBe(after);

    // The unmatched entry waits in the list with Assign.
    await page.getByRole('link', { name: 'Review the unmatched entries' }).click();
    await settled(page);
    await expect.poll(() => text(page)).toContain('Unknown Sender GmbH');
    const stray = page.locator('tbody tr').filter({ hasText: 'Unknown Sender GmbH' });
    expect(await stray.innerText()).toContain(euros(STRAY));
    expect(await stray.getByRole('button', { name: /Assign/ }).count()).toBe(1);
    await check(page, 'payments-admin-unmatched-desktop', false);
    expect(errors).toEqual([]);

    // Phone: the same file again credits nothing; the unmatched list.
    const phone = await signedIn(ADMIN, 'phone');
    await run.goto(phone.page, '/admin/bank-statements/import');
    await phone.page.locator('input[type="file"]').setInputFiles(file);
    await phone.page.getByRole('button', { name: 'Import', exact: true }).click();
    const again = phone.page.getByRole('region', { name: 'Result of the import' });
    await expect.poll(() => again.innerText(), { timeout: 30_000 }).toContain('0 entries credited.');
    expect(await again.innerText()).toContain('2 entries were imported before');
    await settled(phone.page);
    await check(phone.page, 'payments-admin-statement-result-phone', true);
    expect(cents(await balance())).toBe(after);
    await run.goto(phone.page, '/admin/bank-statement-entries');
    await expect.poll(() => text(phone.page)).toContain('Unknown Sender GmbH');
    await check(phone.page, 'payments-admin-unmatched-phone', true);
    expect(phone.errors).toEqual([]);

    // The investor sees the credit on the funding page.
    for (const viewport of ['desktop', 'phone'] as const) {
      const tab = await signedIn(INVESTOR, viewport);
      await run.goto(tab.page, '/user/funding');
      const panel = tab.page.locator('section[aria-labelledby="withdraw-title"]');
      await expect.poll(() => panel.innerText()).toContain(euros(after / 100));
      expect(tab.errors).toEqual([]);
    }
    expect(axeFailures).toEqual([]);
  });
});
