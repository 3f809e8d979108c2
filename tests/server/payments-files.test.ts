/**
 * The bank files of issue 27: a realistic camt.053 statement parsed (tests/server/fixtures), and the
 * pain.001.001.09 payment file checked by xmllint (Debian's libxml2-utils, installed by .ci/run):
 * well-formed always, and valid against the ISO 20022 schema when the XSD is present
 * (tests/server/fixtures/xsd/pain.001.001.09.xsd or PAIN001_XSD; see docs/operations.md, "The
 * payment file's schema": no npm package ships it).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { NotCamt053Error, parseCamt053 } from '../../src-server/modules/payments/camt053';
import { buildPain001, sepaText } from '../../src-server/modules/payments/pain001';

const fixture = readFileSync(join(__dirname, 'fixtures', 'camt053-statement.xml'), 'utf8');
const XSD = process.env.PAIN001_XSD ?? join(__dirname, 'fixtures', 'xsd', 'pain.001.001.09.xsd');

describe('camt.053 parsing', () => {
  const statement = parseCamt053(fixture);
  const byRef = (ref: string) => statement.entries.find((e) => e.bankRef.endsWith(`:${ref}`))!;

  it('reads every entry with its amount, direction, status, date and references', () => {
    expect(statement.statementId).toBe('20261126-DE89370400440532013000');
    expect(statement.entries).toHaveLength(9);
    expect(byRef('2026112600000101')).toMatchObject({
      amountCents: 25_000n,
      currency: 'EUR',
      credit: true,
      reversal: false,
      booked: true,
      bookingDate: '2026-11-26',
      transactions: 1,
      name: 'Amara Okafor',
      references: ['RF37AV00100001'],
    });
    // No AcctSvcrRef: the NtryRef is the key; the structured creditor reference is read, '&amp;' decoded.
    expect(byRef('2')).toMatchObject({
      bankRef: 'ntry:DE89370400440532013000:2',
      amountCents: 100_000n,
      name: 'Lagos Solar Ltd & Co',
      references: ['RF10AV00100002'],
    });
  });

  it('sees a batch, a returned payment, a foreign currency, a debit and a pending entry for what they are', () => {
    expect(byRef('2026112600000103').transactions).toBe(2);
    expect(byRef('2026112600000104')).toMatchObject({ reversal: true, credit: true });
    expect(byRef('2026112600000105')).toMatchObject({ currency: 'USD', amountCents: 12_000n });
    expect(byRef('2026112600000107')).toMatchObject({ credit: false, transactions: 3 });
    expect(byRef('2026112700000109').booked).toBe(false);
    expect(byRef('2026112600000106').references).toEqual([]);
  });

  it('refuses what is not a camt.053: another message, broken XML, a DOCTYPE', () => {
    const pain = buildPain001(sample());
    expect(() => parseCamt053(pain)).toThrow(NotCamt053Error);
    expect(() => parseCamt053(fixture.slice(0, fixture.length / 2))).toThrow(NotCamt053Error);
    expect(() => parseCamt053('not xml at all')).toThrow(NotCamt053Error);
    const doctype = fixture.replace(
      '<Document',
      '<!DOCTYPE Document [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<Document',
    );
    expect(() => parseCamt053(doctype)).toThrow(NotCamt053Error);
    const camt054 = fixture.replaceAll('camt.053.001.08', 'camt.054.001.08');
    expect(() => parseCamt053(camt054)).toThrow(NotCamt053Error);
  });
});

function sample() {
  return {
    messageId: 'AV20261127093000ABCDEF12',
    createdAt: new Date('2026-11-27T09:30:00.000Z'),
    executionDate: '2026-11-27',
    initiatingParty: 'AfriVest Client Money',
    debtor: { name: 'AfriVest Client Money', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
    transfers: [
      {
        endToEndId: '0f5d6e3a9c2b4f7e8a1d2c3b4a5f6e7d',
        amountCents: 12_345n,
        name: 'Zoë Müller-Łukasz <script>&',
        iban: 'FR1420041010050500013M02606',
        remittance: 'AfriVest withdrawal 0F5D6E3A',
      },
      {
        endToEndId: '1a2b3c4d5e6f40718293a4b5c6d7e8f9',
        amountCents: 100n,
        name: 'Lagos Solar Ltd',
        iban: 'DE89370400440532013000',
        remittance: 'AfriVest withdrawal 1A2B3C4D',
      },
    ],
  };
}

describe('pain.001.001.09', () => {
  const xml = buildPain001(sample());
  const dir = mkdtempSync(join(tmpdir(), 'pain001-'));
  const file = join(dir, 'pain.xml');
  writeFileSync(file, xml);

  it('is well-formed XML (xmllint) with the totals, amounts and escaped names', () => {
    execFileSync('xmllint', ['--noout', file]);
    const parsed = new XMLParser({ ignoreAttributes: false, parseTagValue: false }).parse(xml);
    const root = parsed.Document;
    expect(root['@_xmlns']).toBe('urn:iso:std:iso:20022:tech:xsd:pain.001.001.09');
    const header = root.CstmrCdtTrfInitn.GrpHdr;
    expect(header).toMatchObject({ MsgId: 'AV20261127093000ABCDEF12', NbOfTxs: '2', CtrlSum: '124.45' });
    const payment = root.CstmrCdtTrfInitn.PmtInf;
    expect(payment.DbtrAcct.Id.IBAN).toBe('DE89370400440532013000');
    expect(payment.ReqdExctnDt.Dt).toBe('2026-11-27');
    const [first, second] = payment.CdtTrfTxInf;
    expect(first.Amt.InstdAmt).toEqual({ '#text': '123.45', '@_Ccy': 'EUR' });
    expect(second.Amt.InstdAmt['#text']).toBe('1.00');
    // SEPA's basic Latin character set: accents dropped, markup characters gone (never raw XML).
    expect(first.Cdtr.Nm).toBe('Zoe Muller- ukasz script');
    expect(xml).not.toContain('<script>');
  });

  it.skipIf(!existsSync(XSD))('validates against the ISO 20022 schema (xmllint --schema)', () => {
    execFileSync('xmllint', ['--noout', '--schema', XSD, file], { stdio: 'pipe' });
  });

  it('writes names in the SEPA character set, cut to the field length', () => {
    expect(sepaText('Straße 5 – Köln', 70)).toBe('Strasse 5 Koln');
    expect(sepaText('x'.repeat(100), 70)).toHaveLength(70);
    expect(sepaText('<>&', 70)).toBe('NOTPROVIDED');
  });
});
