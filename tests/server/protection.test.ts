/**
 * Investor protection (issue 25; API contract, "Investor protection"; EU 2020/1503 Art. 21,
 * Delegated Regulation 2022/2114): the entry knowledge test and its pass rule, the risk
 * acknowledgement after a failed test (Art. 21(5)), the loss simulation (Art. 21(4)), the request to be
 * treated as a sophisticated investor (Annex II) with its evidence, and the admins' side.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  KNOWLEDGE_TOPICS,
  LANGUAGE_CODES,
  type KnowledgeTopic,
  type LanguageCode,
} from '../../src-shared/constants/enums';
import { RISK_WARNING_TEXT } from '../../src-shared/contracts/protection';
import {
  knowledgeTestAttempts,
  lossSimulations,
  riskAcknowledgements,
  users,
} from '../../src-server/db/schema';
import { decryptDocument } from '../../src-server/modules/kyc/crypto';
import { QUESTIONS, RISK_WARNINGS } from '../../src-server/modules/protection/questions';
import {
  gateRefusal,
  missingFor,
  testStatus,
  testValidUntil,
} from '../../src-server/modules/protection/service';
import { testContext, TEST_KYC_KEY, type SignedIn, type TestContext } from './context';
import { multipart, type MultipartFile } from './multipart';

let t: TestContext;
let admin: SignedIn;
let png: Buffer;
let webp: Buffer;
const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

beforeAll(async () => {
  t = await testContext();
  admin = await t.injectAs('admin', { firstName: 'Ada', lastName: 'Admin' });
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#22aa66' } })
    .png()
    .toBuffer();
  webp = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#aa2266' } })
    .webp()
    .toBuffer();
});

// ------------------------------------------------------------------------------------------------
// Helpers

const investor = (overrides: Parameters<TestContext['injectAs']>[1] = {}) =>
  t.injectAs('user', { protection: 'none', ...overrides });

const wrongOption = (id: string) => {
  const q = QUESTIONS.find((x) => x.id === id)!;
  return q.options.find((o) => o.id !== q.correct)!.id;
};

/** Answers with exactly the questions `right` answered correctly, the others wrong. */
function answersWith(right: (q: (typeof QUESTIONS)[number]) => boolean): Record<string, string> {
  return Object.fromEntries(QUESTIONS.map((q) => [q.id, right(q) ? q.correct : wrongOption(q.id)]));
}
const allRight = () => answersWith(() => true);
const allWrong = () => answersWith(() => false);
/** Every question right but those named. */
const wrongOn = (...ids: string[]) => answersWith((q) => !ids.includes(q.id));
/** The first `n` questions right (in the bank's order), the others wrong. */
const firstRight = (n: number) => {
  const ids = new Set(QUESTIONS.slice(0, n).map((q) => q.id));
  return answersWith((q) => ids.has(q.id));
};

async function takeTest(who: SignedIn, answers: Record<string, string>, lang?: LanguageCode) {
  return who.inject({
    method: 'POST',
    url: `/api/protection/knowledge-test${lang ? `?lang=${lang}` : ''}`,
    payload: { answers },
  });
}

async function profile(who: SignedIn) {
  const res = await who.inject({ method: 'GET', url: '/api/protection/me' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const acknowledge = (who: SignedIn, payload: unknown = { acknowledged: true }, lang?: LanguageCode) =>
  who.inject({
    method: 'POST',
    url: `/api/protection/risk-acknowledgement${lang ? `?lang=${lang}` : ''}`,
    payload: payload as object,
  });

const simulate = (who: SignedIn, payload: unknown) =>
  who.inject({ method: 'POST', url: '/api/protection/loss-simulation', payload: payload as object });

/** How many rows of that table are the person's. */
async function rows(table: string, userId: string): Promise<number> {
  const { rows: found } = await t.database.pool.query<{ n: number }>(
    `select count(*)::int as n from ${table} where user_id = $1`,
    [userId],
  );
  return found[0]!.n;
}

const evidenceFiles = async () =>
  (await readdir(join(t.dataDir, 'private', 'protection')).catch(() => [] as string[])).sort();

function requestForm(criteria: string | string[] | undefined, files: MultipartFile[]) {
  return multipart(files, criteria === undefined ? {} : { criteria });
}
const evidence = (content: Buffer, filename = 'statement.png', type = 'image/png'): MultipartFile => ({
  field: 'evidence',
  filename,
  content,
  type,
});

function sendRequest(who: SignedIn, form: ReturnType<typeof multipart>) {
  return who.inject({
    method: 'POST',
    url: '/api/protection/sophisticated-request',
    payload: form.payload,
    headers: form.headers,
  });
}

const decide = (userId: string, body: unknown) =>
  admin.inject({ method: 'PATCH', url: `/api/admin/protection/${userId}`, payload: body as object });

// ------------------------------------------------------------------------------------------------

describe('the question bank (Delegated Regulation 2022/2114 Art. 2; contract: at least 10 questions)', () => {
  it('has at least 12 questions, at least 2 on each of the five topics, with 3-4 options and one right', () => {
    expect(QUESTIONS.length).toBeGreaterThanOrEqual(12);
    for (const topic of KNOWLEDGE_TOPICS)
      expect(QUESTIONS.filter((q) => q.topic === topic).length, topic).toBeGreaterThanOrEqual(2);
    expect(new Set(QUESTIONS.map((q) => q.id)).size).toBe(QUESTIONS.length);
    for (const q of QUESTIONS) {
      expect(q.id).toMatch(/^q\d{2}$/);
      expect(q.options.length).toBeGreaterThanOrEqual(3);
      expect(q.options.length).toBeLessThanOrEqual(4);
      expect(new Set(q.options.map((o) => o.id)).size).toBe(q.options.length);
      expect(q.options.map((o) => o.id)).toContain(q.correct);
    }
  });

  it('is written in English, German, Spanish and French: every text present and translated', () => {
    for (const q of QUESTIONS) {
      const texts = [q.text, q.explanation, ...q.options.map((o) => o.text)];
      for (const text of texts) {
        for (const lang of LANGUAGE_CODES)
          expect(text[lang].trim().length, `${q.id} ${lang}`).toBeGreaterThan(0);
      }
      // Questions and explanations are sentences: each language its own (numbers-only options may match).
      for (const text of [q.text, q.explanation])
        expect(new Set(LANGUAGE_CODES.map((lang) => text[lang])).size, q.id).toBe(LANGUAGE_CODES.length);
    }
    expect(RISK_WARNINGS.en).toBe(RISK_WARNING_TEXT);
    expect(new Set(Object.values(RISK_WARNINGS)).size).toBe(4);
  });
});

describe('the rule of what investing needs (contract; Art. 21(4) and 21(5))', () => {
  it('validity: two years to the day of the business clock; 29 February gives 28 February', () => {
    expect(testValidUntil(new Date('2026-11-26T16:00:00.000Z')).toISOString()).toBe(
      '2028-11-26T16:00:00.000Z',
    );
    expect(testValidUntil(new Date('2028-02-29T08:30:00.000Z')).toISOString()).toBe(
      '2030-02-28T08:30:00.000Z',
    );
    const latest = { passed: true, validUntil: new Date('2028-11-26T16:00:00.000Z') };
    expect(testStatus(latest, new Date('2028-11-26T16:00:00.000Z'))).toBe('passed');
    expect(testStatus(latest, new Date('2028-11-26T16:00:00.001Z'))).toBe('review_due');
    expect(testStatus({ ...latest, passed: false }, new Date('2028-11-26T16:00:00.001Z'))).toBe('review_due');
    expect(testStatus(null, new Date())).toBe('not_taken');
  });

  it('needs a passed test, or a failed one acknowledged, and a simulation; nothing for a sophisticated investor', () => {
    expect(missingFor('non_sophisticated', 'passed', false, true)).toEqual([]);
    expect(missingFor('non_sophisticated', 'failed', true, true)).toEqual([]);
    expect(missingFor('non_sophisticated', 'failed', false, true)).toEqual(['risk_acknowledgement']);
    expect(missingFor('non_sophisticated', 'not_taken', false, false)).toEqual([
      'knowledge_test',
      'loss_simulation',
    ]);
    expect(missingFor('non_sophisticated', 'review_due', true, true)).toEqual(['knowledge_test']);
    expect(missingFor('sophisticated', 'not_taken', false, false)).toEqual([]);
    expect(gateRefusal(['risk_acknowledgement', 'loss_simulation'])?.code).toBe('protection.test_required');
    expect(gateRefusal(['loss_simulation'])).toMatchObject({
      statusCode: 403,
      code: 'protection.simulation_required',
    });
    expect(gateRefusal([])).toBeNull();
  });
});

describe('GET /api/protection/knowledge-test', () => {
  it('asks every question with its options, never the answers or the explanations', async () => {
    const who = await investor();
    const res = await who.inject({ method: 'GET', url: '/api/protection/knowledge-test' });
    expect(res.statusCode).toBe(200);
    const { questions } = res.json().data;
    expect(questions).toHaveLength(QUESTIONS.length);
    expect(questions[0]).toEqual({
      id: 'q01',
      topic: 'lending_risks',
      text: QUESTIONS[0]!.text.en,
      options: QUESTIONS[0]!.options.map((o) => ({ id: o.id, text: o.text.en })),
    });
    for (const q of questions) expect(Object.keys(q).sort()).toEqual(['id', 'options', 'text', 'topic']);
    for (const q of QUESTIONS) expect(res.body).not.toContain(q.explanation.en);
    expect(res.body).not.toMatch(/"correct/);
  });

  it('speaks `lang`, else the investor’s language, else English', async () => {
    const french = await investor({ language: 'fr' });
    const asked = async (who: SignedIn, query = '') =>
      (await who.inject({ method: 'GET', url: `/api/protection/knowledge-test${query}` })).json().data
        .questions[1].text;
    expect(await asked(french)).toBe(QUESTIONS[1]!.text.fr);
    expect(await asked(french, '?lang=de')).toBe(QUESTIONS[1]!.text.de);
    expect(await asked(await investor({ language: 'es' }))).toBe(QUESTIONS[1]!.text.es);
    expect(await asked(await investor({ language: 'pt' }))).toBe(QUESTIONS[1]!.text.en);
    const bad = await french.inject({ method: 'GET', url: '/api/protection/knowledge-test?lang=it' });
    expect(bad.statusCode).toBe(400);
  });

  it('is for investors only', async () => {
    const company = await t.injectAs('corporate');
    const res = await company.inject({ method: 'GET', url: '/api/protection/knowledge-test' });
    expect(res.statusCode).toBe(403);
    expect((await admin.inject({ method: 'GET', url: '/api/protection/me' })).statusCode).toBe(403);
  });
});

describe('POST /api/protection/knowledge-test: the pass rule (at least 80 % and no topic missed)', () => {
  it('passes with every answer right, and explains each question in the investor’s language', async () => {
    const who = await investor({ language: 'de' });
    const res = await takeTest(who, allRight());
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ passed: true, score: 100, topicsMissed: [] });
    expect(data.explanations).toHaveLength(QUESTIONS.length);
    expect(data.explanations[0]).toEqual({
      questionId: 'q01',
      correct: true,
      correctOptionId: 'b',
      text: QUESTIONS[0]!.explanation.de,
    });
    expect(new Date(data.validUntil).getTime()).toBe(testValidUntil(new Date(data.takenAt)).getTime());
  });

  it('passes at exactly 80 % (12 of 15) when every topic has a right answer', async () => {
    const who = await investor();
    const res = await takeTest(who, wrongOn('q03', 'q06', 'q09'));
    expect(res.json().data).toMatchObject({ passed: true, score: 80, topicsMissed: [] });
  });

  it('fails just below (11 of 15: 73 %), saying which answers were wrong and what was right', async () => {
    const who = await investor();
    const res = await takeTest(who, wrongOn('q03', 'q06', 'q09', 'q12'), 'es');
    const data = res.json().data;
    expect(data).toMatchObject({ passed: false, score: 73, topicsMissed: [] });
    const wrong = data.explanations.filter((e: { correct: boolean }) => !e.correct);
    expect(wrong.map((e: { questionId: string }) => e.questionId)).toEqual(['q03', 'q06', 'q09', 'q12']);
    expect(wrong[3]).toMatchObject({ correctOptionId: 'b', text: QUESTIONS[11]!.explanation.es });
  });

  it('fails at 80 % when one topic has no right answer, naming the topic', async () => {
    const who = await investor();
    const missed: KnowledgeTopic = 'reflection_period';
    const res = await takeTest(
      who,
      answersWith((q) => q.topic !== missed),
    );
    expect(res.json().data).toMatchObject({ passed: false, score: 80, topicsMissed: [missed] });
    const stored = await t.database.db
      .select()
      .from(knowledgeTestAttempts)
      .where(eq(knowledgeTestAttempts.userId, who.user!.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      correct: 12,
      total: 15,
      score: 80,
      passed: false,
      topicsMissed: [missed],
    });
  });

  it.each([
    [
      'a question left out',
      () => {
        const { q07: _, ...rest } = allRight();
        return rest;
      },
    ],
    ['an option the question does not have', () => ({ ...allRight(), q03: 'e' })],
    ['an unknown question', () => ({ ...allRight(), q99: 'a' })],
    ['no answers at all', () => ({})],
    ['an answer that is not text', () => ({ ...allRight(), q01: 2 })],
  ])('refuses %s with 400 protection.answers_invalid and stores nothing', async (_name, build) => {
    const who = await investor();
    const res = await takeTest(who, build() as Record<string, string>);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toMatch(/^protection\.answers_invalid$|^common\.invalid_value$/);
    expect(await rows('knowledge_test_attempts', who.user!.id)).toBe(0);
  });

  it('refuses a body without answers as protection.answers_invalid', async () => {
    const who = await investor();
    for (const payload of [{}, { answers: 'all b' }, { answers: ['b'] }]) {
      const res = await who.inject({ method: 'POST', url: '/api/protection/knowledge-test', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('protection.answers_invalid');
    }
    expect(await rows('knowledge_test_attempts', who.user!.id)).toBe(0);
  });

  it('keeps every attempt: a retake is a new row and the profile shows the latest', async () => {
    const who = await investor();
    expect((await takeTest(who, allWrong())).json().data).toMatchObject({ passed: false, score: 0 });
    const first = await profile(who);
    expect(first.knowledgeTest).toMatchObject({ status: 'failed', score: 0 });
    expect((await takeTest(who, allRight())).json().data.passed).toBe(true);
    expect((await takeTest(who, wrongOn('q03', 'q06'))).json().data.score).toBe(86);
    expect(await rows('knowledge_test_attempts', who.user!.id)).toBe(3);
    const latest = await profile(who);
    expect(latest.knowledgeTest).toMatchObject({ status: 'passed', score: 86 });
    expect(new Date(latest.knowledgeTest.takenAt).getTime()).toBeGreaterThanOrEqual(
      new Date(first.knowledgeTest.takenAt).getTime(),
    );
    const history = (
      await admin.inject({ method: 'GET', url: `/api/admin/protection/${who.user!.id}/history` })
    ).json().data;
    expect(history.tests.map((x: { score: number }) => x.score)).toEqual([86, 100, 0]);
  });
});

describe('the profile and the risk acknowledgement (Art. 21(5))', () => {
  it('walks from nothing to ready: test, acknowledgement, simulation', async () => {
    const who = await investor({ language: 'fr' });
    expect(await profile(who)).toEqual({
      category: 'non_sophisticated',
      knowledgeTest: { status: 'not_taken', takenAt: null, validUntil: null, score: null },
      riskAcknowledgedAt: null,
      lossCapacity: null,
      warningThreshold: 1000,
      sophisticatedRequest: null,
      missing: ['knowledge_test', 'loss_simulation'],
    });
    const none = await acknowledge(who);
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('protection.no_failed_test');

    await takeTest(who, firstRight(5));
    expect(await profile(who)).toMatchObject({
      knowledgeTest: { status: 'failed', score: 33 },
      riskAcknowledgedAt: null,
      missing: ['risk_acknowledgement', 'loss_simulation'],
    });

    const ack = await acknowledge(who);
    expect(ack.statusCode, ack.body).toBe(200);
    expect(ack.json().data.text).toBe(RISK_WARNINGS.fr);
    const acknowledged = await profile(who);
    expect(acknowledged.riskAcknowledgedAt).toBe(ack.json().data.acknowledgedAt);
    expect(acknowledged.missing).toEqual(['loss_simulation']);

    expect(
      (await simulate(who, { annualIncome: 40000, liquidAssets: 30000, annualCommitments: 10000 }))
        .statusCode,
    ).toBe(200);
    const ready = await profile(who);
    expect(ready.missing).toEqual([]);
    expect(ready.lossCapacity).toMatchObject({ netWorth: 60000, capacity: 6000 });
    expect(ready.warningThreshold).toBe(3000);
  });

  it('stores one acknowledgement per failed attempt, with the text shown; a repeat answers the first', async () => {
    const who = await investor();
    await takeTest(who, allWrong(), 'es');
    const first = await acknowledge(who);
    const again = await acknowledge(who, { acknowledged: true }, 'de');
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    expect(first.json().data.text).toBe(RISK_WARNINGS.es); // the language the test was taken in
    const stored = await t.database.db
      .select()
      .from(riskAcknowledgements)
      .where(eq(riskAcknowledgements.userId, who.user!.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.warningText).toBe(RISK_WARNINGS.es);
  });

  it('takes the warning in the language shown (`lang`)', async () => {
    const who = await investor();
    await takeTest(who, allWrong());
    expect((await acknowledge(who, { acknowledged: true }, 'de')).json().data.text).toBe(RISK_WARNINGS.de);
  });

  it('asks again after a new failed attempt, and not after a passed one', async () => {
    const who = await investor();
    await takeTest(who, allWrong());
    await acknowledge(who);
    await takeTest(who, firstRight(3));
    expect(await profile(who)).toMatchObject({
      riskAcknowledgedAt: null,
      missing: ['risk_acknowledgement', 'loss_simulation'],
    });
    await takeTest(who, allRight());
    const passed = await acknowledge(who);
    expect(passed.statusCode).toBe(409);
    expect(passed.json().code).toBe('protection.no_failed_test');
    expect((await profile(who)).missing).toEqual(['loss_simulation']);
    expect(await rows('risk_acknowledgements', who.user!.id)).toBe(1);
  });

  it('refuses anything but { acknowledged: true } and stores nothing', async () => {
    const who = await investor();
    await takeTest(who, allWrong());
    for (const payload of [{ acknowledged: false }, { acknowledged: 'true' }, {}]) {
      const res = await acknowledge(who, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('protection.acknowledgement_invalid');
    }
    expect(await rows('risk_acknowledgements', who.user!.id)).toBe(0);
  });

  it('two confirmations at the same moment store one row', async () => {
    const who = await investor();
    await takeTest(who, allWrong());
    const answers = await Promise.all([acknowledge(who), acknowledge(who), acknowledge(who)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((r) => r.json().data.acknowledgedAt)).size).toBe(1);
    expect(await rows('risk_acknowledgements', who.user!.id)).toBe(1);
  });
});

describe('POST /api/protection/loss-simulation (Art. 21(4))', () => {
  it('answers net worth, capacity (10 %, rounded down to the cent) and the warning threshold; stores cents', async () => {
    const who = await investor();
    const res = await simulate(who, { annualIncome: 30000, liquidAssets: 5000.55, annualCommitments: 12000 });
    expect(res.statusCode, res.body).toBe(200);
    // 23,000.55: 10 % is 2,300.055 -> 2,300.05; 5 % is 1,150.0275 -> 1,150.02 (above EUR 1,000).
    expect(res.json().data).toEqual({ netWorth: 23000.55, capacity: 2300.05, warningThreshold: 1150.02 });
    const [row] = await t.database.db
      .select()
      .from(lossSimulations)
      .where(eq(lossSimulations.userId, who.user!.id));
    expect(row).toMatchObject({
      annualIncomeCents: 3_000_000n,
      liquidAssetsCents: 500_055n,
      annualCommitmentsCents: 1_200_000n,
      netWorthCents: 2_300_055n,
      capacityCents: 230_005n,
    });
  });

  it('a negative net worth has no capacity and the EUR 1,000 threshold', async () => {
    const who = await investor();
    const res = await simulate(who, { annualIncome: 0, liquidAssets: 100, annualCommitments: 600.5 });
    expect(res.json().data).toEqual({ netWorth: -500.5, capacity: 0, warningThreshold: 1000 });
    expect((await profile(who)).lossCapacity).toMatchObject({ netWorth: -500.5, capacity: 0 });
  });

  it('keeps every simulation; the profile shows the latest', async () => {
    const who = await investor();
    await simulate(who, { annualIncome: 10000, liquidAssets: 0, annualCommitments: 0 });
    await simulate(who, { annualIncome: 100000, liquidAssets: 0, annualCommitments: 0 });
    expect(await rows('loss_simulations', who.user!.id)).toBe(2);
    expect(await profile(who)).toMatchObject({
      lossCapacity: { netWorth: 100000, capacity: 10000 },
      warningThreshold: 5000,
    });
  });

  it.each([
    [{ annualIncome: -1, liquidAssets: 0, annualCommitments: 0 }, 'protection.amount_invalid'],
    [{ annualIncome: 12.345, liquidAssets: 0, annualCommitments: 0 }, 'protection.amount_invalid'],
    [{ annualIncome: '100', liquidAssets: 0, annualCommitments: 0 }, 'protection.amount_invalid'],
    [{ annualIncome: 100, liquidAssets: 0 }, 'protection.amount_invalid'],
    [{ annualIncome: 100, liquidAssets: 1e11, annualCommitments: 0 }, 'input.amount_too_large'],
  ])('refuses %j with 400 %s and stores nothing', async (payload, code) => {
    const who = await investor();
    const res = await simulate(who, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(code);
    expect(await rows('loss_simulations', who.user!.id)).toBe(0);
  });
});

describe('POST /api/protection/sophisticated-request (Annex II)', () => {
  it('stores the criteria and the evidence, encrypted outside the public uploads', async () => {
    const who = await investor();
    const before = await evidenceFiles();
    const res = await sendRequest(
      who,
      requestForm(
        ['financial_sector_experience', 'income_or_portfolio'],
        [evidence(png, 'bank statement.png')],
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      // In the order of Annex II.
      criteria: ['income_or_portfolio', 'financial_sector_experience'],
      status: 'pending',
      reason: null,
      decidedAt: null,
      evidence: { name: 'bank statement.png', mimeType: 'image/png', size: png.length },
    });
    const added = (await evidenceFiles()).filter((f) => !before.includes(f));
    expect(added).toHaveLength(1);
    const stored = await readFile(join(t.dataDir, 'private', 'protection', added[0]!));
    expect(stored.includes(png.subarray(16, 48))).toBe(false);
    expect(decryptDocument(Buffer.from(TEST_KYC_KEY, 'hex'), stored).equals(png)).toBe(true);
    expect((await profile(who)).sophisticatedRequest).toEqual(data);
  });

  it('takes the criteria as one JSON array too, and WebP and PDF evidence', async () => {
    const a = await investor();
    const json = await sendRequest(
      a,
      requestForm('["executive_position","capital_market_transactions"]', [
        evidence(webp, 'w.webp', 'image/webp'),
      ]),
    );
    expect(json.statusCode, json.body).toBe(201);
    expect(json.json().data.evidence.mimeType).toBe('image/webp');
    const b = await investor();
    const pdfRequest = await sendRequest(
      b,
      requestForm(
        ['legal_own_funds', 'legal_net_turnover'],
        [evidence(pdf, 'accounts.pdf', 'application/pdf')],
      ),
    );
    expect(pdfRequest.statusCode, pdfRequest.body).toBe(201);
    expect(pdfRequest.json().data.evidence.mimeType).toBe('application/pdf');
  });

  it.each([
    ['one criterion only', ['income_or_portfolio'], 400, 'protection.criteria_too_few'],
    [
      'the same criterion twice',
      ['income_or_portfolio', 'income_or_portfolio'],
      400,
      'protection.criteria_too_few',
    ],
    ['no criteria', undefined, 400, 'protection.criteria_too_few'],
    ['an unknown criterion', ['income_or_portfolio', 'rich_uncle'], 400, 'protection.criteria_invalid'],
    ['a JSON list with a number', '["income_or_portfolio", 7]', 400, 'protection.criteria_invalid'],
  ])('refuses %s (%s) and stores nothing', async (_name, criteria, status, code) => {
    const who = await investor();
    const before = await evidenceFiles();
    const res = await sendRequest(who, requestForm(criteria, [evidence(png)]));
    expect(res.statusCode).toBe(status);
    expect(res.json().code).toBe(code);
    expect(await rows('sophisticated_requests', who.user!.id)).toBe(0);
    expect(await evidenceFiles()).toEqual(before);
  });

  it('names the unknown criterion', async () => {
    const res = await sendRequest(
      await investor(),
      requestForm(['income_or_portfolio', 'rich_uncle'], [evidence(png)]),
    );
    expect(res.json()).toMatchObject({
      message: 'Unknown criterion: rich_uncle.',
      params: { value: 'rich_uncle' },
    });
  });

  it('refuses a missing evidence (400) and a file that is not an image or a PDF by its bytes (415)', async () => {
    const who = await investor();
    const criteria = ['income_or_portfolio', 'executive_position'];
    const missing = await sendRequest(who, requestForm(criteria, []));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('protection.evidence_required');
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    for (const fake of [
      evidence(html, 'x.png'),
      evidence(Buffer.from('\x89PNG\r\n\x1a\nnot really'), 'y.png'),
    ]) {
      const wrong = await sendRequest(who, requestForm(criteria, [fake]));
      expect(wrong.statusCode).toBe(415);
      expect(wrong.json().code).toBe('protection.evidence_type');
    }
    const notMultipart = await who.inject({
      method: 'POST',
      url: '/api/protection/sophisticated-request',
      payload: { criteria },
    });
    expect(notMultipart.statusCode).toBe(415);
    expect(await rows('sophisticated_requests', who.user!.id)).toBe(0);
  });

  it('refuses a second request while one waits (409 protection.request_pending)', async () => {
    const who = await investor();
    const form = () => requestForm(['income_or_portfolio', 'executive_position'], [evidence(png)]);
    expect((await sendRequest(who, form())).statusCode).toBe(201);
    const files = await evidenceFiles();
    const again = await sendRequest(who, form());
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('protection.request_pending');
    expect(await rows('sophisticated_requests', who.user!.id)).toBe(1);
    expect(await evidenceFiles()).toEqual(files);
  });

  it('two requests at the same moment make one', async () => {
    const who = await investor();
    const form = () => requestForm(['income_or_portfolio', 'executive_position'], [evidence(png)]);
    const answers = await Promise.all([
      sendRequest(who, form()),
      sendRequest(who, form()),
      sendRequest(who, form()),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await rows('sophisticated_requests', who.user!.id)).toBe(1);
  });
});

describe('admins decide (PATCH /api/admin/protection/{userId})', () => {
  it('accepting makes the investor sophisticated: nothing missing any more, and an e-mail in their language', async () => {
    const who = await investor({ language: 'de' });
    const sent = await sendRequest(
      who,
      requestForm(['income_or_portfolio', 'executive_position'], [evidence(png)]),
    );
    expect(sent.statusCode).toBe(201);
    const res = await decide(who.user!.id, {
      status: 'accepted',
      reason: 'Payslips and employer letter checked.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      _id: sent.json().data._id,
      status: 'accepted',
      reason: 'Payslips and employer letter checked.',
      user: { id: who.user!.id, email: who.user!.email },
      decidedBy: { id: admin.user!.id, firstName: 'Ada', lastName: 'Admin' },
    });
    expect(res.json().data.decidedAt).toEqual(expect.any(String));
    const [row] = await t.database.db.select().from(users).where(eq(users.id, who.user!.id));
    expect(row!.investorCategory).toBe('sophisticated');
    expect(await profile(who)).toMatchObject({
      category: 'sophisticated',
      missing: [],
      sophisticatedRequest: { status: 'accepted' },
    });
    const mails = (await t.outbox()).filter((m) => m.to === who.user!.email);
    expect(mails.map((m) => m.subject)).toEqual(['Sie werden jetzt als kundiger Anleger eingestuft']);
    // A sophisticated investor may still simulate; a new request is refused.
    expect((await simulate(who, { annualIncome: 1, liquidAssets: 0, annualCommitments: 0 })).statusCode).toBe(
      200,
    );
    const again = await sendRequest(
      who,
      requestForm(['income_or_portfolio', 'executive_position'], [evidence(png)]),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('protection.already_sophisticated');
  });

  it('rejecting keeps the investor non-sophisticated, shows them the reason, and lets them ask again', async () => {
    const who = await investor();
    await sendRequest(who, requestForm(['income_or_portfolio', 'executive_position'], [evidence(png)]));
    const res = await decide(who.user!.id, {
      status: 'rejected',
      reason: '  The statement is 3 years old.  ',
    });
    expect(res.statusCode).toBe(200);
    expect(await profile(who)).toMatchObject({
      category: 'non_sophisticated',
      missing: ['knowledge_test', 'loss_simulation'],
      sophisticatedRequest: { status: 'rejected', reason: 'The statement is 3 years old.' },
    });
    const mail = (await t.outbox()).find((m) => m.to === who.user!.email)!;
    expect(mail.subject).toBe('Your request to be treated as a sophisticated investor was not accepted');
    expect(mail.text).toContain('Reason: The statement is 3 years old.');
    const again = await sendRequest(
      who,
      requestForm(['income_or_portfolio', 'executive_position'], [evidence(png)]),
    );
    expect(again.statusCode).toBe(201);
  });

  it('answers 404 protection.request_not_found when nothing waits, and changes nothing', async () => {
    const who = await investor();
    const none = await decide(who.user!.id, { status: 'accepted', reason: 'Looks fine.' });
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe('protection.request_not_found');
    await sendRequest(who, requestForm(['income_or_portfolio', 'executive_position'], [evidence(png)]));
    await decide(who.user!.id, { status: 'accepted', reason: 'Checked.' });
    // Reverting a sophisticated investor: no pending request, so 404 (decision 0097).
    const revert = await decide(who.user!.id, { status: 'rejected', reason: 'Changed my mind.' });
    expect(revert.statusCode).toBe(404);
    expect((await profile(who)).category).toBe('sophisticated');
  });

  it.each([
    [{ status: 'accepted' }, 'protection.reason_required'],
    [{ status: 'accepted', reason: '   ' }, 'protection.reason_required'],
    [{ status: 'pending', reason: 'x' }, 'protection.decision_invalid'],
  ])('refuses %j with 400 %s', async (body, code) => {
    const who = await investor();
    await sendRequest(who, requestForm(['income_or_portfolio', 'executive_position'], [evidence(png)]));
    const res = await decide(who.user!.id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(code);
    expect((await profile(who)).sophisticatedRequest.status).toBe('pending');
  });
});

describe('admins read (list, evidence, history)', () => {
  it('lists the requests newest first, by status and by name or e-mail', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const first = await investor({ firstName: 'Lina', lastName: `Early${tag}` });
    const second = await investor({ firstName: 'Omar', lastName: `Late${tag}` });
    for (const who of [first, second])
      expect(
        (await sendRequest(who, requestForm(['income_or_portfolio', 'executive_position'], [evidence(png)])))
          .statusCode,
      ).toBe(201);
    await decide(first.user!.id, { status: 'rejected', reason: 'Unreadable.' });
    const list = async (query: string) => {
      const res = await admin.inject({ method: 'GET', url: `/api/admin/protection?${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const mine = await list(`search=${tag}`);
    expect(mine.data.map((r: { user: { id: string } }) => r.user.id)).toEqual([
      second.user!.id,
      first.user!.id,
    ]);
    expect(mine.pagination).toMatchObject({ page: 1, total: 2 });
    expect(
      (await list(`search=${tag}&status=pending`)).data.map((r: { status: string }) => r.status),
    ).toEqual(['pending']);
    const rejected = (await list(`search=${second.user!.email}`)).data;
    expect(rejected).toHaveLength(1);
    expect((await list(`search=${tag}&limit=1&page=2`)).data[0].user.id).toBe(first.user!.id);
    expect(
      (await admin.inject({ method: 'GET', url: '/api/admin/protection?status=waiting' })).statusCode,
    ).toBe(400);
  });

  it('serves the evidence to admins only, decrypted, not cached, with its name', async () => {
    const who = await investor();
    const sent = await sendRequest(
      who,
      requestForm(
        ['income_or_portfolio', 'executive_position'],
        [evidence(pdf, 'Jahresabschluß 2025 (Bank).pdf', 'application/pdf')],
      ),
    );
    const url = `/api/admin/protection/requests/${sent.json().data._id}/evidence`;
    const res = await admin.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(pdf)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="Jahresabschlu_2025_Bank_.pdf"; filename*=UTF-8''Jahresabschlu%C3%9F%202025%20%28Bank%29.pdf`,
    );
    for (const other of [who, await t.injectAs('corporate')]) {
      const refused = await other.inject({ method: 'GET', url });
      expect(refused.statusCode).toBe(403);
      expect(refused.body).not.toContain('%PDF');
    }
    const unknown = await admin.inject({
      method: 'GET',
      url: '/api/admin/protection/requests/00000000-0000-4000-8000-000000000000/evidence',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('protection.request_not_found');
  });

  it('shows an investor’s whole history, newest first', async () => {
    const who = await investor();
    await takeTest(who, allWrong());
    await acknowledge(who);
    await takeTest(who, allRight());
    await simulate(who, { annualIncome: 1000, liquidAssets: 0, annualCommitments: 0 });
    await simulate(who, { annualIncome: 2000, liquidAssets: 0, annualCommitments: 0 });
    await sendRequest(who, requestForm(['income_or_portfolio', 'executive_position'], [evidence(png)]));
    await decide(who.user!.id, { status: 'rejected', reason: 'Old.' });
    await sendRequest(who, requestForm(['income_or_portfolio', 'legal_own_funds'], [evidence(png)]));
    const res = await admin.inject({ method: 'GET', url: `/api/admin/protection/${who.user!.id}/history` });
    expect(res.statusCode).toBe(200);
    const history = res.json().data;
    expect(history.category).toBe('non_sophisticated');
    expect(history.tests.map((x: { passed: boolean }) => x.passed)).toEqual([true, false]);
    expect(history.acknowledgements).toEqual([
      { _id: expect.any(String), acknowledgedAt: expect.any(String), text: RISK_WARNING_TEXT },
    ]);
    expect(history.simulations.map((s: { annualIncome: number }) => s.annualIncome)).toEqual([2000, 1000]);
    expect(history.requests.map((r: { status: string }) => r.status)).toEqual(['pending', 'rejected']);
    expect(history.requests[1].decidedBy).toMatchObject({ id: admin.user!.id });

    const company = await t.injectAs('corporate');
    const notInvestor = await admin.inject({
      method: 'GET',
      url: `/api/admin/protection/${company.user!.id}/history`,
    });
    expect(notInvestor.statusCode).toBe(404);
    expect(notInvestor.json().code).toBe('protection.not_investor');
    const forbidden = await who.inject({
      method: 'GET',
      url: `/api/admin/protection/${who.user!.id}/history`,
    });
    expect(forbidden.statusCode).toBe(403);
  });
});
