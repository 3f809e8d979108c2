/**
 * The key investment information sheet (EU 2020/1503 Art. 23, Delegated Regulation 2022/2119; API
 * contract, "Key investment information sheet"). The company drafts its part; the platform adds the
 * offer's terms from the venture and renders the PDF.
 */
import { z } from 'zod';
import { maxEuros, safeText } from './input';

/** The fields of the company's part, in the order of the sheet (Annex I of 2022/2119, parts A-C). */
export const KIIS_FIELDS = [
  'ownerDescription',
  'management',
  'responsiblePersons',
  'responsibilityStatement',
  'activities',
  'keyFigures',
  'projectDescription',
  'risks',
  'useOfFunds',
] as const;
export type KiisField = (typeof KIIS_FIELDS)[number];

/** The kinds of risk of Annex I, part C of 2022/2119. */
export const KIIS_RISK_KINDS = ['project', 'sector', 'default', 'liquidity', 'platform', 'other'] as const;
export type KiisRiskKind = (typeof KIIS_RISK_KINDS)[number];

/** Text limits: the sheet is at most 6 A4 pages (Art. 23(7)). */
export const KIIS_TEXT_MAX = 2000;
export const KIIS_SHORT_TEXT_MAX = 600;
export const KIIS_MIN_RISKS = 2;
export const KIIS_MAX_RISKS = 6;
export const KIIS_KEY_FIGURE_YEARS = 3;

const text = (max: number) =>
  safeText(
    z
      .string({ error: 'kiis.invalid' })
      .trim()
      .max(max, max === KIIS_TEXT_MAX ? 'kiis.too_long' : 'kiis.too_long_short'),
    { multiline: true },
  );

/** A key figure in euros (a loss is negative), at most MAX_EUROS either way. */
const euros = () => maxEuros(z.number({ error: 'kiis.key_figures_invalid' })).finite();

export const kiisKeyFigureSchema = z.object({
  year: z.number({ error: 'kiis.key_figures_invalid' }).int().min(1900).max(2200),
  turnover: euros(),
  netProfit: euros(),
  totalAssets: euros(),
});
export type KiisKeyFigure = z.infer<typeof kiisKeyFigureSchema>;

export const kiisRiskSchema = z.object({
  kind: z.enum(KIIS_RISK_KINDS, { error: 'kiis.risks_invalid' }),
  description: text(KIIS_SHORT_TEXT_MAX),
});
export type KiisRisk = z.infer<typeof kiisRiskSchema>;

/** PUT /api/ventures/my-ventures/{ventureId}/kiis: the company's part. Every field may be left empty
 * while drafting; `missing` says what approval still needs. */
export const kiisFieldsSchema = z.object({
  ownerDescription: text(KIIS_TEXT_MAX).default(''),
  management: text(KIIS_TEXT_MAX).default(''),
  responsiblePersons: text(KIIS_SHORT_TEXT_MAX).default(''),
  responsibilityStatement: text(KIIS_SHORT_TEXT_MAX).default(''),
  activities: text(KIIS_TEXT_MAX).default(''),
  keyFigures: z
    .array(kiisKeyFigureSchema, { error: 'kiis.key_figures_invalid' })
    .max(KIIS_KEY_FIGURE_YEARS, 'kiis.key_figures_invalid')
    .refine((rows) => new Set(rows.map((r) => r.year)).size === rows.length, 'kiis.key_figures_invalid')
    .default([]),
  projectDescription: text(KIIS_TEXT_MAX).default(''),
  risks: z
    .array(kiisRiskSchema, { error: 'kiis.risks_invalid' })
    .max(KIIS_MAX_RISKS, 'kiis.risks_invalid')
    .default([]),
  useOfFunds: text(KIIS_TEXT_MAX).default(''),
});
export type KiisFields = z.infer<typeof kiisFieldsSchema>;

export const kiisStateSchema = z.object({
  complete: z.boolean(),
  /** The fields approval still needs (KIIS_FIELDS' names), in the sheet's order. */
  missing: z.array(z.enum(KIIS_FIELDS)),
});
export type KiisState = z.infer<typeof kiisStateSchema>;

/** GET /api/ventures/my-ventures/{ventureId}/kiis */
export const kiisDraftSchema = kiisStateSchema.extend({
  fields: kiisFieldsSchema,
  updatedAt: z.string().nullable(),
  /** When the version investors read was published (the venture's approval), null before. */
  publishedAt: z.string().nullable(),
});
export type KiisDraft = z.infer<typeof kiisDraftSchema>;

export const kiisLanguageQuerySchema = z.object({
  lang: z.enum(['en', 'de', 'es', 'fr'], { error: 'kiis.language_invalid' }).optional(),
});

/** GET /api/ventures/{ventureId}/kiis: `preview=true` asks for the draft (its owner and admins). */
export const kiisPdfQuerySchema = kiisLanguageQuerySchema.extend({
  preview: z.enum(['true', 'false'], { error: 'common.invalid_value' }).optional(),
});

/** What approval needs: every text filled, the last 3 years of key figures (fewer for a company that
 * is younger: at least one), at least two risks. */
export function kiisMissing(fields: KiisFields): KiisField[] {
  const missing: KiisField[] = [];
  for (const field of KIIS_FIELDS) {
    const value = fields[field];
    if (field === 'keyFigures') {
      if (fields.keyFigures.length === 0) missing.push(field);
    } else if (field === 'risks') {
      if (fields.risks.filter((r) => r.description.trim() !== '').length < KIIS_MIN_RISKS)
        missing.push(field);
    } else if (typeof value === 'string' && value.trim() === '') {
      missing.push(field);
    }
  }
  return missing;
}
