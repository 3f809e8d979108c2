/**
 * Grading the entry knowledge test (EU 2020/1503 Art. 21(2)(a); API contract, "Investor protection":
 * "Pass: at least 80 % right and no topic with none right"). Pure functions over the question bank.
 */
import { KNOWLEDGE_TOPICS, type KnowledgeTopic } from '../../../src-shared/constants/enums';
import { KNOWLEDGE_PASS_PERCENT } from '../../../src-shared/contracts/protection';
import type { BankQuestion } from './questions';

export interface Grade {
  correct: number;
  total: number;
  /** Percent right, rounded down (0..100). */
  score: number;
  passed: boolean;
  /** Topics of the bank with no question answered right, in KNOWLEDGE_TOPICS order. */
  topicsMissed: KnowledgeTopic[];
  /** Per question, in the bank's order: whether its answer was right. */
  results: { question: BankQuestion; correct: boolean }[];
}

/**
 * Whether `answers` answers every question of the bank with one of its options, and nothing else: an
 * unknown question id, a missing question or an option a question does not have makes it invalid.
 */
export function answersAreValid(bank: readonly BankQuestion[], answers: Record<string, string>): boolean {
  const keys = Object.keys(answers);
  if (keys.length !== bank.length) return false;
  return bank.every(
    (q) => Object.hasOwn(answers, q.id) && q.options.some((option) => option.id === answers[q.id]),
  );
}

/** The pass rule, on whole numbers: `correct / total >= 80 %` (no rounding) and no topic missed. */
export function passes(correct: number, total: number, topicsMissed: readonly string[]): boolean {
  return total > 0 && correct * 100 >= KNOWLEDGE_PASS_PERCENT * total && topicsMissed.length === 0;
}

/** Grades valid answers (see `answersAreValid`). */
export function grade(bank: readonly BankQuestion[], answers: Record<string, string>): Grade {
  const results = bank.map((question) => ({ question, correct: answers[question.id] === question.correct }));
  const correct = results.filter((r) => r.correct).length;
  const total = bank.length;
  const asked = new Set(bank.map((q) => q.topic));
  const topicsMissed = KNOWLEDGE_TOPICS.filter(
    (topic) => asked.has(topic) && !results.some((r) => r.correct && r.question.topic === topic),
  );
  return {
    correct,
    total,
    score: Math.floor((correct * 100) / total),
    passed: passes(correct, total, topicsMissed),
    topicsMissed,
    results,
  };
}
