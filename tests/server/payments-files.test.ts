/**
 * The bank files of issue 27: a realistic camt.053 statement parsed (tests/server/fixtures), and the
 * pain.001.001.09 payment file checked by xmllint (Debian's libxml2-utils, installed by .ci/run):
 * well-formed, and valid against the official ISO 20022 schema when it is present
 * (tests/server/fixtures/xsd/pain.001.001.09.xsd or PAIN001_XSD; see docs/operations.md, "The
 * payment file's schema": no npm package ships it), else against the subset of it written for the
 * project (tests/server/fixtures/xsd/pain.001.001.09-subset.xsd, decision 0150).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { NotCamt053Error, parseCamt053 } from '../../src-server/modules/payments/camt053';
import { buildPain001, sepaText } from '../../src-server/modules/payments/pain001';

const fixture = readFileSync(join(__dirname, 'fixtures', 'camt053-statement.xml'), 'utf8');
const OFFICIAL_XSD = process.env.PAIN001_XSD ?? join(__dirname, 'fixtures', 'xsd', 'pain.001.001.09.xsd');
const SUBSET_XSD = join(__dirname, 'fixtures', 'xsd', 'pain.001.001.09-subset.xsd');
const schema = existsSync(OFFICIAL_XSD)
  ? { path: OFFICIAL_XSD, name: 'the official ISO 20022 schema' }
  : { path: SUBSET_XSD, name: 'the subset schema of decision 0150 (the official XSD is absent)' };

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
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

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

  /** xmllint --schema on a text; its verdict and what it said. */
  const validate = (text: string) => {
    const path = join(dir, `check-${Math.random().toString(36).slice(2)}.xml`);
    writeFileSync(path, text);
    const run = spawnSync('xmllint', ['--noout', '--schema', schema.path, path], { encoding: 'utf8' });
    return { valid: run.status === 0, said: `${run.stdout}${run.stderr}` };
  };

  it(`validates against ${schema.name} (xmllint --schema)`, () => {
    console.info(`pain.001.001.09 checked against ${schema.path}`);
    const { valid, said } = validate(xml);
    expect(said).toContain('validates');
    expect(valid).toBe(true);
  });

  it.each([
    ['an amount with 6 decimals', (x: string) => x.replace('>123.45<', '>123.456789<'), 'fractionDigits'],
    ['a negative amount', (x: string) => x.replace('>1.00<', '>-1.00<'), 'minInclusive'],
    ['a lower-case currency', (x: string) => x.replace('Ccy="EUR"', 'Ccy="eur"'), 'Ccy'],
    ['a missing end-to-end id', (x: string) => x.replace(/<EndToEndId>[^<]*<\/EndToEndId>/, ''), 'PmtId'],
    ['a missing message id', (x: string) => x.replace(/<MsgId>[^<]*<\/MsgId>/, ''), 'MsgId'],
    [
      'the charge bearer before the debtor (out of order)',
      (x: string) => x.replace(/(<Dbtr>)([\s\S]*?)(<ChrgBr>SLEV<\/ChrgBr>)/, '$3$1$2'),
      'ChrgBr',
    ],
    [
      'an IBAN with a space',
      (x: string) => x.replace('>FR1420041010050500013M02606<', '>FR14 2004<'),
      'IBAN',
    ],
    ['a BIC of 9 characters', (x: string) => x.replace('>COBADEFFXXX<', '>COBADEFFX<'), 'BICFI'],
    ['a charge bearer other than the code list', (x: string) => x.replace('>SLEV<', '>SEPA<'), 'ChrgBr'],
    [
      'a name longer than 140 characters',
      (x: string) => x.replace('>Lagos Solar Ltd<', `>${'L'.repeat(141)}<`),
      'Nm',
    ],
  ])(`is refused by ${schema.name} with %s`, (_, mutate, element) => {
    const mutated = mutate(xml);
    expect(mutated).not.toBe(xml);
    const { valid, said } = validate(mutated);
    expect(said).toContain('fails to validate');
    expect(said).toContain(element);
    expect(valid).toBe(false);
  });

  it(`accepts 3 decimals, as ISO 20022 does (fractionDigits 5): the two of SEPA are the writer's rule`, () => {
    expect(validate(xml.replace('>123.45<', '>123.456<')).valid).toBe(true);
    expect(xml).not.toMatch(/InstdAmt[^>]*>\d+\.\d{3}/);
  });

  it('writes names in the SEPA character set, cut to the field length', () => {
    expect(sepaText('Straße 5 – Köln', 70)).toBe('Strasse 5 Koln');
    expect(sepaText('x'.repeat(100), 70)).toHaveLength(70);
    expect(sepaText('<>&', 70)).toBe('NOTPROVIDED');
  });
});
