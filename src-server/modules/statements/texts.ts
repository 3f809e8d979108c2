/**
 * The annual statement's texts in the platform's four languages (decision 0166). The CSV keeps
 * English column names in every language (a file for software and tax advisers); the PDF prints these.
 */
import type { LanguageCode } from '../../../src-shared/constants/enums';
import type { StatementColumn } from './service';

export interface StatementTexts {
  title: string;
  investor: string;
  period: string;
  asOf: string;
  summary: string;
  opening: string;
  closing: string;
  columns: Record<StatementColumn, string>;
  writtenOff: string;
  writtenOffNote: string;
  annex: string;
  venture: string;
  noVentures: string;
  reconciliation: string;
  footer: string;
}

export const STATEMENT_TEXTS: Record<LanguageCode, StatementTexts> = {
  en: {
    title: 'Annual statement {{year}}',
    investor: 'Investor',
    period: 'Period',
    asOf: 'Figures as of {{date}} (the year is still running).',
    summary: 'Summary',
    opening: 'Opening balance',
    closing: 'Closing balance',
    columns: {
      deposits: 'Deposits',
      withdrawals: 'Withdrawals',
      invested: 'Invested',
      refunded: 'Refunds and revocations',
      principal: 'Principal received',
      interest: 'Interest received',
      lateInterest: 'Late interest received',
      fees: 'Service fees',
      recovered: 'Recovered (defaulted loans)',
      other: 'Other movements',
    },
    writtenOff: 'Written off',
    writtenOffNote:
      'Written off moves no money: it is the principal of your investments written off this year.',
    annex: 'Annex: per venture',
    venture: 'Venture',
    noVentures: 'No movement linked to a venture this year.',
    reconciliation:
      'Every figure is the sum of the entries of your platform account in the year (1 January to 31 December, UTC); credits are positive, debits negative. Opening balance plus every movement equals the closing balance.',
    footer: 'Page {{page}} of {{pages}}',
  },
  de: {
    title: 'Jahresauszug {{year}}',
    investor: 'Anleger',
    period: 'Zeitraum',
    asOf: 'Stand {{date}} (das Jahr läuft noch).',
    summary: 'Übersicht',
    opening: 'Anfangssaldo',
    closing: 'Endsaldo',
    columns: {
      deposits: 'Einzahlungen',
      withdrawals: 'Auszahlungen',
      invested: 'Investiert',
      refunded: 'Erstattungen und Widerrufe',
      principal: 'Erhaltene Tilgung',
      interest: 'Erhaltene Zinsen',
      lateInterest: 'Erhaltene Verzugszinsen',
      fees: 'Servicegebühren',
      recovered: 'Beigetrieben (ausgefallene Darlehen)',
      other: 'Sonstige Buchungen',
    },
    writtenOff: 'Abgeschrieben',
    writtenOffNote:
      'Eine Abschreibung bewegt kein Geld: Es ist das in diesem Jahr abgeschriebene Kapital Ihrer Investitionen.',
    annex: 'Anhang: je Projekt',
    venture: 'Projekt',
    noVentures: 'In diesem Jahr keine Buchung zu einem Projekt.',
    reconciliation:
      'Jeder Betrag ist die Summe der Buchungen Ihres Plattformkontos im Jahr (1. Januar bis 31. Dezember, UTC); Gutschriften positiv, Belastungen negativ. Anfangssaldo plus alle Buchungen ergibt den Endsaldo.',
    footer: 'Seite {{page}} von {{pages}}',
  },
  es: {
    title: 'Extracto anual {{year}}',
    investor: 'Inversor',
    period: 'Periodo',
    asOf: 'Cifras a {{date}} (el año aún no ha terminado).',
    summary: 'Resumen',
    opening: 'Saldo inicial',
    closing: 'Saldo final',
    columns: {
      deposits: 'Depósitos',
      withdrawals: 'Retiradas',
      invested: 'Invertido',
      refunded: 'Reembolsos y revocaciones',
      principal: 'Principal recibido',
      interest: 'Intereses recibidos',
      lateInterest: 'Intereses de demora recibidos',
      fees: 'Comisiones de servicio',
      recovered: 'Recuperado (préstamos impagados)',
      other: 'Otros movimientos',
    },
    writtenOff: 'Dado de baja',
    writtenOffNote: 'Una baja no mueve dinero: es el principal de sus inversiones dado de baja este año.',
    annex: 'Anexo: por proyecto',
    venture: 'Proyecto',
    noVentures: 'Ningún movimiento vinculado a un proyecto este año.',
    reconciliation:
      'Cada cifra es la suma de los apuntes de su cuenta en la plataforma durante el año (1 de enero a 31 de diciembre, UTC); abonos en positivo, cargos en negativo. El saldo inicial más todos los movimientos es el saldo final.',
    footer: 'Página {{page}} de {{pages}}',
  },
  fr: {
    title: 'Relevé annuel {{year}}',
    investor: 'Investisseur',
    period: 'Période',
    asOf: 'Chiffres au {{date}} (l’année est en cours).',
    summary: 'Synthèse',
    opening: 'Solde d’ouverture',
    closing: 'Solde de clôture',
    columns: {
      deposits: 'Dépôts',
      withdrawals: 'Retraits',
      invested: 'Investi',
      refunded: 'Remboursements et rétractations',
      principal: 'Capital reçu',
      interest: 'Intérêts reçus',
      lateInterest: 'Intérêts de retard reçus',
      fees: 'Frais de service',
      recovered: 'Recouvré (prêts en défaut)',
      other: 'Autres mouvements',
    },
    writtenOff: 'Passé en perte',
    writtenOffNote:
      'Un passage en perte ne déplace pas d’argent : c’est le capital de vos investissements passé en perte cette année.',
    annex: 'Annexe : par projet',
    venture: 'Projet',
    noVentures: 'Aucun mouvement lié à un projet cette année.',
    reconciliation:
      'Chaque montant est la somme des écritures de votre compte sur la plateforme pendant l’année (1er janvier au 31 décembre, UTC) ; crédits positifs, débits négatifs. Le solde d’ouverture plus tous les mouvements donne le solde de clôture.',
    footer: 'Page {{page}} sur {{pages}}',
  },
};

export const fill = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
