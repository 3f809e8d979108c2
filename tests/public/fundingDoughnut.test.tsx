/**
 * The venture's funding doughnut (public venture page, corporate and admin venture pages): its
 * percentage labels sit beside the slices only when there are two; a ring of one slice (nothing
 * funded, or fully funded) is named by its centre and legend, never by a lone "100%" under a "0%".
 */
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FundingDoughnut } from '../../src-shared/charts/VentureCharts';

function labels(funded: number, remaining: number) {
  const { container } = render(
    <div style={{ width: 400 }}>
      <FundingDoughnut
        funded={funded}
        remaining={remaining}
        fundedLabel="Funded"
        remainingLabel="Remaining"
        fundedPercentText={`${Math.round((100 * funded) / (funded + remaining))}%`}
        remainingPercentText={`${Math.round((100 * remaining) / (funded + remaining))}%`}
        title="Funding progress"
        description="Funded and remaining"
        formatAmount={(value) => `€${value}`}
      />
    </div>,
  );
  return [...container.querySelectorAll('.MuiPieArcLabel-root')].map((label) => label.textContent);
}

describe('the funding doughnut', () => {
  it('labels both slices when part is funded', () => {
    expect(labels(25, 75)).toEqual(['25%', '75%']);
  });

  it('has no slice label when nothing is funded yet, nor when all is', () => {
    expect(labels(0, 100).filter(Boolean)).toEqual([]);
    expect(labels(100, 0).filter(Boolean)).toEqual([]);
  });
});
