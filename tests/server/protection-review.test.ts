/**
 * The knowledge test is valid for two years of business time (EU 2020/1503 Art. 21(3): the assessment
 * is reviewed every two years; API contract: `review_due` after that). A superadmin moves the business
 * date (PUT /api/admin/business-date, BUSINESS_DATE_CONTROL in tests) past the test's `validUntil`:
 * the investor must take the test again before investing, and the earlier attempts stay in the history.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src-shared/rules/schedule';
import { QUESTIONS } from '../../src-server/modules/protection/questions';
import { testContext, type SignedIn, type TestContext } from './context';

let t: TestContext;
let superadmin: SignedIn;

async function call(who: SignedIn, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const res = await who.inject({ method, url, ...(payload && { payload }) });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
}
const moveTo = (date: string) => call(superadmin, 'PUT', '/api/admin/business-date', { date });
const profile = async (who: SignedIn) => (await call(who, 'GET', '/api/protection/me')).data;
const answers = (right: boolean) =>
  Object.fromEntries(
    QUESTIONS.map((q) => [q.id, right ? q.correct : q.options.find((o) => o.id !== q.correct)!.id]),
  );
const takeTest = (who: SignedIn, right: boolean) =>
  call(who, 'POST', '/api/protection/knowledge-test', { answers: answers(right) });

beforeAll(async () => {
  t = await testContext();
  superadmin = await t.injectAs('superadmin');
});

describe('two years after the test (business date moved)', () => {
  it('is `review_due`: the test is needed again, the old attempts stay, a retake counts from its day', async () => {
    const passed = await t.injectAs('user', { protection: 'none' });
    const acknowledged = await t.injectAs('user', { protection: 'none' });
    const taken = (await takeTest(passed, true)).data;
    await takeTest(acknowledged, false);
    await call(acknowledged, 'POST', '/api/protection/risk-acknowledgement', { acknowledged: true });
    for (const who of [passed, acknowledged])
      await call(who, 'POST', '/api/protection/loss-simulation', {
        annualIncome: 50000,
        liquidAssets: 10000,
        annualCommitments: 20000,
      });
    const validUntil = new Date(taken.validUntil);
    expect(validUntil.getUTCFullYear()).toBe(new Date(taken.takenAt).getUTCFullYear() + 2);

    // The day before the two years end: still valid.
    await moveTo(addDays(validUntil.toISOString().slice(0, 10), -1));
    expect(await profile(passed)).toMatchObject({ knowledgeTest: { status: 'passed' }, missing: [] });
    expect(await profile(acknowledged)).toMatchObject({ knowledgeTest: { status: 'failed' }, missing: [] });

    // The day after: review due, for a passed test and for an acknowledged failed one alike.
    await moveTo(addDays(validUntil.toISOString().slice(0, 10), 1));
    expect(await profile(passed)).toMatchObject({
      knowledgeTest: {
        status: 'review_due',
        takenAt: taken.takenAt,
        validUntil: taken.validUntil,
        score: 100,
      },
      missing: ['knowledge_test'],
    });
    expect((await profile(acknowledged)).missing).toEqual(['knowledge_test']);

    const retake = (await takeTest(passed, true)).data;
    expect(new Date(retake.takenAt).getTime()).toBeGreaterThan(validUntil.getTime());
    expect(await profile(passed)).toMatchObject({
      knowledgeTest: { status: 'passed', takenAt: retake.takenAt, validUntil: retake.validUntil },
      missing: [],
    });
    const admin = await t.injectAs('admin');
    const history = (await call(admin, 'GET', `/api/admin/protection/${passed.user!.id}/history`)).data;
    expect(history.tests.map((x: { takenAt: string }) => x.takenAt)).toEqual([retake.takenAt, taken.takenAt]);
  });
});
