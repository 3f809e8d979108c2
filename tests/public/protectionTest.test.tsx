import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { KnowledgeTestResult, ProtectionProfile } from '../../src-shared/contracts/protection';
import type { LanguageCode } from '../../src-shared/constants/enums';
import {
  bodiesOf,
  findToast,
  jsonResponse,
  mockSignedIn,
  openPage,
  setUpPageTests,
  type ApiCall,
  type Handler,
} from './helpers';
import { ACK, ME, questionsDe, questionsEn, sampleProfile, TEST } from './protectionSamples';

setUpPageTests(
  () => import('../../src-public/investor/InvestorLayout'),
  () => import('../../src-public/investor/protection/KnowledgeTestPage'),
);

const PAGE = '/user/profile/investor/test';
const WARNING =
  'An investment in a crowdfunding project includes the risk of losing the entirety of the money invested.';

/** One wrong answer of three: 67 %, the lending risks topic with none right. */
const failedResult: KnowledgeTestResult = {
  passed: false,
  score: 67,
  topicsMissed: ['lending_risks'],
  takenAt: '2026-11-20T10:00:00Z',
  validUntil: '2028-11-20T10:00:00Z',
  explanations: [
    {
      questionId: 'q1',
      correct: false,
      correctOptionId: 'b',
      text: 'A borrower can default: nothing is guaranteed.',
    },
    {
      questionId: 'q2',
      correct: true,
      correctOptionId: 'a',
      text: 'Many small loans limit the loss of one.',
    },
    { questionId: 'q3', correct: true, correctOptionId: 'a', text: 'Art. 22(2): four days.' },
  ],
};

const passedResult: KnowledgeTestResult = {
  ...failedResult,
  passed: true,
  score: 100,
  topicsMissed: [],
  explanations: failedResult.explanations.map((item) => ({ ...item, correct: true })),
};

/**
 * The server's side: the questions per language, the result of a POST, and a profile that follows
 * (a failed test needs the acknowledgement, which the acknowledgement call records).
 */
function server(result: KnowledgeTestResult, start: Partial<ProtectionProfile> = {}) {
  let profile = sampleProfile(start);
  const handlers: Record<string, Handler> = {
    [`GET ${ME}`]: () => ({ data: profile }),
    [`GET ${TEST}`]: (call: ApiCall) => ({
      data: {
        questions:
          new URL(call.url, 'http://x').searchParams.get('lang') === 'de' ? questionsDe : questionsEn,
      },
    }),
    [`POST ${TEST}`]: () => {
      profile = sampleProfile({
        knowledgeTest: {
          status: result.passed ? 'passed' : 'failed',
          takenAt: result.takenAt,
          validUntil: result.validUntil,
          score: result.score,
        },
        missing: [result.passed ? null : 'risk_acknowledgement', 'loss_simulation'].filter(
          (step): step is 'risk_acknowledgement' | 'loss_simulation' => step !== null,
        ),
      });
      return { data: result };
    },
    [`POST ${ACK}`]: () => {
      profile = { ...profile, riskAcknowledgedAt: '2026-11-20T10:05:00Z', missing: ['loss_simulation'] };
      return { message: 'Acknowledged.' };
    },
  };
  return handlers;
}

async function openTest(
  handlers: Record<string, Handler>,
  { entry = PAGE, language = 'en' }: { entry?: string; language?: LanguageCode } = {},
) {
  const api = mockSignedIn(handlers);
  const user = userEvent.setup();
  const rendered = await openPage(entry, language === 'en' ? 'Knowledge test' : 'Kenntnistest', { language });
  return { ...rendered, ...api, user };
}

const question = (name: RegExp) => screen.findByRole('group', { name });

async function answer(user: UserEvent, choices: [RegExp, string][]) {
  for (const [name, option] of choices) {
    await user.click(within(await question(name)).getByRole('radio', { name: option }));
  }
}

const ALL_ANSWERS: [RegExp, string][] = [
  [/^1\. What can happen/, 'It is guaranteed by the platform.'],
  [/^2\. How do you reduce/, 'Spread your money over many loans.'],
  [/^3\. How long can you revoke/, '4 days'],
];

const submit = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Submit my answers' }));

describe('the knowledge test (/user/profile/investor/test, EU 2020/1503 Art. 21(2) and (3))', () => {
  it('asks each question as a radio group in the reader language, and says the pass mark and the 2 years', async () => {
    const { calls } = await openTest(server(failedResult));
    const first = await question(/^1\. What can happen to the money/);
    expect(first.tagName).toBe('FIELDSET');
    expect(within(first).getAllByRole('radio')).toHaveLength(2);
    expect(screen.getAllByRole('group')).toHaveLength(3);
    expect(
      screen.getByText(
        /at least 80% right answers and at least one right answer on each topic\. A passed test is valid for 2 years\./,
      ),
    ).toBeVisible();
    expect(calls.find((call) => call.path === TEST)?.url).toBe(`${TEST}?lang=en`);
  });

  it('names the questions still unanswered and sends nothing', async () => {
    const { user, calls } = await openTest(server(failedResult));
    await answer(user, [ALL_ANSWERS[0]!]);
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Please answer every question\. Still unanswered: 2, 3\.$/,
    );
    const second = await question(/^2\. /);
    expect(within(second).getByText('Choose an answer.')).toBeVisible();
    expect(within(second).getAllByRole('radio')[0]).toHaveFocus();
    expect(within(await question(/^1\. /)).queryByText('Choose an answer.')).not.toBeInTheDocument();
    expect(bodiesOf(calls, 'POST', TEST)).toEqual([]);
  });

  it('after a failure: the score, the topic missed, every answer explained, and the warning until acknowledged', async () => {
    const { user, calls } = await openTest(server(failedResult));
    await answer(user, ALL_ANSWERS);
    await submit(user);

    const result = within(await screen.findByRole('region', { name: 'Your result' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Your result' })).toHaveFocus();
    expect(bodiesOf(calls, 'POST', TEST)).toEqual([{ answers: { q1: 'a', q2: 'a', q3: 'a' } }]);
    expect(calls.find((call) => call.method === 'POST')?.url).toBe(`${TEST}?lang=en`);
    expect(
      result.getByText(
        'Not passed: 67% of your answers are right. You need at least 80% and one right answer on each topic.',
      ),
    ).toBeVisible();
    expect(result.getByText('Topics with no right answer: Risks of lending.')).toBeVisible();

    const explained = result.getAllByRole('listitem');
    expect(explained).toHaveLength(3);
    expect(explained[0]).toHaveTextContent(
      /What can happen.*WrongYour answer: It is guaranteed by the platform\.Right answer: You can lose all of it\.A borrower can default: nothing is guaranteed\./,
    );
    expect(explained[1]).toHaveTextContent(
      /RightYour answer: Spread your money over many loans\.Many small loans/,
    );
    expect(within(explained[1]!).queryByText(/^Right answer:/)).not.toBeInTheDocument();

    // Art. 21(5): the warning stays until acknowledged.
    const warning = within(result.getByRole('region', { name: 'Warning about your test result' }));
    expect(warning.getByText(WARNING)).toBeVisible();
    await user.click(warning.getByRole('button', { name: 'I have read and understood this warning' }));
    expect(await findToast('Thank you: your confirmation of the risk warning is saved.')).toBeVisible();
    expect(bodiesOf(calls, 'POST', ACK)).toEqual([{ acknowledged: true }]);
    // Stored as shown: in the reader's language.
    expect(calls.find((call) => call.path === ACK)?.url).toBe(`${ACK}?lang=en`);
    expect(await result.findByText('You confirmed the risk warning on Nov 20, 2026.')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Warning about your test result' })).not.toBeInTheDocument();
    expect(result.getByRole('link', { name: 'Next step: Simulate the loss you could bear' })).toHaveAttribute(
      'href',
      '/user/profile/investor/simulation',
    );
  });

  it('Retake starts again with no answer chosen', async () => {
    const { user } = await openTest(server(failedResult));
    await answer(user, ALL_ANSWERS);
    await submit(user);
    await screen.findByRole('region', { name: 'Your result' });
    await user.click(screen.getByRole('button', { name: 'Retake the test' }));
    const first = await question(/^1\. /);
    for (const radio of within(first).getAllByRole('radio')) expect(radio).not.toBeChecked();
    expect(screen.queryByRole('region', { name: 'Your result' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 2, name: 'The questions (3)' })).toHaveFocus(),
    );
  });

  it('after a pass: the validity and, coming from a venture, the next step keeps the way back', async () => {
    const { user } = await openTest(server(passedResult), { entry: `${PAGE}?next=/ventures/abc` });
    await answer(user, ALL_ANSWERS);
    await submit(user);
    const result = within(await screen.findByRole('region', { name: 'Your result' }));
    expect(result.getByText('Passed: 100% of your answers are right.')).toBeVisible();
    expect(result.getByText('Your result is valid for 2 years, until Nov 20, 2028.')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Warning about your test result' })).not.toBeInTheDocument();
    expect(
      await result.findByRole('link', { name: 'Next step: Simulate the loss you could bear' }),
    ).toHaveAttribute(
      'href',
      `/user/profile/investor/simulation?next=${encodeURIComponent('/ventures/abc')}`,
    );
  });

  it('asks the questions again in the new language when the reader changes it', async () => {
    const { i18n, calls } = await openTest(server(failedResult));
    await question(/^1\. What can happen/);
    await act(() => i18n.changeLanguage('de'));
    expect(await question(/^1\. Was kann mit dem Geld geschehen/)).toBeVisible();
    expect(calls.filter((call) => call.path === TEST).map((call) => call.url)).toEqual([
      `${TEST}?lang=en`,
      `${TEST}?lang=de`,
    ]);
  });

  it("shows the server's refusal, worded by its code, and no result", async () => {
    const { user } = await openTest({
      ...server(failedResult),
      [`POST ${TEST}`]: jsonResponse(400, {
        code: 'protection.answers_invalid',
        message: 'Answer every question of the test with one of its options.',
      }),
    });
    await answer(user, ALL_ANSWERS);
    await submit(user);
    const refusal = 'Answer every question of the test with one of its options.';
    expect(await findToast(refusal)).toBeVisible();
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(refusal);
    expect(screen.queryByRole('region', { name: 'Your result' })).not.toBeInTheDocument();
  });

  it('opened after a failed test: the latest result, the warning to acknowledge, and Retake', async () => {
    const { user } = await openTest(
      server(failedResult, {
        knowledgeTest: { status: 'failed', takenAt: '2026-11-20T10:00:00Z', validUntil: null, score: 40 },
        missing: ['risk_acknowledgement', 'loss_simulation'],
      }),
    );
    const last = within(await screen.findByRole('region', { name: 'Your latest test' }));
    expect(last.getByText('Not passed')).toBeVisible();
    expect(last.getByText('40%')).toBeVisible();
    expect(last.getByRole('region', { name: 'Warning about your test result' })).toHaveTextContent(WARNING);
    await user.click(last.getByRole('button', { name: 'Retake the test' }));
    expect(await question(/^1\. /)).toBeVisible();
  });

  it('shows the warning of the regulation in French, Spanish and German', async () => {
    const failed = {
      knowledgeTest: {
        status: 'failed' as const,
        takenAt: '2026-11-20T10:00:00Z',
        validUntil: null,
        score: 40,
      },
    };
    const texts: [LanguageCode, string, string][] = [
      [
        'fr',
        'Test de connaissances',
        "Un investissement dans un projet de financement participatif comporte le risque de perdre la totalité de l'argent investi.",
      ],
      [
        'es',
        'Prueba de conocimientos',
        'Una inversión en un proyecto de financiación participativa conlleva el riesgo de perder la totalidad del dinero invertido.',
      ],
      [
        'de',
        'Kenntnistest',
        'Eine Investition in ein Schwarmfinanzierungsprojekt ist mit dem Risiko verbunden, das gesamte investierte Geld zu verlieren.',
      ],
    ];
    for (const [language, title, text] of texts) {
      mockSignedIn(server(failedResult, failed));
      const { unmount } = await openPage(PAGE, title, { language });
      expect(await screen.findByText(text)).toBeVisible();
      unmount();
    }
  });
});
