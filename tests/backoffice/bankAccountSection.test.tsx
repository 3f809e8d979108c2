/**
 * The company's bank account section (issue 27) when GET /api/payments/bank-account fails: one
 * error message, no loop. The harness is the corporate profile's (secondFactorProfile.test.tsx).
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BankAccountSection } from '../../src-backoffice/corporate/funding/BankAccountSection';
import { fakeApi, renderWith } from './corporateHarness';

describe("the company's bank account section when its call fails", () => {
  it('says it could not be loaded, once: the summary is not mounted again and again (no refetch loop)', async () => {
    const api = fakeApi({});
    renderWith(api, <BankAccountSection />);
    expect(
      await screen.findByText('The bank account could not be loaded. Reload the page to try again.'),
    ).toBeInTheDocument();
    // Before the fix, each mount of the summary refetched the failed call and unmounted itself:
    // hundreds of calls in a second and "Maximum update depth exceeded".
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(api.bodies('GET /api/payments/bank-account').length).toBeLessThanOrEqual(2);
    expect(screen.getByRole('heading', { name: 'Bank account for withdrawals' })).toBeInTheDocument();
  });
});
