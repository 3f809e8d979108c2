/**
 * What the browser journeys share: signing in and calling the API as a person, reading the code of
 * a delivered e-mail, finding inputs by their labels, waiting for a page to settle, screenshots and
 * axe. Bound to one running server by `journey(server)`.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { Secret, TOTP } from 'otpauth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { codeOf, parseEml } from '../support/eml';
import { collectErrors, snap, VIEWPORTS, type RunningServer } from './harness';

export const DEMO_PASSWORD = 'demo-password-2026';
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

export const text = (page: Page) => page.locator('body').innerText();
export const pathname = (page: Page) => new URL(page.url()).pathname;
export const euros = (value: number) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 }).format(value);

/** The input labelled `label` (MUI adds ' *' to a required field's label). */
export function field(page: Page, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByLabel(new RegExp(`^${escaped}(\\s*\\*)?$`));
}

/**
 * A MUI select (react-admin SelectInput): opens it by its label and picks the option. A re-render
 * while the menu opens (react-admin refreshing the record under a busy machine) can close the menu
 * and detach the option being clicked, so it opens the menu again until the select shows the choice
 * (`shows`: the text the select then displays).
 */
export async function chooseOption(
  page: Page,
  label: string,
  option: string,
  shows: string | RegExp = option,
) {
  const select = page.getByRole('combobox', { name: new RegExp(`^${label}`) });
  const deadline = Date.now() + 60_000;
  for (let attempt = 1; ; attempt++) {
    try {
      if (!(await page.getByRole('listbox').isVisible())) await select.click({ timeout: 10_000 });
      await page.getByRole('option', { name: option, exact: true }).click({ timeout: 10_000 });
      await page.getByRole('listbox').waitFor({ state: 'detached', timeout: 10_000 });
      const now = (await select.innerText()).replace(/\u200b/g, '').trim();
      if (typeof shows === 'string' ? now === shows : shows.test(now)) return;
    } catch (error) {
      if (Date.now() > deadline)
        throw new Error(`could not choose '${option}' in '${label}' (${attempt} tries): ${String(error)}`);
    }
    if (Date.now() > deadline) throw new Error(`'${label}' does not show '${option}' after ${attempt} tries`);
    await page.keyboard.press('Escape').catch(() => undefined);
  }
}

/**
 * Types `text` in a react-admin list's Search box and waits until the list's URL holds it. The
 * search reaches the list after a 500 ms debounce and then the URL: a row that already matched (a
 * filter the list remembered from an earlier visit) could be clicked before, and the late update
 * then took the page back from the record to the list (CI, admin step 4).
 */
export async function searchList(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Search' }).fill(text);
  await expect
    .poll(() => new URL(page.url()).searchParams.get('filter') ?? '', { timeout: 15_000 })
    .toContain(JSON.stringify(text).slice(1, -1));
}

/**
 * Fills a react-admin form with `fill` and presses its submit button `button`. react-admin mounts a
 * record form again when the record is refreshed under it (the getOne cache that the list filled is
 * refetched once it is stale), which throws away what was typed and leaves the button disabled until
 * the form is dirty again. The button's click is the check: when it stays disabled, the form was
 * mounted afresh, and the values are filled again (a person would see their choice undone and redo it).
 */
export async function fillAndSubmit(page: Page, fill: () => Promise<void>, button: string) {
  const submit = page.getByRole('button', { name: button, exact: true });
  for (let attempt = 1; ; attempt++) {
    await fill();
    try {
      await submit.click({ timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt >= 4)
        throw new Error(`'${button}' stayed disabled after ${attempt} fillings: ${String(error)}`);
    }
  }
}

/**
 * Waits until the page has stopped loading: network idle, no progress indicator or skeleton (a
 * `data-deferred` skeleton holds the place of a part that loads only near the viewport).
 */
export async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  // The page has rendered: every page of the product has a level-one heading (axe's
  // page-has-heading-one), and on a loaded machine the network can be idle while the new tab's
  // JavaScript is still building the page (an empty page has no skeleton to wait for either). Not a
  // check: a page without one goes on and axe names it.
  await page
    .locator('h1')
    .first()
    .waitFor({ state: 'attached', timeout: 15_000 })
    .catch(() => undefined);
  await expect
    .poll(
      () =>
        page
          .locator(
            '.MuiSkeleton-root:not([data-deferred]), .MuiLinearProgress-indeterminate, .MuiCircularProgress-indeterminate',
          )
          .count(),
      { timeout: 15_000 },
    )
    .toBe(0);
  // Transitions (dialogs, chips, the chart's bars) end.
  await page.waitForTimeout(250);
  await animationsDone(page);
}

/**
 * Waits for the page's running transitions and animations that have an end (a fade, a collapse, a
 * chart's growing bars) to end; endless ones (a spinner, a skeleton's pulse) are not waited for. On a
 * busy machine a fade outlasts any fixed pause, and axe would judge its half-transparent text.
 */
export async function animationsDone(page: Page) {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 10_000)),
    ]),
  );
}

export async function screenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await snap(page, name);
}

/** Axe on the whole page: the violations as readable lines (empty when there are none). */
export async function axeViolations(page: Page, name: string): Promise<string[]> {
  // A transition may start just after the page's text changed (a toast opening once its request has
  // answered): wait again until no animation has been running for 150 ms, else axe measures the
  // colours of a half-faded toast (seen under load: color-contrast on a success toast).
  for (let round = 0; round < 5; round += 1) {
    await animationsDone(page);
    await page.waitForTimeout(150);
    const running = await page.evaluate(
      () =>
        document
          .getAnimations()
          .filter(
            (animation) =>
              animation.playState === 'running' &&
              Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)),
          ).length,
    );
    if (running === 0) break;
  }
  // Only the violations are read: axe then skips detailing the passing nodes, which is most of its time.
  const analysis = await new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return analysis.violations.map(
    (v) =>
      `${name}: ${v.impact}: ${v.id}: ${v.help} (${v.nodes
        .slice(0, 5)
        .map((n) => n.target.join(' '))
        .join(', ')}${v.nodes.length > 5 ? `, … ${v.nodes.length} nodes` : ''})`,
  );
}

/** The page's width at a phone's 390 px, to catch sideways scrolling. */
export const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/**
 * The browser contexts (each with its own cookies) a journey file opens, so that its afterAll
 * closes every one: `tabs.open(browser, 'phone')`, or a tab with a signed-in page's session:
 * `tabs.open(browser, 'phone', page)`. The page's console errors are collected from the start.
 */
export class BrowserTabs {
  private readonly contexts: BrowserContext[] = [];

  async open(browser: Browser, viewport: keyof typeof VIEWPORTS = 'desktop', sessionOf?: Page) {
    const context = await browser.newContext({
      viewport: VIEWPORTS[viewport],
      ...(sessionOf ? { storageState: await sessionOf.context().storageState() } : {}),
    });
    this.contexts.push(context);
    const page = await context.newPage();
    return { context, page, errors: collectErrors(page) };
  }

  /** A tab carrying an API session's cookies (`cookie`: one Cookie header, as `journey().signIn` gives). */
  async openWithCookies(browser: Browser, viewport: keyof typeof VIEWPORTS, cookie: string, url: string) {
    const tab = await this.open(browser, viewport);
    await tab.context.addCookies(
      cookie.split('; ').map((pair) => {
        const [name, ...value] = pair.split('=');
        return { name: name!, value: value.join('='), url };
      }),
    );
    return tab;
  }

  async closeAll() {
    for (const context of this.contexts.splice(0)) await context.close().catch(() => undefined);
  }
}

/**
 * Second factors enrolled by the journeys (issue 26: admins must have one; the demo's admins start
 * without), per server and e-mail: the secret, the last 30-second step used (the server never
 * accepts a step twice) and the recovery codes left.
 */
const enrolled = new Map<string, { secret: string; lastStep: number; recovery: string[] }>();

/** The TOTP code (RFC 6238, SHA-1, 6 digits, 30 s) of `secret` for a 30-second step. */
export function totpCode(secret: string, step = Math.floor(Date.now() / 30_000)): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: step * 30_000 + 1_000,
  });
}

export function journey(server: RunningServer) {
  const keyOf = (email: string) => `${server.url}|${email.toLowerCase()}`;

  /** A code the server has not seen yet: this step's, the next one's (one step of drift is
   * accepted), else a recovery code, else the next step is waited for. */
  async function secondFactorCode(email: string): Promise<string> {
    const factor = enrolled.get(keyOf(email));
    if (!factor) throw new Error(`${email} has no second factor enrolled by the journey`);
    for (;;) {
      const step = Math.floor(Date.now() / 30_000);
      for (const candidate of [step, step + 1]) {
        if (candidate > factor.lastStep) {
          factor.lastStep = candidate;
          return totpCode(factor.secret, candidate);
        }
      }
      const recovery = factor.recovery.shift();
      if (recovery) return recovery;
      await new Promise((r) => setTimeout(r, 1_000));
    }
  }

  /** Records a factor enrolled elsewhere (in the browser): its secret and the step just used. */
  function rememberFactor(email: string, secret: string, recovery: string[] = []) {
    enrolled.set(keyOf(email), { secret, lastStep: Math.floor(Date.now() / 30_000) + 1, recovery });
  }

  /** Signs in through the API; the session's cookies as one Cookie header. An account with a
   * second factor enrolled by the journey answers the code step; an admin or superadmin without
   * one enrols through the API first (setup, then enable with a computed code). */
  async function signIn(email: string, password = DEMO_PASSWORD): Promise<string> {
    const factor = enrolled.get(keyOf(email));
    const response = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        email,
        password,
        rememberMe: false,
        ...(factor && { code: await secondFactorCode(email) }),
      }),
    });
    expect(response.status, `login of ${email}`).toBe(200);
    const cookie = response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const { user } = (await response.json()) as { user: { role: string; secondFactorEnabled: boolean } };
    if ((user.role === 'admin' || user.role === 'superadmin') && !user.secondFactorEnabled) {
      const { data } = await api<{ data: { secret: string } }>(cookie, 'POST', '/auth/2fa/setup');
      const step = Math.floor(Date.now() / 30_000);
      const enabled = await api<{ data: { recoveryCodes: string[] } }>(cookie, 'POST', '/auth/2fa/enable', {
        code: totpCode(data.secret, step),
      });
      enrolled.set(keyOf(email), {
        secret: data.secret,
        lastStep: step,
        recovery: enabled.data.recoveryCodes,
      });
    }
    return cookie;
  }

  /**
   * Signs an admin in through the back office's login form: enrolled first (through the API, as
   * `signIn`), then e-mail and password, then the second step's code. The page must show the form.
   */
  async function adminFormSignIn(page: Page, email: string, password = DEMO_PASSWORD) {
    if (!enrolled.has(keyOf(email))) await signIn(email, password);
    await field(page, 'Email').fill(email);
    await field(page, 'Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const code = field(page, 'Code from your authenticator app, or a recovery code');
    await expect.poll(() => code.count(), { timeout: 15_000 }).toBe(1);
    await code.fill(await secondFactorCode(email));
    await page.getByRole('button', { name: 'Verify' }).click();
  }

  async function call(cookie: string, method: string, path: string, body?: unknown) {
    return fetch(`${server.url}/api${path}`, {
      method,
      headers: { Cookie: cookie, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  /** An API call that must succeed; its JSON answer. */
  async function api<T>(cookie: string, method: string, path: string, body?: unknown): Promise<T> {
    const response = await call(cookie, method, path, body);
    const answer = (await response.json()) as T & { message?: string };
    expect(response.ok, `${method} ${path}: ${response.status} ${answer.message ?? ''}`).toBe(true);
    return answer;
  }

  /** Waits for the server's mail worker to write the e-mail to the outbox, and reads its code. */
  async function codeFromOutbox(to: string): Promise<string> {
    const dir = join(server.dataDir, 'outbox');
    for (let i = 0; i < 60; i++) {
      const names = await readdir(dir).catch(() => [] as string[]);
      for (const name of names.sort().reverse()) {
        const mail = parseEml(await readFile(join(dir, name), 'utf8'));
        if (mail.to === to) return codeOf(mail);
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error(`no e-mail to ${to} in ${dir}`);
  }

  /** Opens a path of the app and waits for it to settle. */
  async function goto(page: Page, path: string) {
    await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
    await settled(page);
  }

  return { signIn, call, api, codeFromOutbox, goto, adminFormSignIn, secondFactorCode, rememberFactor };
}

/**
 * Gives an investor what EU 2020/1503 Art. 21 asks before investing, through the API: the knowledge
 * test (failed on purpose: the first option of every question), the risk acknowledgement of that
 * attempt, and a loss simulation (net worth €50,000: warning threshold €2,500, the higher of €1,000
 * and 5 %). Afterwards `GET /api/protection/me` misses nothing.
 */
export async function completeInvestorProfile(
  run: ReturnType<typeof journey>,
  cookie: string,
): Promise<{ warningThreshold: number }> {
  const test = await run.api<{ data: { questions: { id: string; options: { id: string }[] }[] } }>(
    cookie,
    'GET',
    '/protection/knowledge-test?lang=en',
  );
  const answers = Object.fromEntries(test.data.questions.map((q) => [q.id, q.options[0]!.id]));
  const result = await run.api<{ data: { passed: boolean } }>(
    cookie,
    'POST',
    '/protection/knowledge-test?lang=en',
    {
      answers,
    },
  );
  if (!result.data.passed) {
    await run.api(cookie, 'POST', '/protection/risk-acknowledgement?lang=en', { acknowledged: true });
  }
  await run.api(cookie, 'POST', '/protection/loss-simulation', {
    annualIncome: 40_000,
    liquidAssets: 20_000,
    annualCommitments: 10_000,
  });
  const me = await run.api<{ data: { missing: string[]; warningThreshold: number } }>(
    cookie,
    'GET',
    '/protection/me',
  );
  expect(me.data.missing).toEqual([]);
  return { warningThreshold: me.data.warningThreshold };
}
