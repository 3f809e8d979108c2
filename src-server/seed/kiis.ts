/**
 * The demo ventures' key investment information sheets (EU 2020/1503 Art. 23): each complete and
 * plausible, written from its venture (fixtures/ventures.json), its company and the type's template
 * (fixtures/kiis.json); key figures grow with the venture's size. An approved venture's sheet is
 * published (as its approval would have done), so the public pages show real sheets.
 */
import type { VentureType } from '../../src-shared/constants/enums';
import { AFRICAN_COUNTRIES } from '../../src-shared/constants/countries';
import type { KiisFields, KiisRiskKind } from '../../src-shared/contracts/kiis';
import demoKiisTexts from './fixtures/kiis.json';

interface KiisTemplate {
  activities: string;
  projectDescription: string;
  useOfFunds: string;
  risks: string[][];
}
const TEXTS = demoKiisTexts as {
  companies: Record<string, { ownerDescription: string; management: string; responsiblePersons: string }>;
  responsibilityStatement: string;
  types: Record<VentureType, KiisTemplate>;
};

export interface DemoKiisVenture {
  title: string;
  shortDescription: string;
  country: string;
  ventureType: VentureType;
  target: number;
  months: number;
}

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

/** The sheet of demo venture number `index`, owned by the company with that e-mail, written in `year`. */
export function demoKiis(
  v: DemoKiisVenture,
  company: { email: string; name: string },
  index: number,
  year: number,
): KiisFields {
  const owner = TEXTS.companies[company.email]!;
  const template = TEXTS.types[v.ventureType];
  const values = {
    title: v.title,
    short: v.shortDescription,
    company: company.name,
    country: AFRICAN_COUNTRIES.find((c) => c.code === v.country)?.name ?? v.country,
    target: `${v.target.toLocaleString('en')} euro`,
    months: String(v.months),
  };
  // Turnover about four times the loan, growing 12-18 % a year; a thin but positive margin.
  const base = v.target * (3.2 + (index % 5) * 0.2);
  const keyFigures = [3, 2, 1].map((back, k) => {
    const turnover = Math.round(base * (1 + 0.15 * k + (index % 3) * 0.01 * k));
    return {
      year: year - back,
      turnover,
      netProfit: Math.round(turnover * (0.04 + 0.01 * ((index + k) % 4))),
      totalAssets: Math.round(turnover * 0.9),
    };
  });
  return {
    ownerDescription: fill(owner.ownerDescription, values),
    management: fill(owner.management, values),
    responsiblePersons: fill(owner.responsiblePersons, values),
    responsibilityStatement: TEXTS.responsibilityStatement,
    activities: fill(template.activities, values),
    keyFigures,
    projectDescription: fill(template.projectDescription, values),
    risks: template.risks.map(([kind, description]) => ({
      kind: kind as KiisRiskKind,
      description: fill(description!, values),
    })),
    useOfFunds: fill(template.useOfFunds, values),
  };
}
