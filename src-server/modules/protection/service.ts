/**
 * Investor protection (EU 2020/1503 Art. 21; Delegated Regulation 2022/2114; API contract, "Investor
 * protection"): the entry knowledge test, the risk acknowledgement after a failed test, the simulation of
 * the ability to bear loss, and requests to be treated as a sophisticated investor (Annex II) with the
 * admins' decisions. Every row here is new: nothing is overwritten, so the history stays whole. Times
 * are business time (`ctx.clock.now()`).
 *
 * Investing itself (the gate, the warning threshold, the reflection period of Art. 22) is checked where
 * the investment is placed; `protectionGate` below is the one statement of what investing needs.
 */
import { auditSource, recordAudit } from '../audit/service';
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  LANGUAGE_CODES,
  SOPHISTICATED_CRITERIA,
  type InvestorCategory,
  type KnowledgeTopic,
  type LanguageCode,
  type SophisticatedCriterion,
} from '../../../src-shared/constants/enums';
import {
  KNOWLEDGE_VALID_YEARS,
  type AdminSophisticatedRequest,
  type KnowledgeQuestion,
  type KnowledgeTestResult,
  type KnowledgeTestStatus,
  type LossSimulationBody,
  type ProtectionHistory,
  type ProtectionProfile,
  type SophisticatedRequest,
} from '../../../src-shared/contracts/protection';
import { centsToEuros, eurosToCents } from '../../../src-shared/money';
import { lossCapacity, warningThresholdCents } from '../../../src-shared/rules/protection';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import {
  knowledgeTestAttempts,
  lossSimulations,
  riskAcknowledgements,
  sophisticatedRequests,
  users,
} from '../../db/schema';
import { checkedUpload, EVIDENCE_TYPES } from '../../lib/file-type';
import { HttpError } from '../../lib/http-error';
import { pageOffset } from '../../lib/list';
import { containsPattern } from '../../lib/query';
import type { SessionContext } from '../auth/sessions';
import { readPrivateFile, removePrivateFiles, writePrivateFile } from '../kyc/storage';
import { answersAreValid, grade } from './grading';
import { QUESTIONS, RISK_WARNINGS, type BankQuestion } from './questions';

type Attempt = typeof knowledgeTestAttempts.$inferSelect;
type Simulation = typeof lossSimulations.$inferSelect;
type RequestRow = typeof sophisticatedRequests.$inferSelect;
type Missing = ProtectionProfile['missing'][number];

const isLanguage = (value: unknown): value is LanguageCode =>
  typeof value === 'string' && (LANGUAGE_CODES as string[]).includes(value);

/** The language asked for, else the person's, else English. */
export function languageOf(asked: LanguageCode | undefined, userLanguage: string | null | undefined) {
  return asked ?? (isLanguage(userLanguage) ? userLanguage : 'en');
}

// ------------------------------------------------------------------------------------------------
// Validity of a test (Art. 21(3): the assessment is reviewed every two years)

/** Two years after `takenAt`, on the same UTC calendar day and time (29 February: 28 February). */
export function testValidUntil(takenAt: Date): Date {
  const until = new Date(takenAt.getTime());
  until.setUTCFullYear(takenAt.getUTCFullYear() + KNOWLEDGE_VALID_YEARS);
  if (until.getUTCMonth() !== takenAt.getUTCMonth()) until.setUTCDate(0); // 29 Feb -> 28 Feb
  return until;
}

/** The latest attempt's status: `review_due` once the business time is past its `validUntil`. */
export function testStatus(
  latest: Pick<Attempt, 'passed' | 'validUntil'> | null,
  businessNow: Date,
): KnowledgeTestStatus {
  if (!latest) return 'not_taken';
  if (businessNow.getTime() > latest.validUntil.getTime()) return 'review_due';
  return latest.passed ? 'passed' : 'failed';
}

// ------------------------------------------------------------------------------------------------
// The gate: what investing needs

export interface ProtectionGate {
  category: InvestorCategory;
  testStatus: KnowledgeTestStatus;
  latestAttempt: Attempt | null;
  /** When the investor confirmed the risk warning after their latest attempt, if it failed. */
  riskAcknowledgedAt: Date | null;
  latestSimulation: Simulation | null;
  /** Art. 21(7): an investment above it needs `acknowledgeRisk` (EUR 1,000 before any simulation). */
  warningThresholdCents: bigint;
  /** What investing still needs; empty when the investor may invest. */
  missing: Missing[];
}

/**
 * THE RULE (API contract, "Investor protection"; EU 2020/1503 Art. 21): a non-sophisticated investor
 * may invest with
 * - a passed knowledge test, or a failed one plus the risk acknowledgement of that attempt (Art. 21(5)),
 *   the latest attempt counting, and not older than two years (else `review_due`: the test again), and
 * - a simulation of the ability to bear loss (Art. 21(4)).
 * A sophisticated investor (Annex II, accepted by an admin) needs neither.
 */
export function missingFor(
  category: InvestorCategory,
  status: KnowledgeTestStatus,
  acknowledged: boolean,
  simulated: boolean,
): Missing[] {
  if (category === 'sophisticated') return [];
  const missing: Missing[] = [];
  if (status === 'not_taken' || status === 'review_due') missing.push('knowledge_test');
  else if (status === 'failed' && !acknowledged) missing.push('risk_acknowledgement');
  if (!simulated) missing.push('loss_simulation');
  return missing;
}

/** The refusal of an investment by an investor whose gate has `missing` items, or null (contract: 403). */
export function gateRefusal(missing: readonly Missing[]): HttpError | null {
  if (missing.includes('knowledge_test') || missing.includes('risk_acknowledgement'))
    return new HttpError(403, 'protection.test_required');
  if (missing.includes('loss_simulation')) return new HttpError(403, 'protection.simulation_required');
  return null;
}

async function latestAttempt(db: DbOrTx, userId: string): Promise<Attempt | null> {
  const [row] = await db
    .select()
    .from(knowledgeTestAttempts)
    .where(eq(knowledgeTestAttempts.userId, userId))
    .orderBy(desc(knowledgeTestAttempts.takenAt), desc(knowledgeTestAttempts.id))
    .limit(1);
  return row ?? null;
}

/** The first acknowledgement of an attempt (a second one is never stored). */
async function acknowledgementOf(db: DbOrTx, attemptId: string) {
  const [row] = await db
    .select()
    .from(riskAcknowledgements)
    .where(eq(riskAcknowledgements.attemptId, attemptId))
    .orderBy(riskAcknowledgements.acknowledgedAt)
    .limit(1);
  return row ?? null;
}

/** The investor's protection state at `businessNow` (the business clock), for investing and the profile. */
export async function protectionGate(db: DbOrTx, userId: string, businessNow: Date): Promise<ProtectionGate> {
  const [[user], attempt, [simulation]] = await Promise.all([
    db.select({ category: users.investorCategory }).from(users).where(eq(users.id, userId)),
    latestAttempt(db, userId),
    db
      .select()
      .from(lossSimulations)
      .where(eq(lossSimulations.userId, userId))
      .orderBy(desc(lossSimulations.createdAt), desc(lossSimulations.id))
      .limit(1),
  ]);
  if (!user) throw new HttpError(404, 'user.not_found');
  const status = testStatus(attempt, businessNow);
  const ack = attempt && !attempt.passed ? await acknowledgementOf(db, attempt.id) : null;
  return {
    category: user.category,
    testStatus: status,
    latestAttempt: attempt,
    riskAcknowledgedAt: ack?.acknowledgedAt ?? null,
    latestSimulation: simulation ?? null,
    warningThresholdCents: warningThresholdCents(simulation?.netWorthCents ?? null),
    missing: missingFor(user.category, status, ack !== null, simulation !== undefined),
  };
}

// ------------------------------------------------------------------------------------------------
// The profile

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

function toRequest(row: RequestRow): SophisticatedRequest {
  return {
    _id: row.id,
    criteria: row.criteria as SophisticatedCriterion[],
    status: row.status,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: iso(row.decidedAt),
    evidence: { name: row.evidenceName, mimeType: row.evidenceMimeType, size: row.evidenceSizeBytes },
  };
}

async function latestRequest(db: DbOrTx, userId: string, lock = false): Promise<RequestRow | null> {
  const query = db
    .select()
    .from(sophisticatedRequests)
    .where(eq(sophisticatedRequests.userId, userId))
    .orderBy(desc(sophisticatedRequests.createdAt), desc(sophisticatedRequests.id))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function protectionProfile(ctx: AppContext, userId: string): Promise<ProtectionProfile> {
  const [gate, request] = await Promise.all([
    protectionGate(ctx.db, userId, ctx.clock.now()),
    latestRequest(ctx.db, userId),
  ]);
  const attempt = gate.latestAttempt;
  const simulation = gate.latestSimulation;
  return {
    category: gate.category,
    knowledgeTest: {
      status: gate.testStatus,
      takenAt: iso(attempt?.takenAt),
      validUntil: iso(attempt?.validUntil),
      score: attempt?.score ?? null,
    },
    riskAcknowledgedAt: iso(gate.riskAcknowledgedAt),
    lossCapacity: simulation
      ? {
          netWorth: centsToEuros(simulation.netWorthCents),
          capacity: centsToEuros(simulation.capacityCents),
          updatedAt: simulation.createdAt.toISOString(),
        }
      : null,
    warningThreshold: centsToEuros(gate.warningThresholdCents),
    sophisticatedRequest: request ? toRequest(request) : null,
    missing: gate.missing,
  };
}

// ------------------------------------------------------------------------------------------------
// The knowledge test (Art. 21(2)(a))

/** The questions in `lang`, without their answers. */
export function questionsIn(lang: LanguageCode): KnowledgeQuestion[] {
  return QUESTIONS.map((q) => ({
    id: q.id,
    topic: q.topic,
    text: q.text[lang],
    options: q.options.map((o) => ({ id: o.id, text: o.text[lang] })),
  }));
}

/** Grades and stores one attempt (a retake is always allowed; earlier attempts stay as they were). */
export async function takeKnowledgeTest(
  ctx: AppContext,
  userId: string,
  lang: LanguageCode,
  answers: Record<string, string>,
  bank: readonly BankQuestion[] = QUESTIONS,
): Promise<KnowledgeTestResult> {
  if (!answersAreValid(bank, answers)) throw new HttpError(400, 'protection.answers_invalid');
  const result = grade(bank, answers);
  const takenAt = ctx.clock.now();
  const validUntil = testValidUntil(takenAt);
  // Stored in the bank's order, whatever order the body had.
  const stored = Object.fromEntries(bank.map((q) => [q.id, answers[q.id]!]));
  await ctx.db.insert(knowledgeTestAttempts).values({
    userId,
    language: lang,
    answers: stored,
    correct: result.correct,
    total: result.total,
    score: result.score,
    passed: result.passed,
    topicsMissed: result.topicsMissed,
    takenAt,
    validUntil,
  });
  return {
    passed: result.passed,
    score: result.score,
    topicsMissed: result.topicsMissed,
    takenAt: takenAt.toISOString(),
    validUntil: validUntil.toISOString(),
    explanations: result.results.map(({ question, correct }) => ({
      questionId: question.id,
      correct,
      correctOptionId: question.correct,
      text: question.explanation[lang],
    })),
  };
}

// ------------------------------------------------------------------------------------------------
// The risk acknowledgement after a failed test (Art. 21(5))

/**
 * Records that the investor confirmed the risk warning after their latest attempt, which must have
 * failed (409 `protection.no_failed_test` otherwise). The text stored is the warning as shown, in
 * `lang` (default: the language of the failed attempt). A second confirmation of the same attempt
 * answers the first one and stores nothing.
 */
export async function acknowledgeRisk(
  ctx: AppContext,
  userId: string,
  lang: LanguageCode | undefined,
): Promise<{ acknowledgedAt: string; text: string }> {
  return ctx.db.transaction(async (tx) => {
    const latest = await latestAttempt(tx, userId);
    if (!latest || latest.passed) throw new HttpError(409, 'protection.no_failed_test');
    // The attempt's row lock makes two confirmations at the same moment store one row.
    await tx
      .select({ id: knowledgeTestAttempts.id })
      .from(knowledgeTestAttempts)
      .where(eq(knowledgeTestAttempts.id, latest.id))
      .for('update');
    const existing = await acknowledgementOf(tx, latest.id);
    if (existing)
      return { acknowledgedAt: existing.acknowledgedAt.toISOString(), text: existing.warningText };
    const text = RISK_WARNINGS[languageOf(lang, latest.language)];
    const acknowledgedAt = ctx.clock.now();
    await tx.insert(riskAcknowledgements).values({
      userId,
      attemptId: latest.id,
      warningText: text,
      acknowledgedAt,
    });
    return { acknowledgedAt: acknowledgedAt.toISOString(), text };
  });
}

// ------------------------------------------------------------------------------------------------
// The simulation of the ability to bear loss (Art. 21(4); Delegated Regulation 2022/2114 Art. 5)

export async function simulateLoss(
  ctx: AppContext,
  userId: string,
  body: LossSimulationBody,
): Promise<{ netWorth: number; capacity: number; warningThreshold: number }> {
  // The body's schema accepted only amounts with at most two decimals.
  const income = eurosToCents(body.annualIncome)!;
  const liquid = eurosToCents(body.liquidAssets)!;
  const commitments = eurosToCents(body.annualCommitments)!;
  const { netWorthCents, capacityCents } = lossCapacity(income, liquid, commitments);
  await ctx.db.insert(lossSimulations).values({
    userId,
    annualIncomeCents: income,
    liquidAssetsCents: liquid,
    annualCommitmentsCents: commitments,
    netWorthCents,
    capacityCents,
    createdAt: ctx.clock.now(),
  });
  return {
    netWorth: centsToEuros(netWorthCents),
    capacity: centsToEuros(capacityCents),
    warningThreshold: centsToEuros(warningThresholdCents(netWorthCents)),
  };
}

// ------------------------------------------------------------------------------------------------
// Requests to be treated as a sophisticated investor (Art. 2(1)(j), Annex II)

/** Where the evidence is stored, under DATA_DIR/private (encrypted as identity documents are). */
const EVIDENCE_FOLDER = 'protection';

/**
 * The criteria claimed, from the form: the field `criteria` repeated, or once as a JSON array. Every
 * value must be a criterion of SOPHISTICATED_CRITERIA (400 `protection.criteria_invalid`, naming it),
 * and at least two distinct ones are needed (400 `protection.criteria_too_few`).
 */
export function parseCriteria(values: readonly string[] | undefined): SophisticatedCriterion[] {
  let list: unknown[] = [...(values ?? [])];
  if (list.length === 1 && /^\s*\[/.test(String(list[0]))) {
    try {
      const parsed: unknown = JSON.parse(String(list[0]));
      list = Array.isArray(parsed) ? parsed : [parsed];
    } catch {
      list = [String(list[0])]; // not JSON: named as it came
    }
  }
  const unknown = list.find(
    (v) => typeof v !== 'string' || !(SOPHISTICATED_CRITERIA as readonly string[]).includes(v),
  );
  if (unknown !== undefined) {
    const value = (
      typeof unknown === 'string' ? unknown : (JSON.stringify(unknown) ?? String(unknown))
    ).slice(0, 60);
    throw new HttpError(400, 'protection.criteria_invalid', {
      params: { value },
      fields: { criteria: { code: 'protection.criteria_invalid', params: { value } } },
    });
  }
  const distinct = [...new Set(list as SophisticatedCriterion[])];
  if (distinct.length < 2)
    throw new HttpError(400, 'protection.criteria_too_few', {
      fields: { criteria: 'protection.criteria_too_few' },
    });
  // In the order of Annex II, as listed in SOPHISTICATED_CRITERIA.
  return SOPHISTICATED_CRITERIA.filter((c) => distinct.includes(c));
}

/** A file name fit to store and show: no folders, no control characters, at most 200 characters. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // Control characters, line separators and the bidirectional controls that disguise an extension.
  const clean = base.replace(/[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu, '').trim();
  return (clean || 'evidence').slice(0, 200);
}

export interface EvidenceUpload {
  filename: string | undefined;
  bytes: Buffer;
}

/**
 * A request to be treated as a sophisticated investor: the criteria claimed and one piece of evidence
 * (JPEG, PNG, WebP or PDF, checked by its bytes), stored encrypted. 409 while another request waits
 * (`protection.request_pending`) or once the investor is sophisticated (`protection.already_sophisticated`).
 */
export async function requestSophisticated(
  ctx: AppContext,
  userId: string,
  criteriaValues: readonly string[] | undefined,
  evidence: EvidenceUpload | undefined,
): Promise<SophisticatedRequest> {
  const criteria = parseCriteria(criteriaValues);
  if (!evidence)
    throw new HttpError(400, 'protection.evidence_required', {
      fields: { evidence: 'protection.evidence_required' },
    });
  const file = await checkedUpload(evidence.bytes, EVIDENCE_TYPES, 'protection.evidence_type');
  let written: string | null = null;
  try {
    return await ctx.db.transaction(async (tx) => {
      // The person's row first (as a decision takes it): two requests at the same moment make one.
      const [person] = await tx
        .select({ category: users.investorCategory })
        .from(users)
        .where(eq(users.id, userId))
        .for('no key update');
      if (!person) throw new HttpError(404, 'user.not_found');
      if (person.category === 'sophisticated') throw new HttpError(409, 'protection.already_sophisticated');
      const latest = await latestRequest(tx, userId);
      if (latest?.status === 'pending') throw new HttpError(409, 'protection.request_pending');
      written = await writePrivateFile(ctx, EVIDENCE_FOLDER, file.bytes);
      const [row] = await tx
        .insert(sophisticatedRequests)
        .values({
          userId,
          criteria,
          evidencePath: written,
          evidenceMimeType: file.mimeType,
          evidenceName: cleanFileName(evidence.filename),
          evidenceSizeBytes: file.bytes.length,
          status: 'pending',
          createdAt: ctx.clock.now(),
        })
        .returning();
      return toRequest(row!);
    });
  } catch (error) {
    if (written) await removePrivateFiles(ctx, [written]);
    throw error;
  }
}

// ------------------------------------------------------------------------------------------------
// Admins

const deciders = alias(users, 'deciders');
const requestColumns = {
  request: sophisticatedRequests,
  user: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
  decider: { id: deciders.id, firstName: deciders.firstName, lastName: deciders.lastName },
};

function toAdminRequest(row: {
  request: RequestRow;
  user: AdminSophisticatedRequest['user'];
  decider: { id: string; firstName: string; lastName: string } | null;
}): AdminSophisticatedRequest {
  return { ...toRequest(row.request), user: row.user, decidedBy: row.decider?.id ? row.decider : null };
}

function adminRequests(db: DbOrTx) {
  return db
    .select(requestColumns)
    .from(sophisticatedRequests)
    .innerJoin(users, eq(users.id, sophisticatedRequests.userId))
    .leftJoin(deciders, eq(deciders.id, sophisticatedRequests.decidedBy));
}

/** The requests, newest first; by status, and by the investor's name or e-mail address. */
export async function listRequests(
  db: DbOrTx,
  query: {
    status?: RequestRow['status'] | undefined;
    search?: string | undefined;
    page: number;
    limit: number;
  },
): Promise<{ rows: AdminSophisticatedRequest[]; total: number }> {
  const where: SQL[] = [];
  if (query.status) where.push(eq(sophisticatedRequests.status, query.status));
  const search = query.search?.trim();
  if (search) {
    const pattern = containsPattern(search);
    where.push(
      or(ilike(users.email, pattern), ilike(users.firstName, pattern), ilike(users.lastName, pattern))!,
    );
  }
  const condition = where.length > 0 ? and(...where) : undefined;
  const [rows, totals] = await Promise.all([
    adminRequests(db)
      .where(condition)
      .orderBy(desc(sophisticatedRequests.createdAt), desc(sophisticatedRequests.id))
      .limit(query.limit)
      .offset(pageOffset(query)),
    db
      .select({ total: count() })
      .from(sophisticatedRequests)
      .innerJoin(users, eq(users.id, sophisticatedRequests.userId))
      .where(condition),
  ]);
  return { rows: rows.map(toAdminRequest), total: totals[0]?.total ?? 0 };
}

/**
 * An admin's decision on the investor's pending request (404 `protection.request_not_found` when none
 * waits): accepted makes the investor `sophisticated`, rejected leaves them `non_sophisticated`. The
 * investor is e-mailed the decision in their language.
 */
export async function decideRequest(
  ctx: AppContext,
  admin: SessionContext,
  userId: string,
  body: { status: 'accepted' | 'rejected'; reason: string },
): Promise<AdminSophisticatedRequest> {
  const requestId = await ctx.db.transaction(async (tx) => {
    // The person's row, then the request: the order a new request takes them in.
    const [person] = await tx
      .select({ id: users.id, email: users.email, firstName: users.firstName, language: users.language })
      .from(users)
      .where(eq(users.id, userId))
      .for('no key update');
    const latest = person ? await latestRequest(tx, userId, true) : null;
    if (!person || latest?.status !== 'pending') throw new HttpError(404, 'protection.request_not_found');
    const decidedAt = ctx.clock.now();
    await tx
      .update(sophisticatedRequests)
      .set({ status: body.status, reason: body.reason, decidedBy: admin.user.id, decidedAt })
      .where(eq(sophisticatedRequests.id, latest.id));
    if (body.status === 'accepted')
      await tx
        .update(users)
        .set({ investorCategory: 'sophisticated', updatedAt: ctx.now() })
        .where(eq(users.id, userId));
    await ctx.mailer.enqueue(tx, {
      kind: 'sophisticated-decision',
      to: person.email,
      lang: languageOf(undefined, person.language),
      name: person.firstName,
      status: body.status,
      reason: body.reason,
    });
    await recordAudit(tx, {
      ...auditSource(admin),
      action: 'protection.decide',
      targetType: 'user',
      targetId: userId,
      before: { status: 'pending' },
      after: { status: body.status, reason: body.reason },
    });
    return latest.id;
  });
  const [row] = await adminRequests(ctx.db).where(eq(sophisticatedRequests.id, requestId));
  return toAdminRequest(row!);
}

/** A request's evidence, decrypted, for an admin. */
export async function readEvidence(
  ctx: AppContext,
  requestId: string,
): Promise<{ bytes: Buffer; mimeType: string; name: string }> {
  const [row] = await ctx.db
    .select()
    .from(sophisticatedRequests)
    .where(eq(sophisticatedRequests.id, requestId));
  if (!row) throw new HttpError(404, 'protection.request_not_found');
  return {
    bytes: await readPrivateFile(ctx, row.evidencePath),
    mimeType: row.evidenceMimeType,
    name: row.evidenceName,
  };
}

/** An investor's whole protection history, newest first in each list. */
export async function protectionHistory(db: DbOrTx, userId: string): Promise<ProtectionHistory> {
  const [person] = await db
    .select({ role: users.role, category: users.investorCategory })
    .from(users)
    .where(eq(users.id, userId));
  if (!person) throw new HttpError(404, 'user.not_found');
  if (person.role !== 'user') throw new HttpError(404, 'protection.not_investor');
  const [tests, acknowledgements, simulations, requests] = await Promise.all([
    db
      .select()
      .from(knowledgeTestAttempts)
      .where(eq(knowledgeTestAttempts.userId, userId))
      .orderBy(desc(knowledgeTestAttempts.takenAt), desc(knowledgeTestAttempts.id)),
    db
      .select()
      .from(riskAcknowledgements)
      .where(eq(riskAcknowledgements.userId, userId))
      .orderBy(desc(riskAcknowledgements.acknowledgedAt), desc(riskAcknowledgements.id)),
    db
      .select()
      .from(lossSimulations)
      .where(eq(lossSimulations.userId, userId))
      .orderBy(desc(lossSimulations.createdAt), desc(lossSimulations.id)),
    adminRequests(db)
      .where(eq(sophisticatedRequests.userId, userId))
      .orderBy(desc(sophisticatedRequests.createdAt), desc(sophisticatedRequests.id)),
  ]);
  return {
    category: person.category,
    tests: tests.map((a) => ({
      _id: a.id,
      takenAt: a.takenAt.toISOString(),
      score: a.score,
      passed: a.passed,
      topicsMissed: a.topicsMissed as KnowledgeTopic[],
      language: a.language,
    })),
    acknowledgements: acknowledgements.map((a) => ({
      _id: a.id,
      acknowledgedAt: a.acknowledgedAt.toISOString(),
      text: a.warningText,
    })),
    simulations: simulations.map((s) => ({
      _id: s.id,
      createdAt: s.createdAt.toISOString(),
      annualIncome: centsToEuros(s.annualIncomeCents),
      liquidAssets: centsToEuros(s.liquidAssetsCents),
      annualCommitments: centsToEuros(s.annualCommitmentsCents),
      netWorth: centsToEuros(s.netWorthCents),
      capacity: centsToEuros(s.capacityCents),
    })),
    requests: requests.map(toAdminRequest),
  };
}
