import { beforeAll, describe, expect, it } from 'vitest';
import { testContext, type TestContext } from './context';

let t: TestContext;

/** 30,000 ventures, most of them public, so the planner sees a realistic table. */
beforeAll(async () => {
  t = await testContext();
  const owner = await t.createUser({ role: 'corporate' });
  await t.database.pool.query(
    `INSERT INTO ventures (title, short_description, long_description, collateral_description, country, venture_type,
       risk_level, min_investment_cents, max_investment_cents, target_amount_cents, expected_return, investment_period,
       closing_date, collateral_value_cents, loan_to_value, tags, lifecycle_status, visibility, admin_status,
       created_by, created_at)
     SELECT 'Venture ' || g, 'Short text ' || md5(g::text), 'Long', 'Collateral',
       (ARRAY['KE','NG','GH','RW','SN'])[1 + g % 5],
       (ARRAY['business','sme','leasing','realestate'])[1 + g % 4]::venture_type,
       (ARRAY['low','medium','high'])[1 + g % 3]::risk_level,
       3000 + (g % 50) * 1000, 1000000, 5000000 + g, 5 + (g % 40), 12,
       now() + ((g % 120) || ' days')::interval, 6000000, 80, ARRAY['tag' || (g % 100)],
       (ARRAY['new','coming-soon','funded','repaid'])[1 + g % 4]::lifecycle_status,
       CASE WHEN g % 10 = 0 THEN 'draft' ELSE 'public' END::visibility,
       CASE WHEN g % 7 = 0 THEN 'pending' ELSE 'approved' END::admin_status,
       $1, now() - (g || ' minutes')::interval
     FROM generate_series(1, 30000) g`,
    [owner.id],
  );
  await t.database.pool.query('ANALYZE ventures');
}, 120_000);

async function plan(query: string): Promise<string> {
  const { rows } = await t.database.pool.query(`EXPLAIN ${query}`);
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

const PUBLIC = `admin_status = 'approved' AND visibility = 'public' AND NOT is_deleted`;

describe('query plans on 30,000 ventures', () => {
  it.each([
    [`ORDER BY created_at DESC, id DESC`, 'ventures_public_created_at_id_idx'],
    [`ORDER BY closing_date, id`, 'ventures_public_closingDate_idx'],
    [`ORDER BY expected_return DESC, id DESC`, 'ventures_public_expectedReturn_idx'],
    [`ORDER BY target_amount_cents, id`, 'ventures_public_targetAmountCents_idx'],
  ])('the public list %s reads %s, not the whole table', async (order, index) => {
    const text = await plan(`SELECT id FROM ventures WHERE ${PUBLIC} ${order} LIMIT 9`);
    expect(text).toContain(index);
    expect(text).not.toContain('Seq Scan');
  });

  it('search uses the trigram index', async () => {
    const text = await plan(`SELECT id FROM ventures WHERE search_text ILIKE '%tag42 %' AND ${PUBLIC}`);
    expect(text).toContain('ventures_search_text_idx');
  });

  it('a closing-soon filter uses the closing-date index', async () => {
    const text = await plan(
      `SELECT id FROM ventures WHERE ${PUBLIC} AND closing_date >= now() AND closing_date <= now() + interval '3 days' ORDER BY created_at DESC LIMIT 9`,
    );
    expect(text).not.toContain('Seq Scan');
  });
});
