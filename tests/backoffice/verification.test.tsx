import { resources } from '../../src-shared/i18n/catalogs';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../src-shared/i18n';
import { theme } from '../../src-shared/theme';
import type { LanguageCode } from '../../src-shared/constants/enums';
import { VerificationPage } from '../../src-backoffice/corporate/pages/VerificationPage';
import { createApiClient, type ApiClient } from '../../src-shared/api/http';
import { createDataProvider } from '../../src-backoffice/providers/dataProvider';
import { createI18nProvider } from '../../src-backoffice/providers/i18nProvider';

const UNDER_REVIEW = 'Your documents are being reviewed. We will e-mail you the result.';

type Answer = { status: number; json: unknown };

/** A client whose fetch answers GET my-verification and POST start-verification like the API. */
function client(mine: Answer, start: Answer = { status: 200, json: {} }): ApiClient {
  return createApiClient({
    baseUrl: 'http://backoffice.test',
    fetch: async (request) => {
      const answer = request.url.endsWith('/kyc/my-verification')
        ? mine
        : request.url.endsWith('/kyc/start-verification') && request.method === 'POST'
          ? start
          : { status: 404, json: { message: 'Not found.', code: 'common.not_found' } };
      return new Response(JSON.stringify(answer.json), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    },
  });
}

function renderPage(api: ApiClient, language: LanguageCode = 'en') {
  const i18nProvider = createI18nProvider(createI18n(language, 'backoffice', resources));
  const dataProvider = createDataProvider({ app: 'corporate', client: api, i18n: i18nProvider.i18n });
  return render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} theme={theme}>
      <VerificationPage />
      <Notification />
    </AdminContext>,
  );
}

const mine = (fields: object): Answer => ({
  status: 200,
  json: { statusInOurSystem: 'not_started', reason: null, submittedAt: null, decidedAt: null, ...fields },
});

/** react-admin's dataProvider hook logs every failed call; these failures are on purpose. */
const quietFailures = () => vi.spyOn(console, 'error').mockImplementation(() => {});

describe('corporate verification tab', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.localStorage.clear();
  });

  it("shows 'Checking status...', then 'Verified & Ready!' when complete", async () => {
    renderPage(client(mine({ statusInOurSystem: 'complete' })));
    expect(await screen.findByText('Checking status...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Verified & Ready!' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Start Verification' })).not.toBeInTheDocument();
  });

  it("shows the reviewer's reason for a rejected verification and keeps Start Verification", async () => {
    renderPage(
      client(mine({ statusInOurSystem: 'rejected', reason: 'The company register extract is missing.' })),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify Your Identity' })).toBeVisible();
    expect(screen.getByText('Current status: Rejected')).toBeVisible();
    expect(
      screen.getByText('Your verification was not approved: The company register extract is missing.'),
    ).toBeVisible();
    expect(screen.getByText('You can start a new verification with the button below.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Start Verification' })).toBeEnabled();
  });

  it('says documents under review are being reviewed, without Start Verification', async () => {
    renderPage(client(mine({ statusInOurSystem: 'pending', submittedAt: '2026-03-03T10:00:00Z' })));
    expect(
      await screen.findByText(
        'Your documents were received on Mar 3, 2026 and are being reviewed. We will e-mail you the result.',
      ),
    ).toBeVisible();
    expect(screen.getByText('Current status: Pending')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Start Verification' })).not.toBeInTheDocument();
  });

  it('says a pending verification without a submission date is being reviewed', async () => {
    renderPage(client(mine({ statusInOurSystem: 'pending' })));
    expect(
      await screen.findByText('Your verification is being reviewed. We will e-mail you when it is done.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Start Verification' })).not.toBeInTheDocument();
  });

  it('shows the 409 of a start refused because documents arrived meanwhile (another tab)', async () => {
    quietFailures();
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderPage(client(mine({}), { status: 409, json: { message: UNDER_REVIEW, code: 'kyc.under_review' } }));
    await userEvent.click(await screen.findByRole('button', { name: 'Start Verification' }));
    expect(await screen.findByText(UNDER_REVIEW)).toBeVisible();
    expect(open).not.toHaveBeenCalled();
  });

  it('words the review notice and the 409 in French', async () => {
    quietFailures();
    vi.spyOn(window, 'open').mockImplementation(() => null);
    const { unmount } = renderPage(
      client(mine({ statusInOurSystem: 'pending', submittedAt: '2026-03-03T10:00:00Z' })),
      'fr',
    );
    expect(
      await screen.findByText(
        "Vos documents ont été reçus le 3 mars 2026 et sont en cours d'examen. Nous vous enverrons le résultat par e-mail.",
      ),
    ).toBeVisible();
    unmount();
    renderPage(
      client(mine({}), { status: 409, json: { message: UNDER_REVIEW, code: 'kyc.under_review' } }),
      'fr',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Commencer la vérification' }));
    expect(
      await screen.findByText(
        "Vos documents sont en cours d'examen. Nous vous enverrons le résultat par e-mail.",
      ),
    ).toBeVisible();
  });

  it("opens the link with 'Verification link generated!'", async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const url = 'http://127.0.0.1:3000/kyc/corp-token';
    renderPage(
      client(mine({}), {
        status: 200,
        json: { message: 'Verification link generated!', verificationUrl: url },
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Start Verification' }));
    expect(await screen.findByText('Verification link generated!')).toBeVisible();
    expect(open).toHaveBeenCalledWith(url, '_blank', 'noopener');
    expect(screen.getByRole('link', { name: 'Open the verification page' })).toHaveAttribute('href', url);
  });

  it("counts a failed status check as pending with 'Could not check verification status'", async () => {
    quietFailures();
    renderPage(
      client({ status: 500, json: { message: 'Something went wrong.', code: 'common.server_error' } }),
    );
    expect(await screen.findByText('Could not check verification status')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Verify Your Identity' })).toBeVisible();
    expect(screen.queryByText(/being reviewed/)).not.toBeInTheDocument();
  });
});
