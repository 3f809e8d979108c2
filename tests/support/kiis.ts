/**
 * Key investment information sheets for tests (API contract, "Key investment information sheet"):
 * a complete one (approval needs it), and helpers that read a PDF back with poppler-utils.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KiisFields } from '../../src-shared/contracts/kiis';

/** Every field filled: what a test's venture needs before an admin can approve it. */
export const COMPLETE_KIIS: KiisFields = {
  ownerDescription: 'Kisumu Solar Ltd, a private limited company registered in Kenya (PVT-2019-0042).',
  management: 'Amina Otieno (managing director), Brian Mwangi (finance).',
  responsiblePersons: 'Amina Otieno, managing director.',
  responsibilityStatement:
    'The project owner declares that, to the best of its knowledge, no information has been omitted or is materially misleading or inaccurate.',
  activities: 'Pay-as-you-go solar kiosks for market traders.',
  keyFigures: [
    { year: 2023, turnover: 410000, netProfit: 21000, totalAssets: 380000 },
    { year: 2024, turnover: 520000, netProfit: 34000, totalAssets: 455000 },
    { year: 2025, turnover: 640000, netProfit: 47000, totalAssets: 530000 },
  ],
  projectDescription: '120 new kiosks in Kisumu county.',
  risks: [
    { kind: 'project', description: 'Installation may be delayed by the rainy season.' },
    { kind: 'default', description: 'The company may be unable to repay the loan.' },
  ],
  useOfFunds: 'Kiosks 70 %, batteries 20 %, training 10 %.',
};

/** A PDF's page count (`pdfinfo`) and text (`pdftotext -raw`: in the order it was written, top to
 * bottom; a table row by row; a word hyphenated at a line's end keeps its hyphen). */
export function readPdf(bytes: Buffer): { pages: number; text: string; info: string } {
  const dir = mkdtempSync(join(tmpdir(), 'kiis-pdf-'));
  try {
    const file = join(dir, 'sheet.pdf');
    writeFileSync(file, bytes);
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
    const text = execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    return { pages, text, info };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Text as a single line of single spaces: what a sentence looks like once lines are wrapped (a word
 * broken after its hyphen at a line's end joined again). */
export const flat = (text: string) => text.replace(/-\n/g, '-').replace(/\s+/g, ' ').trim();
