/**
 * Reading an ISO 20022 `camt.053` bank statement (BankToCustomerStatement, versions .001.02 to
 * .001.13) with saxes, a real XML parser (streaming, and strict about well-formedness; decision
 * 0135, docs/benchmarks.md). Only what the import needs is read: per entry its amount and currency, credit or debit, reversal, status, booking date, the bank's
 * references, how many transactions it holds, the sender's name and the remittance information.
 */
import { createHash } from 'node:crypto';
import { SaxesParser } from 'saxes';
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

type Node = Record<string, unknown>;

/** Elements read as lists even when there is one. */
const ARRAYS = new Set(['Stmt', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Strd', 'AddtlRmtInf']);

interface Frame {
  name: string;
  attributes: Record<string, string>;
  children: Map<string, unknown[]>;
  text: string;
}

/**
 * Reads the document with saxes, a streaming parser that checks well-formedness as it goes (a
 * malformed file throws), into plain objects: an element with only text is its trimmed text; one
 * with children or attributes an object of its children by local name (namespace prefixes dropped),
 * `@_<attribute>` and `#text`; repeated children and the names of ARRAYS are lists. A 10,000-entry
 * statement took about 0.6 s of CPU with fast-xml-parser's validator and object builder, about
 * 0.15 s this way (docs/benchmarks.md, "Bank statement import").
 */
function readTree(xml: string): { rootNamespace: string | undefined; tree: Node } {
  const parser = new SaxesParser({ xmlns: true });
  const top: Frame = { name: '', attributes: {}, children: new Map(), text: '' };
  const stack: Frame[] = [top];
  let rootNamespace: string | undefined;
  parser.on('doctype', () => {
    throw new NotCamt053Error('a DOCTYPE is not allowed');
  });
  parser.on('opentag', (tag) => {
    if (stack.length === 1) rootNamespace = tag.uri;
    const attributes: Record<string, string> = {};
    for (const attribute of Object.values(tag.attributes)) {
      if (attribute.prefix !== 'xmlns' && attribute.name !== 'xmlns')
        attributes[`@_${attribute.local}`] = attribute.value;
    }
    stack.push({ name: tag.local ?? tag.name, attributes, children: new Map(), text: '' });
  });
  const addText = (text: string) => {
    stack[stack.length - 1]!.text += text;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('closetag', () => {
    const frame = stack.pop()!;
    const parent = stack[stack.length - 1]!;
    const list = parent.children.get(frame.name);
    const value = valueOf(frame);
    if (list) list.push(value);
    else parent.children.set(frame.name, [value]);
  });
  parser.write(xml).close();
  const tree: Node = {};
  for (const [name, values] of top.children) tree[name] = values.length > 1 ? values : values[0];
  return { rootNamespace, tree };
}

function valueOf(frame: Frame): unknown {
  const text = frame.text.trim();
  if (frame.children.size === 0 && Object.keys(frame.attributes).length === 0) return text;
  const node: Node = { ...frame.attributes };
  for (const [name, values] of frame.children)
    node[name] = ARRAYS.has(name) || values.length > 1 ? values : values[0];
  if (text) node['#text'] = text;
  return node;
}

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
  let read: ReturnType<typeof readTree>;
  try {
    read = readTree(xml);
  } catch (error) {
    if (error instanceof NotCamt053Error) throw error;
    throw new NotCamt053Error('not well-formed XML');
  }
  // The root element's namespace names the message.
  if (
    !read.rootNamespace ||
    !/^urn:iso:std:iso:20022:tech:xsd:camt\.053\.001\.\d{2}$/.test(read.rootNamespace)
  )
    throw new NotCamt053Error('not the camt.053 namespace');
  const document = obj(read.tree.Document);
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
