import type { ProtectionProfile } from '../../src-shared/contracts/protection';

/** GET /api/protection/me's `data` for an investor who has done nothing yet, with `over` on top. */
export function sampleProfile(over: Partial<ProtectionProfile> = {}): ProtectionProfile {
  return {
    category: 'non_sophisticated',
    knowledgeTest: { status: 'not_taken', takenAt: null, validUntil: null, score: null },
    riskAcknowledgedAt: null,
    lossCapacity: null,
    warningThreshold: 1000,
    sophisticatedRequest: null,
    missing: ['knowledge_test', 'loss_simulation'],
    ...over,
  };
}

export const ME = '/api/protection/me';
export const TEST = '/api/protection/knowledge-test';
export const ACK = '/api/protection/risk-acknowledgement';
export const SIMULATION = '/api/protection/loss-simulation';
export const REQUEST = '/api/protection/sophisticated-request';

/** Three questions of the test (the server asks at least ten; the page shows what it gets). */
export const questionsEn = [
  {
    id: 'q1',
    topic: 'lending_risks',
    text: 'What can happen to the money you lend through a crowdfunding platform?',
    options: [
      { id: 'a', text: 'It is guaranteed by the platform.' },
      { id: 'b', text: 'You can lose all of it.' },
    ],
  },
  {
    id: 'q2',
    topic: 'diversification',
    text: 'How do you reduce the risk of one loan failing?',
    options: [
      { id: 'a', text: 'Spread your money over many loans.' },
      { id: 'b', text: 'Put everything in the loan with the highest rate.' },
    ],
  },
  {
    id: 'q3',
    topic: 'reflection_period',
    text: 'How long can you revoke an investment without a reason?',
    options: [
      { id: 'a', text: '4 days' },
      { id: 'b', text: '30 days' },
    ],
  },
];

export const questionsDe = [
  {
    ...questionsEn[0]!,
    text: 'Was kann mit dem Geld geschehen, das Sie über eine Schwarmfinanzierungsplattform verleihen?',
  },
  { ...questionsEn[1]!, text: 'Wie verringern Sie das Risiko, dass ein Kredit ausfällt?' },
  { ...questionsEn[2]!, text: 'Wie lange können Sie eine Investition ohne Grund widerrufen?' },
];
