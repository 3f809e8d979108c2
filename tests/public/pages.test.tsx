import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HELP_TOPICS, helpFeedbackKey } from '../../src-public/pages/HelpPage';
import {
  jsonResponse,
  mockApi,
  mockSignedIn,
  renderApp,
  sampleDashboard,
  sampleUser,
  sampleVenture,
  setUpPageTests,
} from './helpers';

setUpPageTests(
  () => import('../../src-public/pages/HelpPage'),
  () => import('../../src-public/pages/HowToInvestPage'),
  () => import('../../src-public/pages/ContactUsPage'),
  () => import('../../src-public/pages/AboutUsPage'),
  () => import('../../src-public/pages/CookiePolicyPage'),
  () => import('../../src-public/ventures/VenturesPage'),
  () => import('../../src-public/ventures/VentureDetailPage'),
  () => import('../../src-public/investor/InvestorLayout'),
  () => import('../../src-public/investor/OverviewPage'),
  () => import('../../src-public/investor/InvestmentsPage'),
  () => import('../../src-public/investor/VerificationPage'),
  () => import('../../src-public/investor/ProfilePage'),
);

describe('help centre', () => {
  beforeEach(() => HELP_TOPICS.forEach((topic) => window.localStorage.removeItem(helpFeedbackKey(topic))));

  it('opens on How to Register and keeps the first feedback answer', async () => {
    mockApi();
    const user = userEvent.setup();
    renderApp('/help');
    expect(await screen.findByRole('heading', { level: 1, name: 'Help Center' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'How to Register' })).toBeVisible();
    const topics = within(screen.getByRole('navigation', { name: 'Help topics' }));
    expect(topics.getAllByRole('button').map((item) => item.textContent)).toEqual([
      'Getting Started',
      'How to Register',
      'How to Invest',
      'How to Get Funding',
    ]);

    await user.click(screen.getByRole('button', { name: 'No' }));
    expect(screen.getByText("We'll work on improving this!")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Yes' })).not.toBeInTheDocument();

    await user.click(topics.getByRole('button', { name: 'Getting Started' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Getting Started' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(screen.getByText('Thanks for your feedback!')).toBeInTheDocument();
  });

  it("keeps each article's answer after a reload, without a way to change it", async () => {
    mockApi();
    const user = userEvent.setup();
    const first = renderApp('/help');
    expect(await screen.findByRole('heading', { level: 2, name: 'How to Register' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'No' }));
    expect(screen.getByRole('status')).toHaveTextContent(/^We'll work on improving this!Your answer: No$/);
    expect(window.localStorage.getItem('help-feedback:how-to-register')).toBe('no');
    first.unmount();

    // A reload: the answer is read back, per article.
    renderApp('/help');
    expect(await screen.findByRole('heading', { level: 2, name: 'How to Register' })).toBeVisible();
    const feedback = within(screen.getByRole('group', { name: 'Was this article helpful?' }));
    expect(feedback.getByRole('status')).toHaveTextContent(/^We'll work on improving this!Your answer: No$/);
    expect(feedback.queryByRole('button')).not.toBeInTheDocument();

    // Another article is still unanswered.
    const topics = within(screen.getByRole('navigation', { name: 'Help topics' }));
    await user.click(topics.getByRole('button', { name: 'How to Invest' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'How to Invest' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Yes' })).toBeVisible();
    expect(screen.queryByText("We'll work on improving this!")).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(screen.getByRole('status')).toHaveTextContent(/^Thanks for your feedback!Your answer: Yes$/);
    expect(window.localStorage.getItem('help-feedback:how-to-invest')).toBe('yes');
    expect(window.localStorage.getItem('help-feedback:how-to-register')).toBe('no');
  });

  it('shows an answer given earlier in German', async () => {
    window.localStorage.setItem(helpFeedbackKey('getting-started'), 'yes');
    mockApi();
    renderApp('/help?topic=getting-started', { language: 'de' });
    const feedback = within(await screen.findByRole('group', { name: 'War dieser Artikel hilfreich?' }));
    expect(feedback.getByRole('status')).toHaveTextContent(/^Danke für Ihr Feedback!Ihre Antwort: Ja$/);
    expect(feedback.queryByRole('button', { name: 'Ja' })).not.toBeInTheDocument();
  });

  it('/support renders the help centre', async () => {
    mockApi();
    renderApp('/support');
    expect(await screen.findByRole('heading', { level: 1, name: 'Help Center' })).toBeVisible();
  });
});

describe('static pages', () => {
  it('How To Invest lists six steps with the spec links', async () => {
    mockApi();
    renderApp('/how-to-invest');
    expect(await screen.findByRole('heading', { level: 1, name: 'How To Invest' })).toBeVisible();
    const steps = within(screen.getByRole('main')).getAllByRole('heading', { level: 2 });
    expect(steps.map((step) => step.textContent)).toEqual([
      'Step 1: Create an account',
      'Step 2: Add balance',
      'Step 3: Complete identity verification',
      'Step 4: Choose a venture',
      'Step 5: Invest and track progress',
      'Step 6: Withdraw your profits',
    ]);
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Verify your identity' })).toHaveAttribute(
      'href',
      '/dashboard/verification',
    );
    expect(screen.getByRole('link', { name: 'Browse ventures' })).toHaveAttribute('href', '/ventures');
  });

  it('Contact shows the cards and both buttons', async () => {
    mockApi();
    renderApp('/contact-us');
    expect(await screen.findByRole('heading', { level: 1, name: 'Get in touch' })).toBeVisible();
    expect(screen.getByText('Mon-Fri 9AM-6PM')).toBeInTheDocument();
    expect(screen.getByText(/Tallinn/, { selector: 'address' })).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'INVEST NOW' })).toHaveAttribute('href', '/ventures');
    expect(main.getByRole('link', { name: 'GET HELP' })).toHaveAttribute('href', '/help');
  });

  it('About Us shows eight team members with a social and a mail link each', async () => {
    mockApi();
    renderApp('/about-us');
    await screen.findByRole('heading', { level: 1, name: 'About Us' });
    const team = screen.getByRole('heading', { level: 2, name: 'Meet the team' })
      .parentElement as HTMLElement;
    expect(within(team).getAllByRole('heading', { level: 3 })).toHaveLength(8);
    expect(within(team).getAllByRole('link', { name: /^Send an e-mail to/ })).toHaveLength(8);
    expect(within(team).getAllByRole('link', { name: /opens in a new tab/ })).toHaveLength(8);
  });

  it('the legal pages show their version and last update date', async () => {
    mockApi();
    renderApp('/cookie-policy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cookie Policy' })).toBeVisible();
    expect(screen.getByText('Version 1.1 · Last updated November 26, 2026')).toBeInTheDocument();
  });

  it('the terms describe the platform, its protections, fees and default, in numbered sections', async () => {
    mockApi();
    renderApp('/terms-and-conditions');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms & Conditions' })).toBeVisible();
    expect(screen.getByText('Version 2.0 · Last updated November 26, 2026')).toBeInTheDocument();
    const headings = within(screen.getByRole('main'))
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(headings).toHaveLength(19);
    expect(headings).toEqual(
      expect.arrayContaining([
        '1. What AfriVest is',
        '5. Investment risk',
        '6. Investor categories',
        '7. Knowledge test and loss simulation',
        '8. Reflection period',
        '11. Fees',
        '13. If a company does not pay',
        '16. Ending the agreement',
        '18. Governing law',
      ]),
    );
    // The company's facts are filled in, and the fee and the reflection period are the platform's.
    expect(
      screen.getByText(
        /AfriVest Capital OÜ, registered in Estonia under registration number 16543210, Narva mnt 5, 10117 Tallinn, Estonia/,
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/Regulation \(EU\) 2020\/1503 and offer lending-based crowdfunding/),
    ).toBeInTheDocument();
    expect(screen.getByText(/for 4 days \(96 hours\) after you make it \(Art\. 22\)/)).toBeInTheDocument();
    expect(screen.getByText(/currently 1 %/)).toBeInTheDocument();
  });

  it('the privacy policy names the data kept, why, how long, who receives it and the rights, in German too', async () => {
    mockApi();
    renderApp('/privacy-policy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    expect(screen.getByText('Version 2.0 · Last updated November 26, 2026')).toBeInTheDocument();
    for (const title of [
      '3. Identity verification',
      '4. Investor protection records',
      '7. Sessions, cookies and logs',
      '11. How long we keep data',
      '12. Your rights',
      '13. Complaints',
    ])
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeVisible();
    expect(screen.getByText(/stored encrypted \(AES-256-GCM\)/)).toBeInTheDocument();
    expect(screen.getByText(/Andmekaitse Inspektsioon/)).toBeInTheDocument();
    expect(screen.getByText(/portability, Art\. 20/)).toBeInTheDocument();
    cleanup();

    renderApp('/privacy-policy', { language: 'de' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Datenschutzerklärung' })).toBeVisible();
    expect(screen.getByText('Version 2.0 · Zuletzt aktualisiert am 26. November 2026')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '12. Ihre Rechte' })).toBeVisible();
  });
});

describe('ventures', () => {
  it('lists ventures with page buttons that request the chosen page', async () => {
    const { calls } = mockApi({
      'GET /api/ventures': (call: { url: string }) =>
        call.url.includes('page=2')
          ? {
              data: [{ ...sampleVenture, _id: 'p2', title: 'Page Two Venture' }],
              pagination: { totalPages: 2 },
            }
          : { data: [sampleVenture], pagination: { totalPages: 2 } },
    });
    const user = userEvent.setup();
    renderApp('/ventures');
    expect(await screen.findByRole('heading', { level: 2, name: sampleVenture.title })).toBeVisible();
    expect(calls[0]?.url).toBe('/api/ventures?sortBy=createdAt&order=desc&page=1&limit=9');
    expect(screen.getByText('25% funded')).toBeInTheDocument();
    expect(screen.getByText('18 months')).toBeInTheDocument();
    expect(screen.getByText('Non-convertible')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: `Invest in ${sampleVenture.title}` })).toHaveAttribute(
      'href',
      '/ventures/abc/investment-form',
    );
    expect(screen.getByRole('link', { name: 'BACK TO HOME' })).toHaveAttribute('href', '/');

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Page Two Venture' })).toBeVisible();
    expect(calls.at(-1)?.url).toContain('page=2');
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it("shows 'No projects match your current filters.' with Reset Filters for an empty list", async () => {
    mockApi({ 'GET /api/ventures': { data: [], pagination: { totalPages: 0 } } });
    renderApp('/ventures');
    expect(await screen.findByText('No projects match your current filters.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reset Filters' })).toBeInTheDocument();
  });

  it('only logs a failed list: no empty-result message', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi({
      'GET /api/ventures': jsonResponse(500, {
        message: 'Something went wrong.',
        code: 'common.server_error',
      }),
    });
    renderApp('/ventures');
    await screen.findByRole('heading', { level: 1, name: 'Ventures' });
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.queryByText('No projects match your current filters.')).not.toBeInTheDocument();
    warn.mockRestore();
  });

  it("venture page: 'No venture found.' for an unknown id, 'Failed to fetch venture details.' on errors", async () => {
    mockApi({
      'GET /api/ventures/id/broken': jsonResponse(500, {
        message: 'Something went wrong.',
        code: 'common.server_error',
      }),
    });
    const { router } = renderApp('/ventures/missing');
    expect(await screen.findByRole('heading', { level: 1, name: 'No venture found.' })).toBeVisible();
    await router.navigate('/ventures/broken');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Failed to fetch venture details.' }),
    ).toBeVisible();
  });

  it("venture page shows 'Loading venture...' and then the venture, with 'Still Not Approved' before go-live", async () => {
    let release: ((response: Response) => void) | undefined;
    mockApi({ 'GET /api/ventures/id/abc': () => new Promise<Response>((resolve) => (release = resolve)) });
    renderApp('/ventures/abc');
    expect(await screen.findByText('Loading venture...')).toBeInTheDocument();
    // The request may leave after the loading state shows (a busy machine): wait for it.
    await waitFor(() => expect(release).toBeDefined());
    release!(jsonResponse(200, { data: { ...sampleVenture, goesLiveAt: null, adminStatus: 'pending' } }));
    expect(await screen.findByRole('heading', { level: 1, name: sampleVenture.title })).toBeVisible();
    expect(screen.getByText('Still Not Approved')).toBeInTheDocument();
    expect(screen.getByText('Medium Risk')).toBeInTheDocument();
    expect(screen.getByText('Pending')).toBeInTheDocument();
    expect(screen.getByText(/This venture is non-convertible/)).toBeInTheDocument();
  });

  it('the invest dialog checks the minimum and maximum before posting', async () => {
    const { calls } = mockSignedIn({
      'GET /api/ventures/id/abc': { data: sampleVenture },
      'GET /api/kyc/my-verification': { statusInOurSystem: 'complete' },
      'POST /api/investments': jsonResponse(403, {
        message: 'Please complete identity verification before investing.',
        code: 'investment.not_verified',
      }),
    });
    const user = userEvent.setup();
    renderApp('/ventures/abc/investment-form');
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(await dialog.findByLabelText(/Amount/), '10');
    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    expect(dialog.getByText('Minimum investment is €50.00')).toBeInTheDocument();

    await user.clear(dialog.getByLabelText(/Amount/));
    await user.type(dialog.getByLabelText(/Amount/), '6000');
    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    expect(dialog.getByText('Maximum investment is €5,000.00')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.clear(dialog.getByLabelText(/Amount/));
    await user.type(dialog.getByLabelText(/Amount/), '100');
    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    await user.click(
      dialog.getByRole('checkbox', { name: 'I have read the key investment information sheet' }),
    );
    await user.click(dialog.getByRole('button', { name: 'Confirm investment' }));
    expect(
      await dialog.findByText('Please complete identity verification before investing.'),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ ventureId: 'abc', amount: 100 });
  });
});

describe('investor area', () => {
  it('overview greets the investor and shows the figures of GET /api/dashboard/investor', async () => {
    mockSignedIn({ 'GET /api/dashboard/investor': { data: sampleDashboard } });
    renderApp('/user/overview');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada!' })).toBeVisible();
    const nav = within(screen.getByRole('navigation', { name: 'Investor area' }));
    expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/user/overview');
    expect(nav.getByRole('link', { name: 'Funding' })).toHaveAttribute('href', '/user/funding');
    expect(nav.getByRole('link', { name: 'Investments' })).toHaveAttribute('href', '/user/investments');
    expect(nav.getByRole('link', { name: 'Verification' })).toHaveAttribute('href', '/user/verification');
    expect(nav.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/user/profile');
    expect(nav.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(await screen.findByText('Investment in Nairobi Solar Microgrid')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add funds' })).toHaveAttribute('href', '/user/funding');
    expect(screen.getByText('-€300.00')).toBeInTheDocument();
  });

  it("investments: a table from the API, 'Untitled Venture' when the title is missing", async () => {
    mockSignedIn({
      'GET /api/investments/my-investments': {
        data: [
          {
            _id: 'i1',
            venture: { _id: 'abc', title: 'Nairobi Solar Microgrid' },
            amount: 100,
            profitPaid: 5,
            status: 'invested',
          },
          { _id: 'i2', venture: null, amount: 250.5, profitPaid: 0, status: 'repaid' },
        ],
      },
    });
    renderApp('/user/investments');
    expect(await screen.findByRole('link', { name: 'Nairobi Solar Microgrid' })).toHaveAttribute(
      'href',
      '/ventures/abc',
    );
    expect(screen.getByText('Untitled Venture')).toBeInTheDocument();
    expect(screen.getByText('€250.50')).toBeInTheDocument();
    expect(screen.getByText('Repaid')).toBeInTheDocument();
  });

  it("verification: 'Checking status...' then 'Verify Your Identity' or 'Verified & Ready!'", async () => {
    let release: ((response: Response) => void) | undefined;
    mockSignedIn({
      'GET /api/kyc/my-verification': () => new Promise<Response>((resolve) => (release = resolve)),
    });
    renderApp('/user/verification');
    expect(await screen.findByText('Checking status...')).toBeInTheDocument();
    // The text shows before the call is made: answer only once it is.
    await waitFor(() => expect(release).toBeDefined());
    release?.(jsonResponse(200, { statusInOurSystem: 'not_started' }));
    expect(await screen.findByRole('heading', { name: 'Verify Your Identity' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Start Verification' })).toBeEnabled();
  });

  it('verification: complete shows Verified & Ready!', async () => {
    mockSignedIn({ 'GET /api/kyc/my-verification': { statusInOurSystem: 'complete' } });
    renderApp('/user/verification');
    expect(await screen.findByText('Verified & Ready!')).toBeInTheDocument();
  });

  it('profile: loads the user, sends no password unless both are given', async () => {
    const { calls } = mockSignedIn({
      'PUT /api/profile/update': { message: 'Profile updated successfully.', data: sampleUser },
    });
    const user = userEvent.setup();
    renderApp('/user/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
    expect(screen.getByLabelText(/First name/)).toHaveValue('Ada');
    expect(screen.getByRole('combobox', { name: /City/ })).toHaveTextContent('Tallinn');
    await user.type(screen.getByLabelText(/New password/), 'newpassword');
    await user.type(screen.getByLabelText(/Confirm password/), 'newpassword');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Profile updated successfully.')).toBeInTheDocument();
    const body = calls.find((call) => call.method === 'PUT')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ firstName: 'Ada', city: 'Tallinn', latestNewsNotification: true });
    expect(body).not.toHaveProperty('newPassword');
    expect(body).not.toHaveProperty('currentPassword');
  });

  it('logout posts /api/auth/logout and goes to /login', async () => {
    const { calls } = mockSignedIn({ 'POST /api/auth/logout': { message: 'Logged out.' } });
    const user = userEvent.setup();
    const { router } = renderApp('/user/overview');
    await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada!' });
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/auth/logout')).toBe(true);
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });
});
