/**
 * The investor's side of loan servicing (API contract, "Loan servicing": what investors see per
 * investment): GET /api/investments/my-investments rows carry the loan's figures, and GET
 * /api/investments/{investmentId} the investor's share of the schedule, what came back, the next
 * payment and the loan's history. Through the real calls: invest, fund, pay, move the business date.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testContext, type SignedIn, type TestContext } from './context';
import { openVenture, verifiedInvestor } from './money-helpers';

let t: TestContext;
let admin: SignedIn;
let superadmin: SignedIn;

const investAs = (person: SignedIn, ventureId: string, amount: number) =>
  person.inject({ method: 'POST', url: '/api/investments', payload: { ventureId, amount } });
const mine = async (person: SignedIn) =>
  (await person.inject({ method: 'GET', url: '/api/investments/my-investments' })).json().data;
const detail = (person: SignedIn, id: string) =>
  person.inject({ method: 'GET', url: `/api/investments/${id}` });

/** 'YYYY-MM-DD' plus whole days. */
const plusDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await testContext();
  admin = await t.injectAs('admin');
  superadmin = await t.injectAs('superadmin');
});

describe("the investor's loan figures", () => {
  it('lists each investment with its loan, shows its share of the schedule, and answers 404 for anyone else', async () => {
    // €300 at 12 % a year over 3 months, bullet: €3.00 interest a month, the principal at the end.
    const venture = await openVenture(t, {
      title: 'Bakery ovens',
      targetAmountCents: 30_000n,
      minInvestmentCents: 10_000n,
      maxInvestmentCents: 30_000n,
      expectedReturn: '12.00',
      investmentPeriod: 3,
    });
    const amina = await verifiedInvestor(t, 100_000n, undefined, 'sophisticated');
    const kofi = await verifiedInvestor(t, 100_000n, undefined, 'sophisticated');
    const raising = await investAs(amina, venture.id, 100);
    expect(raising.statusCode).toBe(201);
    const aminasId: string = raising.json().data._id;
    expect(await mine(amina)).toEqual([
      expect.objectContaining({ _id: aminasId, status: 'invested', loanStatus: null, nextPaymentDate: null }),
    ]);
    const before = await detail(amina, aminasId);
    expect(before.json().data).toMatchObject({ status: 'invested', installments: null, nextPayment: null });

    expect((await investAs(kofi, venture.id, 200)).statusCode).toBe(201); // funded: the loan starts
    const today: string = (await admin.inject({ method: 'GET', url: '/api/admin/business-date' })).json().data
      .date;
    const [running] = await mine(amina);
    const firstDue: string = running.nextPaymentDate;
    expect(firstDue > today).toBe(true);
    expect(running).toMatchObject({
      status: 'completed',
      loanStatus: 'current',
      daysLate: 0,
      outstandingPrincipal: 100,
      receivedInterest: 0,
    });

    // The first instalment (€3.00 interest) paid: Amina's third is €1.00, less the 1 % service fee.
    const paid = await admin.inject({
      method: 'POST',
      url: `/api/ventures/admin/${venture.id}/repayments`,
      payload: { amount: 3, note: 'Bank transfer' },
    });
    expect(paid.statusCode).toBe(200);
    const page = await detail(amina, aminasId);
    expect(page.statusCode).toBe(200);
    const data = page.json().data;
    expect(data).toMatchObject({
      venture: { _id: venture.id, title: 'Bakery ovens', repaymentType: 'bullet' },
      amount: 100,
      status: 'completed',
      loanStatus: 'current',
      outstandingPrincipal: 100,
      receivedPrincipal: 0,
      receivedInterest: 1,
      receivedLateInterest: 0,
      serviceFees: 0.01,
      writtenOff: 0,
      nextPayment: { number: 2, amount: 1 },
    });
    expect(data.nextPaymentDate).toBe(data.nextPayment.dueDate);
    expect(
      data.installments.map((i: { number: number; principal: number; interest: number; status: string }) => [
        i.number,
        i.principal,
        i.interest,
        i.status,
      ]),
    ).toEqual([
      [1, 0, 1, 'paid'],
      [2, 0, 1, 'scheduled'],
      [3, 100, 1, 'scheduled'],
    ]);
    expect(data.installments[0].dueDate).toBe(firstDue);
    expect(data.installments[0].paidAt).toBe(today);
    expect(data.history.map((h: { kind: string; credited: number | null }) => [h.kind, h.credited])).toEqual(
      expect.arrayContaining([
        ['disbursed', null],
        ['payment', 0.99],
      ]),
    );

    // Three days after the second due date, unpaid: late.
    const secondDue: string = data.nextPayment.dueDate;
    const moved = await superadmin.inject({
      method: 'PUT',
      url: '/api/admin/business-date',
      payload: { date: plusDays(secondDue, 3) },
    });
    expect(moved.statusCode).toBe(200);
    expect((await mine(amina))[0]).toMatchObject({
      loanStatus: 'late_1_15',
      daysLate: 3,
      nextPaymentDate: secondDue,
    });
    const late = (await detail(amina, aminasId)).json().data;
    expect(late.history.at(-1)).toMatchObject({ kind: 'status', status: 'late_1_15', credited: null });

    // Not Amina's, or no such investment: 404, nothing said about it.
    const kofisId: string = (await mine(kofi))[0]._id;
    for (const id of [kofisId, '00000000-0000-4000-8000-000000000000']) {
      const other = await detail(amina, id);
      expect(other.statusCode).toBe(404);
      expect(JSON.stringify(other.json())).not.toContain('Bakery');
    }
  });
});
