/**
 * The corporate venture status (issue 30, item 8; decision 0201): one status per venture for its
 * company, the review status secondary, every case of src-shared/rules/ventureStatus.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  CORPORATE_VENTURE_STATUSES,
  corporateVentureStatus,
  type CorporateStatusInput,
} from '../../src-shared/rules/ventureStatus';

const NOW = new Date('2026-11-27T10:00:00.000Z');
const LIVE: CorporateStatusInput = {
  visibility: 'public',
  adminStatus: 'approved',
  lifecycleStatus: 'new',
  cancelledAt: null,
  goesLiveAt: '2026-11-20T09:00:00.000Z',
  loanStatus: null,
  revisionStatus: null,
};
const of = (changes: Partial<CorporateStatusInput>) => corporateVentureStatus({ ...LIVE, ...changes }, NOW);

describe('corporateVentureStatus', () => {
  it.each([
    [
      'a draft (never submitted): Draft, no review chip',
      { visibility: 'draft', adminStatus: 'pending', lifecycleStatus: 'coming-soon', goesLiveAt: null },
      'draft',
      null,
    ],
    [
      'a draft without an admin status yet',
      { visibility: 'draft', adminStatus: null, lifecycleStatus: 'coming-soon', goesLiveAt: null },
      'draft',
      null,
    ],
    [
      'submitted, waiting',
      { adminStatus: 'pending', lifecycleStatus: 'coming-soon', goesLiveAt: null },
      'in_review',
      'pending',
    ],
    [
      'submitted, under review',
      {
        visibility: 'private',
        adminStatus: 'under-review',
        lifecycleStatus: 'coming-soon',
        goesLiveAt: null,
      },
      'in_review',
      'under-review',
    ],
    [
      'rejected: Changes requested',
      { adminStatus: 'rejected', lifecycleStatus: 'coming-soon', goesLiveAt: null },
      'changes_requested',
      null,
    ],
    [
      'rejected and back to a draft: still Changes requested',
      { visibility: 'draft', adminStatus: 'rejected', lifecycleStatus: 'coming-soon' },
      'changes_requested',
      null,
    ],
    ['approved, going live later', { goesLiveAt: '2026-11-28T09:00:00.000Z' }, 'approved', 'approved'],
    [
      'approved, still coming-soon',
      { lifecycleStatus: 'coming-soon', goesLiveAt: null },
      'approved',
      'approved',
    ],
    ['approved and live: raising', {}, 'live', 'approved'],
    ['live at exactly goesLiveAt', { goesLiveAt: NOW.toISOString() }, 'live', 'approved'],
    ['live, a revision waits for review', { revisionStatus: 'pending' }, 'live', 'revision_pending'],
    ['live, the last revision was rejected', { revisionStatus: 'rejected' }, 'live', 'revision_rejected'],
    [
      'funded, the loan not started (reflection periods open)',
      { lifecycleStatus: 'funded' },
      'funded',
      'approved',
    ],
    [
      'funded and the loan running',
      { lifecycleStatus: 'funded', loanStatus: 'current' },
      'repaying',
      'approved',
    ],
    [
      'a late loan is still repaying',
      { lifecycleStatus: 'funded', loanStatus: 'late_16_30' },
      'repaying',
      'approved',
    ],
    [
      'a defaulted loan in recovery is still repaying',
      { lifecycleStatus: 'funded', loanStatus: 'recovery' },
      'repaying',
      'approved',
    ],
    ['repaid by the lifecycle', { lifecycleStatus: 'repaid', loanStatus: null }, 'repaid', 'approved'],
    ['repaid by the loan', { lifecycleStatus: 'funded', loanStatus: 'repaid' }, 'repaid', 'approved'],
    ['written off', { lifecycleStatus: 'funded', loanStatus: 'written_off' }, 'written_off', 'approved'],
    [
      'cancelled (refunded): rejected by the cancellation, Cancelled wins',
      { adminStatus: 'rejected', cancelledAt: '2026-11-26T09:00:00.000Z' },
      'cancelled',
      null,
    ],
    [
      'a cancelled draft',
      { visibility: 'draft', adminStatus: 'pending', cancelledAt: '2026-11-26T09:00:00.000Z' },
      'cancelled',
      null,
    ],
  ] as [string, Partial<CorporateStatusInput>, string, string | null][])(
    '%s',
    (_name, changes, status, review) => {
      expect(of(changes)).toMatchObject({ status, review });
    },
  );

  it('gives every status a tone, and only the listed statuses', () => {
    const seen = new Set<string>();
    const inputs: Partial<CorporateStatusInput>[] = [
      { visibility: 'draft', adminStatus: 'pending' },
      { adminStatus: 'pending' },
      { adminStatus: 'rejected' },
      { goesLiveAt: '2027-01-01T00:00:00.000Z' },
      {},
      { lifecycleStatus: 'funded' },
      { loanStatus: 'current' },
      { loanStatus: 'repaid' },
      { loanStatus: 'written_off' },
      { cancelledAt: '2026-01-01T00:00:00.000Z' },
    ];
    for (const input of inputs) {
      const result = of(input);
      expect(result.tone).toBeTruthy();
      seen.add(result.status);
    }
    expect([...seen].sort()).toEqual([...CORPORATE_VENTURE_STATUSES].sort());
  });
});
