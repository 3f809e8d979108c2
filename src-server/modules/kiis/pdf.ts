/**
 * The key investment information sheet as a PDF (EU 2020/1503 Art. 23; Delegated Regulation (EU)
 * 2022/2119, Annex I): at most 6 A4 pages (Art. 23(7)); the title, then the disclaimer
 * (Art. 23(6)(a)), the risk warning and the reflection-period notice (Art. 22) verbatim, then the
 * company's part (parts A to C and the use of funds), then the offer's terms filled in by the
 * platform from the venture. pdfkit writes it with DejaVu Sans Condensed embedded (subsets of the
 * glyphs used), so German, Spanish and French text prints as written on any reader
 * (decision 0102).
 *
 * Six pages whatever the company writes: each text is at most 2,000 characters (600 for the short
 * ones, src-shared/contracts/kiis.ts); blank lines are collapsed and a text's line breaks beyond
 * MAX_LINES are joined, and when the sheet still runs longer the body is set one step smaller
 * (FONT_SIZES) until it fits.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { LanguageCode, RepaymentFrequency, RepaymentType } from '../../../src-shared/constants/enums';
import type { KiisFields } from '../../../src-shared/contracts/kiis';
import { fill, KIIS_TEXTS, type KiisTexts } from './texts';

/** Art. 23(7) of EU 2020/1503: the sheet is at most 6 A4 pages. */
export const KIIS_MAX_PAGES = 6;
/** The body's sizes in points, tried in order until the sheet fits in KIIS_MAX_PAGES. */
export const FONT_SIZES = [9, 8.25, 7.5, 6.75] as const;
/** A long text keeps at most this many line breaks (a short one MAX_SHORT_LINES); the rest are joined. */
const MAX_LINES = 30;
const MAX_SHORT_LINES = 10;

export interface KiisSheetVenture {
  title: string;
  companyName: string;
  targetCents: bigint;
  minInvestmentCents: bigint;
  maxInvestmentCents: bigint;
  /** Percent a year, e.g. 8.5. */
  expectedReturn: number;
  investmentPeriod: number;
  repaymentType: RepaymentType;
  repaymentFrequency: RepaymentFrequency;
  gracePeriods: number;
  closingDate: Date;
}

export interface KiisSheet {
  lang: LanguageCode;
  /** A draft shown to its company or an admin: a banner says it is not the published sheet. */
  preview: boolean;
  venture: KiisSheetVenture;
  fields: KiisFields;
  /** The sheet's date: its publication (or the draft's last change for a preview). */
  date: Date;
  /** The platform's service fee, hundredths of a percent of the interest (config SERVICE_FEE_RATE). */
  serviceFeeHundredths: number;
}

export interface RenderedKiis {
  bytes: Buffer;
  pages: number;
  /** The body size the sheet was set in. */
  fontSize: number;
}

const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | undefined;
/** The fonts, read once from the dejavu-fonts-ttf package (never a system path). */
function loadFonts() {
  fonts ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf')),
  };
  return fonts;
}

/** A text as printed: no control characters, no runs of blank lines, a bounded number of lines. */
export function normalizeText(text: string, maxLines = MAX_LINES): string {
  const lines = text
    .replace(/\r\n?/g, '\n')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/g, ' ')
    .split('\n')
    .map((line) => line.replace(/\s+$/u, ''));
  const kept: string[] = [];
  for (const line of lines) {
    // At most one blank line in a row.
    if (line.trim() === '' && (kept.length === 0 || kept[kept.length - 1] === '')) continue;
    kept.push(line);
  }
  while (kept.length > 0 && kept[kept.length - 1] === '') kept.pop();
  if (kept.length <= maxLines) return kept.join('\n');
  return [
    ...kept.slice(0, maxLines - 1),
    kept
      .slice(maxLines - 1)
      .filter((l) => l !== '')
      .join(' '),
  ].join('\n');
}

const COLORS = { text: '#1b1b1b', muted: '#555555', rule: '#b0b7c0', box: '#eef1f5', alert: '#8a1c1c' };

class Writer {
  readonly doc: PDFKit.PDFDocument;
  readonly t: KiisTexts;
  readonly size: number;
  readonly left: number;
  readonly width: number;

  constructor(sheet: KiisSheet, size: number) {
    const { regular, bold } = loadFonts();
    this.t = KIIS_TEXTS[sheet.lang];
    this.size = size;
    this.doc = new PDFDocument({
      size: 'A4',
      margins: { top: 48, bottom: 54, left: 50, right: 50 },
      bufferPages: true,
      lang: sheet.lang,
      info: {
        Title: `${this.t.title}: ${sheet.venture.title}`,
        Author: sheet.venture.companyName,
        Subject: this.t.title,
        CreationDate: sheet.date,
      },
    });
    this.doc.registerFont('body', regular);
    this.doc.registerFont('bold', bold);
    this.left = this.doc.page.margins.left;
    this.width = this.doc.page.width - this.doc.page.margins.left - this.doc.page.margins.right;
    this.doc.font('body').fontSize(size).fillColor(COLORS.text);
  }

  private get bottom() {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  /** A new page unless `height` points still fit on this one. */
  private keep(height: number) {
    if (this.doc.y + height > this.bottom) this.doc.addPage();
  }

  private lineHeight(size = this.size) {
    return this.doc.font('body').fontSize(size).currentLineHeight(true);
  }

  title(text: string) {
    this.doc
      .font('bold')
      .fontSize(this.size * 1.9)
      .fillColor(COLORS.text)
      .text(text, this.left, this.doc.y, { width: this.width });
  }

  line(text: string, options: { bold?: boolean; scale?: number; color?: string; gap?: number } = {}) {
    this.doc
      .font(options.bold ? 'bold' : 'body')
      .fontSize(this.size * (options.scale ?? 1))
      .fillColor(options.color ?? COLORS.text)
      .text(text, this.left, this.doc.y, { width: this.width, paragraphGap: options.gap ?? 0 });
  }

  /** A shaded box around a text (the disclaimer). */
  box(text: string) {
    const pad = this.size * 0.8;
    this.doc.font('bold').fontSize(this.size);
    const height = this.doc.heightOfString(text, { width: this.width - 2 * pad }) + 2 * pad;
    this.keep(height);
    const top = this.doc.y;
    this.doc.save().rect(this.left, top, this.width, height).fillAndStroke(COLORS.box, COLORS.rule).restore();
    this.doc.fillColor(COLORS.text).text(text, this.left + pad, top + pad, { width: this.width - 2 * pad });
    this.doc.y = top + height;
  }

  space(lines = 0.6) {
    this.doc.y += this.lineHeight() * lines;
  }

  /** A part's heading, kept with at least two lines of what follows. */
  part(text: string) {
    this.space(0.8);
    this.keep(this.lineHeight(this.size * 1.35) + 3 * this.lineHeight());
    this.doc
      .font('bold')
      .fontSize(this.size * 1.35)
      .fillColor(COLORS.text)
      .text(text, this.left, this.doc.y, { width: this.width });
    const y = this.doc.y + 1;
    this.doc
      .save()
      .moveTo(this.left, y)
      .lineTo(this.left + this.width, y)
      .lineWidth(0.6)
      .strokeColor(COLORS.rule)
      .stroke()
      .restore();
    this.doc.y = y + this.size * 0.4;
  }

  heading(text: string) {
    this.space(0.35);
    this.keep(3 * this.lineHeight());
    this.line(text, { bold: true, scale: 1.08 });
  }

  paragraph(text: string, maxLines = MAX_LINES) {
    const printed = normalizeText(text, maxLines);
    if (printed === '') {
      this.line(this.t.notProvided, { color: COLORS.muted });
      return;
    }
    this.line(printed, { gap: this.size * 0.25 });
  }

  /** `label: text` in one paragraph, the label bold. */
  labelled(label: string, text: string, maxLines = MAX_SHORT_LINES) {
    const printed = normalizeText(text, maxLines) || this.t.notProvided;
    this.doc
      .font('bold')
      .fontSize(this.size)
      .fillColor(COLORS.text)
      .text(`${label}: `, this.left, this.doc.y, { width: this.width, continued: true })
      .font('body')
      .text(printed, { paragraphGap: this.size * 0.35 });
  }

  /** Rows of cells in columns (x offsets and widths in points); `header` rows bold. */
  table(columns: { width: number; align: 'left' | 'right' }[], rows: string[][], header = true) {
    const gap = this.size * 0.3;
    rows.forEach((cells, index) => {
      const bold = header && index === 0;
      this.doc.font(bold ? 'bold' : 'body').fontSize(this.size);
      const height = Math.max(
        ...cells.map((cell, i) => this.doc.heightOfString(cell, { width: columns[i]!.width })),
      );
      this.keep(height + gap);
      const top = this.doc.y;
      let x = this.left;
      cells.forEach((cell, i) => {
        const column = columns[i]!;
        this.doc.fillColor(COLORS.text).text(cell, x, top, { width: column.width, align: column.align });
        x += column.width;
      });
      this.doc.y = top + height + gap;
      if (bold) {
        const y = this.doc.y - gap / 2;
        this.doc
          .save()
          .moveTo(this.left, y)
          .lineTo(x, y)
          .lineWidth(0.4)
          .strokeColor(COLORS.rule)
          .stroke()
          .restore();
      }
    });
  }

  /** The page numbers, written once every page exists. */
  footers(text: (page: number, pages: number) => string) {
    const { start, count } = this.doc.bufferedPageRange();
    for (let i = start; i < start + count; i += 1) {
      this.doc.switchToPage(i);
      const bottom = this.doc.page.margins.bottom;
      // Writing inside the bottom margin would start a new page.
      this.doc.page.margins.bottom = 0;
      this.doc
        .font('body')
        .fontSize(this.size * 0.85)
        .fillColor(COLORS.muted)
        .text(text(i - start + 1, count), this.left, this.doc.page.height - bottom + 16, {
          width: this.width,
          align: 'center',
          lineBreak: false,
        });
      this.doc.page.margins.bottom = bottom;
    }
  }
}

const euros = (cents: bigint, lang: LanguageCode, fractionDigits = 2) =>
  new Intl.NumberFormat(lang, {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(Number(cents) / 100);

const wholeEuros = (amount: number, lang: LanguageCode) =>
  new Intl.NumberFormat(lang, { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }).format(
    amount,
  );

const longDate = (date: Date, lang: LanguageCode) =>
  new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(date);

function write(sheet: KiisSheet, size: number): Writer {
  const w = new Writer(sheet, size);
  const { t } = w;
  const { venture, fields, lang } = sheet;

  // The title, then directly under it the disclaimer (Art. 23(6)(a) of EU 2020/1503).
  w.title(t.title);
  w.line(venture.title, { bold: true, scale: 1.3 });
  w.line(fill(t.ownerLine, { company: venture.companyName }), { color: COLORS.muted });
  w.line(fill(t.dateLine, { date: longDate(sheet.date, lang) }), { color: COLORS.muted });
  if (sheet.preview) {
    w.space(0.3);
    w.line(t.previewBanner, { bold: true, color: COLORS.alert });
  }
  w.space(0.6);
  w.box(t.disclaimer);

  // The risk warning (Annex I of 2022/2119) and the reflection period (Art. 22), verbatim.
  w.heading(t.riskWarningTitle);
  w.paragraph(t.riskWarning);
  w.heading(t.reflectionTitle);
  w.paragraph(t.reflection);
  w.paragraph(t.reflectionHow);

  // The company's part.
  w.part(t.partA);
  w.heading(t.fields.ownerDescription);
  w.paragraph(fields.ownerDescription);
  w.heading(t.fields.management);
  w.paragraph(fields.management);
  w.heading(t.fields.responsiblePersons);
  w.paragraph(fields.responsiblePersons, MAX_SHORT_LINES);
  w.heading(t.fields.responsibilityStatement);
  w.paragraph(fields.responsibilityStatement, MAX_SHORT_LINES);
  w.heading(t.fields.activities);
  w.paragraph(fields.activities);
  w.heading(t.fields.keyFigures);
  if (fields.keyFigures.length === 0) {
    w.paragraph('');
  } else {
    const rest = (w.width - 60) / 3;
    w.table(
      [
        { width: 60, align: 'left' },
        { width: rest, align: 'right' },
        { width: rest, align: 'right' },
        { width: rest, align: 'right' },
      ],
      [
        [t.keyFigures.year, t.keyFigures.turnover, t.keyFigures.netProfit, t.keyFigures.totalAssets],
        ...[...fields.keyFigures]
          .sort((a, b) => a.year - b.year)
          .map((row) => [
            String(row.year),
            wholeEuros(row.turnover, lang),
            wholeEuros(row.netProfit, lang),
            wholeEuros(row.totalAssets, lang),
          ]),
      ],
    );
  }

  w.part(t.partB);
  w.heading(t.fields.projectDescription);
  w.paragraph(fields.projectDescription);

  w.part(t.partC);
  const risks = fields.risks.filter((risk) => risk.description.trim() !== '');
  if (risks.length === 0) w.paragraph('');
  for (const risk of risks) w.labelled(t.risks[risk.kind], risk.description);

  w.part(t.useOfFundsTitle);
  w.paragraph(fields.useOfFunds);

  // The offer's terms, from the venture.
  w.part(t.termsTitle);
  const percent = new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 2 });
  const fee = new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(
    sheet.serviceFeeHundredths / 100,
  );
  w.table(
    [
      { width: 190, align: 'left' },
      { width: w.width - 190, align: 'left' },
    ],
    [
      [t.terms.target, euros(venture.targetCents, lang)],
      [t.terms.minimum, euros(venture.minInvestmentCents, lang)],
      [t.terms.maximum, euros(venture.maxInvestmentCents, lang)],
      [t.terms.rate, fill(t.terms.ratePerYear, { rate: percent.format(venture.expectedReturn / 100) })],
      [t.terms.period, fill(t.terms.months, { n: venture.investmentPeriod })],
      [
        t.terms.repayment,
        `${t.repaymentTypes[venture.repaymentType]} (${t.frequencies[venture.repaymentFrequency]})`,
      ],
      ...(venture.gracePeriods > 0 ? [[t.terms.grace, String(venture.gracePeriods)]] : []),
      [t.terms.closingDate, longDate(venture.closingDate, lang)],
      [t.terms.fees, fill(t.terms.feesText, { rate: fee })],
      [t.terms.targetMissed, t.terms.targetMissedText],
    ],
    false,
  );

  const shortTitle = venture.title.length > 60 ? `${venture.title.slice(0, 59).trimEnd()}…` : venture.title;
  w.footers((page, pages) => `${shortTitle}. ${fill(t.footer, { page, pages })}`);
  return w;
}

function finish(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** The sheet as PDF bytes, in the largest body size that keeps it within 6 pages. */
export async function renderKiisPdf(sheet: KiisSheet): Promise<RenderedKiis> {
  let writer: Writer | undefined;
  for (const size of FONT_SIZES) {
    writer = write(sheet, size);
    // Too long at this size: the document is dropped unfinished and the next size is set.
    if (writer.doc.bufferedPageRange().count <= KIIS_MAX_PAGES) break;
  }
  const chosen = writer!;
  const pages = chosen.doc.bufferedPageRange().count;
  return { bytes: await finish(chosen.doc), pages, fontSize: chosen.size };
}
