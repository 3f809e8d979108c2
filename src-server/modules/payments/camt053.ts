/**
 * Reading an ISO 20022 `camt.053` bank statement (BankToCustomerStatement, versions .001.02 to
 * .001.13) with fast-xml-parser, a real XML parser (decision 0135). Only what the import needs is
 * read: per entry its amount and currency, credit or debit, reversal, status, booking date, the bank's
 * references, how many transactions it holds, the sender's name and the remittance information.
 */
import { createHash } from 'node:crypto';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { eurosToCents } from '../../../src-shared/money';
import { findDepositReferences } from '../../../src-shared/rules/payments';

export class NotCamt053Error extends Error {}

export interface StatementEntryData {
  /** The idempotency key (decision 0135): `acct:<account IBAN>:<AcctSvcrRef>`, else
   * `ntry:<IBAN>:<NtryRef>`, else `hash:` of the statement's id, the entry's position and content. */
  bankRef: string;
  amountCents: bigint;
  currency: string;
  credit: boolean;
  reversal: boolean;
  booked: boolean;
  bookingDate: string | null;
  /** Transactions in the entry (TxDtls, or a batch's NbOfTxs): more than 1 is a batch. */
  transactions: number;
  name: string | null;
  remittance: string;
  /** The valid deposit references found in the remittance information. */
  references: string[];
}

export interface Statement {
  statementId: string | null;
  entries: StatementEntryData[];
}

const ARRAYS = new Set(['Stmt', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Strd', 'AddtlRmtInf']);
const parser = new XMLParser({
  ignoreAttributes: false,
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => ARRAYS.has(name),
  // The callbacks get the parser's path matcher, not a path string built for every element (the
  // strings were a quarter of the parse of a 10,000-entry statement).
  jPath: false,
});

type Node = Record<string, unknown>;
const obj = (value: unknown): Node => (value && typeof value === 'object' ? (value as Node) : {});
const list = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === undefined ? [] : [value];
const text = (value: unknown): string | null => {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  const inner = obj(value)['#text'];
  return typeof inner === 'string' ? inner : null;
};

/** The sender's name of a credit (v02: RltdPties/Dbtr/Nm; v08+: RltdPties/Dbtr/Pty/Nm). */
function senderName(details: Node): string | null {
  const parties = obj(details.RltdPties);
  for (const who of ['Dbtr', 'UltmtDbtr']) {
    const party = obj(parties[who]);
    const name = text(party.Nm) ?? text(obj(party.Pty).Nm);
    if (name) return name;
  }
  return null;
}

/** Every piece of remittance information of a transaction: unstructured lines and structured
 * creditor references (where an RF reference belongs). */
function remittanceOf(details: Node): string[] {
  const info = obj(details.RmtInf);
  const parts = list(info.Ustrd).map(text);
  for (const structured of list(info.Strd)) {
    const s = obj(structured);
    parts.push(text(obj(s.CdtrRefInf).Ref));
    parts.push(...list(s.AddtlRmtInf).map(text));
  }
  return parts.filter((p): p is string => !!p);
}

/**
 * Parses a camt.053 file. Throws NotCamt053Error for anything else: not well-formed XML, a
 * DOCTYPE (no entity expansion, ever), another message, or an entry without a readable amount.
 */
export function parseCamt053(xml: string): Statement {
  if (/<!DOCTYPE/i.test(xml)) throw new NotCamt053Error('a DOCTYPE is not allowed');
  // The root element's own start tag names the message (comments before it do not count).
  const root = /<(?:(\w+):)?Document\b[^>]*>/.exec(xml.replace(/<!--[\s\S]*?-->/g, ''));
  const namespace =
    root && new RegExp(`xmlns${root[1] ? `:${root[1]}` : ''}\\s*=\\s*["']([^"']*)["']`).exec(root[0]);
  if (!namespace || !/^urn:iso:std:iso:20022:tech:xsd:camt\.053\.001\.\d{2}$/.test(namespace[1]!))
    throw new NotCamt053Error('not the camt.053 namespace');
  if (XMLValidator.validate(xml) !== true) throw new NotCamt053Error('not well-formed XML');
  const document = obj(obj(parser.parse(xml) as unknown).Document);
  if (!('BkToCstmrStmt' in document)) throw new NotCamt053Error('no BkToCstmrStmt');
  const statements = list(obj(document.BkToCstmrStmt).Stmt).map(obj);
  let statementId: string | null = null;
  const entries: StatementEntryData[] = [];
  for (const statement of statements) {
    const id = text(statement.Id);
    statementId ??= id;
    const account = text(obj(obj(statement.Acct).Id).IBAN) ?? 'unknown';
    list(statement.Ntry).forEach((raw, position) => {
      const entry = obj(raw);
      const amount = obj(entry.Amt);
      const amountText = text(entry.Amt);
      const amountCents = amountText === null ? null : eurosToCents(amountText);
      if (amountCents === null || amountCents <= 0n) throw new NotCamt053Error('an entry without an amount');
      const currency = (typeof amount['@_Ccy'] === 'string' ? amount['@_Ccy'] : '').toUpperCase();
      const status = text(entry.Sts) ?? text(obj(entry.Sts).Cd);
      const bookingDate = text(obj(entry.BookgDt).Dt) ?? text(obj(entry.BookgDt).DtTm)?.slice(0, 10) ?? null;
      const details = list(entry.NtryDtls).map(obj);
      const txDetails = details.flatMap((d) => list(d.TxDtls).map(obj));
      const batchCount = details.reduce((n, d) => n + Number(text(obj(d.Btch).NbOfTxs) ?? 0), 0);
      const transactions = Math.max(txDetails.length, batchCount, 1);
      const remittance = [...txDetails.flatMap(remittanceOf), ...list(entry.AddtlNtryInf).map(text)].filter(
        (p): p is string => !!p,
      );
      const remittanceText = remittance.join(' ');
      const acctSvcrRef = text(entry.AcctSvcrRef);
      const ntryRef = text(entry.NtryRef);
      const credit = text(entry.CdtDbtInd) === 'CRDT';
      const bankRef = acctSvcrRef
        ? `acct:${account}:${acctSvcrRef}`
        : ntryRef
          ? `ntry:${account}:${ntryRef}`
          : `hash:${createHash('sha256')
              .update(
                JSON.stringify([
                  account,
                  id,
                  position,
                  amountText,
                  currency,
                  credit,
                  bookingDate,
                  remittanceText,
                ]),
              )
              .digest('hex')}`;
      entries.push({
        bankRef,
        amountCents,
        currency,
        credit,
        reversal: text(entry.RvslInd) === 'true',
        booked: status === 'BOOK',
        bookingDate,
        transactions,
        name: txDetails.map(senderName).find((n) => n) ?? null,
        remittance: remittanceText,
        references: findDepositReferences(remittanceText),
      });
    });
  }
  return { statementId, entries };
}
