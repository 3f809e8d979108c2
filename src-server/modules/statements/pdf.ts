/**
 * The annual statement as a PDF (decision 0166): pdfkit with DejaVu Sans Condensed embedded, as the
 * KIIS (src-server/modules/kiis/pdf.ts), A4 landscape, in the investor's language with that
 * language's number and date formats: the platform's name, the investor, the year, the summary table
 * (opening balance, each column, closing balance, written off apart) and the annex (one row a venture).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { LANGUAGE_CODES, type LanguageCode } from '../../../src-shared/constants/enums';
import { STATEMENT_COLUMNS, type AnnualStatement } from './service';
import { fill, STATEMENT_TEXTS } from './texts';

export const PLATFORM_NAME = 'AfriVest';
const LOCALES: Record<LanguageCode, string> = { en: 'en-GB', de: 'de-DE', es: 'es-ES', fr: 'fr-FR' };
const COLORS = { text: '#1b1b1b', muted: '#555555', rule: '#b0b7c0', box: '#eef1f5' };

const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | undefined;
function loadFonts() {
  fonts ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf')),
  };
  return fonts;
}

export function languageOf(value: string): LanguageCode {
  return (LANGUAGE_CODES as string[]).includes(value) ? (value as LanguageCode) : 'en';
}

/** Cents in the language's currency format: 1234.5 € (de), €1,234.50 (en). */
export function money(cents: bigint, lang: LanguageCode): string {
  return new Intl.NumberFormat(LOCALES[lang], { style: 'currency', currency: 'EUR' }).format(
    Number(cents) / 100,
  );
}

/** A 'YYYY-MM-DD' day in the language's long date format (UTC). */
export function longDate(day: string, lang: LanguageCode): string {
  return new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

export async function renderStatementPdf(s: AnnualStatement, lang: LanguageCode): Promise<Buffer> {
  const t = STATEMENT_TEXTS[lang];
  const { regular, bold } = loadFonts();
  const name = `${s.investor.firstName} ${s.investor.lastName}`.trim();
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margins: { top: 40, bottom: 48, left: 44, right: 44 },
    bufferPages: true,
    lang,
    info: {
      Title: `${PLATFORM_NAME}: ${fill(t.title, { year: s.year })}`,
      Author: PLATFORM_NAME,
      Subject: name,
    },
  });
  doc.registerFont('body', regular);
  doc.registerFont('bold', bold);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const size = 9;

  doc.font('bold').fontSize(16).fillColor(COLORS.text).text(PLATFORM_NAME, left, doc.y);
  doc
    .font('bold')
    .fontSize(13)
    .text(fill(t.title, { year: s.year }));
  doc.moveDown(0.4);
  doc.font('body').fontSize(size);
  doc.text(`${t.investor}: ${name} (${s.investor.email})`);
  doc.text(`${t.period}: ${longDate(`${s.year}-01-01`, lang)} – ${longDate(`${s.year}-12-31`, lang)}`);
  if (s.asOf < `${s.year}-12-31`) doc.text(fill(t.asOf, { date: longDate(s.asOf, lang) }));
  doc.moveDown(0.8);

  // The summary: label, amount.
  doc.font('bold').fontSize(11).text(t.summary);
  doc.moveDown(0.3);
  const labelWidth = 260;
  const amountWidth = 120;
  const line = (label: string, cents: bigint, strong = false) => {
    const y = doc.y;
    doc
      .font(strong ? 'bold' : 'body')
      .fontSize(size)
      .fillColor(COLORS.text);
    doc.text(label, left, y, { width: labelWidth, lineBreak: false });
    doc.text(money(cents, lang), left + labelWidth, y, {
      width: amountWidth,
      align: 'right',
      lineBreak: false,
    });
    doc.y = y + size + 5;
  };
  const rule = () => {
    doc
      .moveTo(left, doc.y - 2)
      .lineTo(left + labelWidth + amountWidth, doc.y - 2)
      .strokeColor(COLORS.rule)
      .stroke();
  };
  line(t.opening, s.openingCents, true);
  rule();
  for (const c of STATEMENT_COLUMNS) line(t.columns[c], s.totals[c]);
  rule();
  line(t.closing, s.closingCents, true);
  doc.moveDown(0.4);
  line(t.writtenOff, s.totals.writtenOff);
  doc
    .font('body')
    .fontSize(size * 0.9)
    .fillColor(COLORS.muted)
    .text(t.writtenOffNote, left, doc.y, { width });
  doc.moveDown(0.3);
  doc.text(t.reconciliation, left, doc.y, { width });
  doc.moveDown(1);

  // The annex: one row a venture; deposits and withdrawals belong to no venture.
  const columns = [
    ...STATEMENT_COLUMNS.filter((c) => c !== 'deposits' && c !== 'withdrawals'),
    'writtenOff',
  ] as const;
  const titleWidth = 130;
  const cell = (width - titleWidth) / columns.length;
  const heading = (c: (typeof columns)[number]) => (c === 'writtenOff' ? t.writtenOff : t.columns[c]);
  const header = () => {
    doc
      .font('bold')
      .fontSize(size * 0.8)
      .fillColor(COLORS.text);
    const y = doc.y;
    let h = 0;
    doc.text(t.venture, left, y, { width: titleWidth - 4 });
    h = Math.max(h, doc.y - y);
    columns.forEach((c, k) => {
      doc.text(heading(c), left + titleWidth + k * cell, y, { width: cell - 4, align: 'right' });
      h = Math.max(h, doc.y - y);
    });
    doc.y = y + h + 3;
    doc
      .moveTo(left, doc.y - 1)
      .lineTo(left + width, doc.y - 1)
      .strokeColor(COLORS.rule)
      .stroke();
    doc.y += 2;
  };
  if (doc.y + 60 > bottom()) doc.addPage();
  doc.font('bold').fontSize(11).fillColor(COLORS.text).text(t.annex, left, doc.y);
  doc.moveDown(0.3);
  if (s.ventures.length === 0) doc.font('body').fontSize(size).text(t.noVentures);
  else header();
  for (const v of s.ventures) {
    if (doc.y + size * 2 > bottom()) {
      doc.addPage();
      header();
    }
    const y = doc.y;
    doc
      .font('body')
      .fontSize(size * 0.9)
      .fillColor(COLORS.text);
    let title = v.title;
    while (title.length > 1 && doc.widthOfString(title) > titleWidth - 6) title = `${title.slice(0, -2)}…`;
    doc.text(title, left, y, { width: titleWidth - 4, lineBreak: false });
    columns.forEach((c, k) => {
      doc.text(money(v.figures[c], lang), left + titleWidth + k * cell, y, {
        width: cell - 4,
        align: 'right',
        lineBreak: false,
      });
    });
    doc.y = y + size + 4;
  }

  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i += 1) {
    doc.switchToPage(i);
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('body')
      .fontSize(size * 0.8)
      .fillColor(COLORS.muted)
      .text(
        `${PLATFORM_NAME}. ${fill(t.title, { year: s.year })}. ${name}. ${fill(t.footer, { page: i - start + 1, pages: count })}`,
        left,
        doc.page.height - margin + 16,
        { width, align: 'center', lineBreak: false },
      );
    doc.page.margins.bottom = margin;
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}
