/**
 * The KIIS form's values and what is sent (API contract, "Key investment information sheet"): the key
 * figures are always three rows of numbers (an empty row is a year left out), the risks a list of at
 * least two rows (a row without a description is left out).
 */
import {
  KIIS_KEY_FIGURE_YEARS,
  KIIS_MIN_RISKS,
  type KiisFields,
  type KiisRiskKind,
} from '../../../../src-shared/contracts/kiis';

export interface KeyFigureRow {
  year: number | null;
  turnover: number | null;
  netProfit: number | null;
  totalAssets: number | null;
}
export interface KiisFormValues extends Omit<KiisFields, 'keyFigures' | 'risks'> {
  keyFigures: KeyFigureRow[];
  risks: { kind: KiisRiskKind; description: string }[];
}

const EMPTY_ROW: KeyFigureRow = { year: null, turnover: null, netProfit: null, totalAssets: null };
const FIGURES = ['year', 'turnover', 'netProfit', 'totalAssets'] as const;

/** The draft as the form shows it: three key-figure rows (newest year last), at least two risks. */
export function toFormValues(fields: KiisFields): KiisFormValues {
  const rows: KeyFigureRow[] = [...fields.keyFigures].sort((a, b) => a.year - b.year);
  while (rows.length < KIIS_KEY_FIGURE_YEARS) rows.push({ ...EMPTY_ROW });
  const risks = [...fields.risks];
  while (risks.length < KIIS_MIN_RISKS) risks.push({ kind: 'project', description: '' });
  return { ...fields, keyFigures: rows, risks };
}

const filled = (value: unknown) => value !== null && value !== undefined && value !== '';
const isEmptyRow = (row: KeyFigureRow | undefined) => !row || FIGURES.every((f) => !filled(row[f]));

/** A key-figure row is all filled or all empty. */
export function incompleteRow(row: KeyFigureRow | undefined): boolean {
  return !isEmptyRow(row) && FIGURES.some((f) => !filled(row![f]));
}

/** What PUT sends: the rows with figures, the risks with a description, texts as typed. */
export function toPayload(values: KiisFormValues): KiisFields {
  return {
    ownerDescription: values.ownerDescription ?? '',
    management: values.management ?? '',
    responsiblePersons: values.responsiblePersons ?? '',
    responsibilityStatement: values.responsibilityStatement ?? '',
    activities: values.activities ?? '',
    keyFigures: (values.keyFigures ?? [])
      .filter((row) => !isEmptyRow(row))
      .map((row) => ({
        year: Number(row.year),
        turnover: Number(row.turnover),
        netProfit: Number(row.netProfit),
        totalAssets: Number(row.totalAssets),
      })),
    projectDescription: values.projectDescription ?? '',
    risks: (values.risks ?? [])
      .filter((risk) => risk && (risk.description ?? '').trim() !== '')
      .map((risk) => ({ kind: risk.kind ?? 'other', description: risk.description })),
    useOfFunds: values.useOfFunds ?? '',
  };
}
