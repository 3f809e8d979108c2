import { render, screen } from '@testing-library/react';
import { AdminContext, RecordContextProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { FundingField } from '../../src-backoffice/components/FundingField';
import { VentureDetails } from '../../src-backoffice/resources/ventures/VentureDetails';
import { createBackofficeI18nProvider } from '../../src-backoffice/providers/i18nProvider';

/** The drawn parts of every funding bar on the screen: the filled part's width, the track's colour. */
function bars(container: HTMLElement) {
  return [...container.querySelectorAll<HTMLElement>('[data-funding-track]')].map((track) => {
    const filled = [...track.querySelectorAll<HTMLElement>('[data-segment]')];
    return {
      filled: filled.map((segment) => getComputedStyle(segment).width),
      track: getComputedStyle(track).backgroundColor,
    };
  });
}

function isNeutral(colour: string) {
  const [red, green, blue] = colour.match(/\d+/g)!.map(Number);
  return red === green && green === blue;
}

async function renderRecord(ui: React.ReactElement, record: Record<string, unknown>) {
  const i18nProvider = await createBackofficeI18nProvider('en');
  return render(
    <AdminContext i18nProvider={i18nProvider}>
      <RecordContextProvider value={{ id: 'v1', ...record }}>{ui}</RecordContextProvider>
    </AdminContext>,
  );
}

describe('funding bars in the back office (issue 30: the filled part exactly its share, a neutral track)', () => {
  it.each([
    { percent: 0, width: '0%' },
    { percent: 1, width: '1%' },
    { percent: 50, width: '50%' },
  ])('the lists’ funding column fills $width of its track', async ({ percent, width }) => {
    const { container } = await renderRecord(<FundingField />, {
      amountFunded: percent * 1_000,
      targetAmount: 100_000,
    });
    expect(await screen.findByText(/€/)).toBeInTheDocument();
    const [bar] = bars(container);
    expect(bar?.filled).toEqual([width]);
    expect(isNeutral(bar!.track)).toBe(true);
  });

  it('the venture page’s bar fills exactly 1 % at 1 % funded, and is named', async () => {
    const { container } = await renderRecord(<VentureDetails />, {
      title: 'Solar',
      amountFunded: 1_000,
      targetAmount: 100_000,
      images: [],
    });
    expect(await screen.findByRole('progressbar', { name: 'Funding progress' })).toHaveAttribute(
      'aria-valuenow',
      '1',
    );
    const [bar] = bars(container);
    expect(bar?.filled).toEqual(['1%']);
    expect(isNeutral(bar!.track)).toBe(true);
  });
});
