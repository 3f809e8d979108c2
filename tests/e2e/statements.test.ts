import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startServer, tempDataDir, type RunningServer } from './harness';
import {
  axeViolations,
  BrowserTabs,
  DEMO_PASSWORD,
  field,
  journey,
  pathname,
  screenshot,
  settled,
} from './journey';

/**
 * Statements in Chromium (issue 28): the demo's investor@ opens /user/statements (axe and a
 * screenshot at 1366 and 390 px), downloads the latest year's annual statement as CSV and PDF
 * (the files the browser saves: a header row and a summary row; a PDF that pdftotext reads) and the
 * transactions of the range the page offers. The demo's corporate@ finds the transactions export on
 * its Funding page (axe and screenshots at both widths) and downloads its CSV.
 */

let server: RunningServer;
let browser: Browser;
const tabs = new BrowserTabs();

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ dataDir: tempDataDir() }), launchBrowser()]);
});

afterAll(async () => {
  await tabs.closeAll();
  await browser?.close();
  await server?.stop();
});

async function checkBothWidths(page: Page, name: string) {
  await settled(page);
  expect(await axeViolations(page, `${name} desktop`)).toEqual([]);
  await screenshot(page, `${name}-desktop.png`);
  await page.setViewportSize({ width: 390, height: 844 });
  await settled(page);
  expect(await axeViolations(page, `${name} phone`)).toEqual([]);
  await screenshot(page, `${name}-phone.png`);
  await page.setViewportSize({ width: 1366, height: 900 });
  await settled(page);
}

/** Clicks a download link; the saved file's name and bytes. */
async function download(page: Page, name: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name }).click()]);
  return { filename: file.suggestedFilename(), bytes: readFileSync((await file.path())!) };
}

describe('statements', () => {
  it('an investor downloads the annual statement (CSV, PDF) and the transactions', async () => {
    const { page, errors } = await tabs.open(browser, 'desktop');
    await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
    await field(page, 'Email').fill('investor@afrivest.test');
    await field(page, 'Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => pathname(page), { timeout: 15_000 }).not.toBe('/login');

    await page.goto(`${server.url}/user/statements`, { waitUntil: 'networkidle' });
    const years = page.getByRole('list', { name: 'Annual statements' });
    await expect.poll(() => years.count(), { timeout: 15_000 }).toBe(1);
    const first = (await years.getByRole('listitem').first().innerText()).slice(0, 4);
    expect(first).toMatch(/^\d{4}$/);
    await checkBothWidths(page, 'statements');

    const csv = await download(page, `Download the ${first} statement as CSV`);
    expect(csv.filename).toBe(`afrivest-annual-statement-${first}.csv`);
    const lines = csv.bytes
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toMatch(/^section,year,venture_id,venture,opening_balance,deposits,/);
    expect(lines[1]).toMatch(new RegExp(`^summary,${first},,,-?\\d+\\.\\d{2},`));

    const pdf = await download(page, `Download the ${first} statement as PDF`);
    expect(pdf.filename).toBe(`afrivest-annual-statement-${first}.pdf`);
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = execFileSync('pdftotext', ['-raw', '-', '-'], { input: pdf.bytes, encoding: 'utf8' });
    expect(text).toContain(`Annual statement ${first}`);
    expect(text).toContain('Closing balance');

    const tx = await download(page, 'Download transactions (CSV)');
    expect(tx.filename).toMatch(/^afrivest-transactions-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(
      tx.bytes
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .split('\r\n')[0],
    ).toBe('date,time_utc,transaction_id,kind,description,venture,amount,balance_after');
    expect(errors).toEqual([]);
  });

  it('a company downloads its transactions from the Funding page', async () => {
    const cookie = await journey(server).signIn('corporate@afrivest.test');
    const { page, context, errors } = await tabs.open(browser, 'desktop');
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const [name, ...value] = pair.split('=');
        return { name: name!, value: value.join('='), url: server.url };
      }),
    );
    await page.goto(`${server.url}/corporate/funding`, { waitUntil: 'networkidle' });
    const section = page.getByRole('heading', { name: 'Transactions export' });
    await expect.poll(() => section.count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => page.getByText(/^From .+: \d[\d,]* days?$/).count(), { timeout: 15_000 }).toBe(1);
    await checkBothWidths(page, 'corporate-transactions-export');

    const tx = await download(page, 'Download transactions (CSV)');
    const rows = tx.bytes
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(rows[0]).toBe('date,time_utc,transaction_id,kind,description,venture,amount,balance_after');
    for (const row of rows.slice(1)) expect(row).toMatch(/^\d{4}-\d{2}-\d{2},\d{2}:\d{2}:\d{2},/);
    expect(errors).toEqual([]);
  });
});
