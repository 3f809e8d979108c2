/**
 * Investor protection (EU 2020/1503 Art. 21 and 22, Delegated Regulation 2022/2114; API contract,
 * "Investor protection"). Money in euros; times ISO 8601 (business time).
 */
import { z } from 'zod';
import {
  INVESTOR_CATEGORIES,
  KNOWLEDGE_TOPICS,
  SOPHISTICATED_CRITERIA,
  SOPHISTICATED_REQUEST_STATUSES,
} from '../constants/enums';
import { listOf, paginationQuery } from './common';
import { maxEuros, safeText } from './input';
import { eurosToCents } from '../money';

/** Art. 21(5): the warning an investor confirms after failing the test (the contract's words). */
export const RISK_WARNING_TEXT =
  'An investment in a crowdfunding project includes the risk of losing the entirety of the money invested.';

/** The test: pass with at least this share right and no topic with none right; valid two years. */
export const KNOWLEDGE_PASS_PERCENT = 80;
export const KNOWLEDGE_VALID_YEARS = 2;
/** The reflection period (Art. 22(2)): four days, counted as 96 hours of business time. */
export const REFLECTION_HOURS = 96;
/** Art. 21(7): the warning threshold is the higher of EUR 1,000 and 5 % of the net worth. */
export const WARNING_THRESHOLD_FLOOR_CENTS = 100_000n;
export const WARNING_THRESHOLD_PERCENT = 5n;
/** Art. 21(4): the loss-bearing capacity is 10 % of the net worth. */
export const LOSS_CAPACITY_PERCENT = 10n;

export const knowledgeTestStatusSchema = z.enum(['not_taken', 'passed', 'failed', 'review_due']);
export type KnowledgeTestStatus = z.infer<typeof knowledgeTestStatusSchema>;

export const sophisticatedRequestSchema = z.object({
  _id: z.string(),
  criteria: z.array(z.enum(SOPHISTICATED_CRITERIA)),
  status: z.enum(SOPHISTICATED_REQUEST_STATUSES),
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  evidence: z.object({ name: z.string(), mimeType: z.string(), size: z.number().int() }),
});
export type SophisticatedRequest = z.infer<typeof sophisticatedRequestSchema>;

/** GET /api/protection/me */
export const protectionProfileSchema = z.object({
  category: z.enum(INVESTOR_CATEGORIES),
  knowledgeTest: z.object({
    status: knowledgeTestStatusSchema,
    takenAt: z.string().nullable(),
    validUntil: z.string().nullable(),
    score: z.number().int().nullable(),
  }),
  /** When the investor confirmed the risk warning after their latest failed test (null otherwise). */
  riskAcknowledgedAt: z.string().nullable(),
  lossCapacity: z.object({ netWorth: z.number(), capacity: z.number(), updatedAt: z.string() }).nullable(),
  /** The higher of EUR 1,000 and 5 % of the net worth (EUR 1,000 before any simulation). */
  warningThreshold: z.number(),
  /** The latest request to be treated as sophisticated, if any. */
  sophisticatedRequest: sophisticatedRequestSchema.nullable(),
  /** What investing still needs: empty when the investor may invest (sophisticated: always empty). */
  missing: z.array(z.enum(['knowledge_test', 'risk_acknowledgement', 'loss_simulation'])),
});
export type ProtectionProfile = z.infer<typeof protectionProfileSchema>;

export const knowledgeQuestionSchema = z.object({
  id: z.string(),
  topic: z.enum(KNOWLEDGE_TOPICS),
  text: z.string(),
  options: z.array(z.object({ id: z.string(), text: z.string() })),
});
export type KnowledgeQuestion = z.infer<typeof knowledgeQuestionSchema>;

export const knowledgeTestQuerySchema = z.object({
  lang: z.enum(['en', 'de', 'es', 'fr']).optional(),
});

export const knowledgeTestBodySchema = z.object({
  answers: z.record(z.string().max(40), z.string().max(40), { error: 'protection.answers_invalid' }),
});

/** POST /api/protection/knowledge-test: `explanations` say, per question, which option was right and why
 * (in the language of `lang`, default the user's), so the investor learns from the result. */
export const knowledgeTestResultSchema = z.object({
  passed: z.boolean(),
  score: z.number().int(),
  topicsMissed: z.array(z.enum(KNOWLEDGE_TOPICS)),
  takenAt: z.string(),
  validUntil: z.string(),
  explanations: z.array(
    z.object({ questionId: z.string(), correct: z.boolean(), correctOptionId: z.string(), text: z.string() }),
  ),
});
export type KnowledgeTestResult = z.infer<typeof knowledgeTestResultSchema>;

export const riskAcknowledgementBodySchema = z.object({
  acknowledged: z.literal(true, { error: 'protection.acknowledgement_invalid' }),
});

/** Euros, 0 or more, at most two decimals, at most MAX_EUROS (the shared bound, checked first). */
const nonNegativeEuros = () =>
  maxEuros(z.number({ error: 'protection.amount_invalid' })).refine(
    (v) => v >= 0 && eurosToCents(v) !== null,
    'protection.amount_invalid',
  );

export const lossSimulationBodySchema = z.object({
  annualIncome: nonNegativeEuros(),
  liquidAssets: nonNegativeEuros(),
  annualCommitments: nonNegativeEuros(),
});
export type LossSimulationBody = z.infer<typeof lossSimulationBodySchema>;

export const lossSimulationResultSchema = z.object({
  netWorth: z.number(),
  capacity: z.number(),
  warningThreshold: z.number(),
});

/** Admin: GET /api/admin/protection (the requests), PATCH /api/admin/protection/{userId}. */
export const adminProtectionQuerySchema = z.object({
  status: z.enum(SOPHISTICATED_REQUEST_STATUSES, { error: 'protection.status_invalid' }).optional(),
  search: z.string().max(200).optional(),
  ...paginationQuery(20),
});
export const adminSophisticatedRequestSchema = sophisticatedRequestSchema.extend({
  user: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() }),
  decidedBy: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
});
export type AdminSophisticatedRequest = z.infer<typeof adminSophisticatedRequestSchema>;
export const adminSophisticatedRequestListSchema = listOf(adminSophisticatedRequestSchema);

export const protectionDecisionBodySchema = z.object({
  status: z.enum(['accepted', 'rejected'], { error: 'protection.decision_invalid' }),
  reason: safeText(
    z
      .string({ error: 'protection.reason_required' })
      .trim()
      .min(1, 'protection.reason_required')
      .max(1000, 'common.reason_too_long'),
    { multiline: true },
  ),
});

/** Admin: one investor's whole history (their user page). */
export const protectionHistorySchema = z.object({
  category: z.enum(INVESTOR_CATEGORIES),
  tests: z.array(
    z.object({
      _id: z.string(),
      takenAt: z.string(),
      score: z.number().int(),
      passed: z.boolean(),
      topicsMissed: z.array(z.string()),
      language: z.string(),
    }),
  ),
  acknowledgements: z.array(z.object({ _id: z.string(), acknowledgedAt: z.string(), text: z.string() })),
  simulations: z.array(
    z.object({
      _id: z.string(),
      createdAt: z.string(),
      annualIncome: z.number(),
      liquidAssets: z.number(),
      annualCommitments: z.number(),
      netWorth: z.number(),
      capacity: z.number(),
    }),
  ),
  requests: z.array(adminSophisticatedRequestSchema),
});
export type ProtectionHistory = z.infer<typeof protectionHistorySchema>;
