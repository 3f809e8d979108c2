/**
 * A SEPA credit transfer file, ISO 20022 `pain.001.001.09` (CustomerCreditTransferInitiationV09),
 * built with xmlbuilder2 (never by concatenating strings, so every value is escaped): one group
 * header, one payment information block from the platform's client-money account, one transaction
 * per withdrawal (decision 0136).
 */
import { create } from 'xmlbuilder2';

export const PAIN_001_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09';

export interface CreditTransfer {
  /** At most 35 characters: the withdrawal's id without dashes. */
  endToEndId: string;
  amountCents: bigint;
  name: string;
  iban: string;
  remittance: string;
}

export interface PaymentFile {
  messageId: string;
  createdAt: Date;
  /** The requested execution day, YYYY-MM-DD (the business date). */
  executionDate: string;
  initiatingParty: string;
  debtor: { name: string; iban: string; bic: string };
  transfers: CreditTransfer[];
}

/** Cents as the decimal text pain.001 wants (`1234.50`). */
export const decimalAmount = (cents: bigint) => {
  const whole = cents / 100n;
  const rest = cents % 100n;
  return `${whole}.${String(rest).padStart(2, '0')}`;
};

/**
 * Text in the character set every SEPA bank accepts (EPC's basic Latin: letters, digits and
 * `/ - ? : ( ) . , ' +` and space): accents are dropped (é -> e), ß becomes ss, anything else a
 * space; then cut to `max` characters.
 */
export function sepaText(value: string, max: number): string {
  const text = value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.slice(0, max).trim() || 'NOTPROVIDED';
}

/** The file as UTF-8 XML text. */
export function buildPain001(file: PaymentFile): string {
  const total = file.transfers.reduce((sum, t) => sum + t.amountCents, 0n);
  const count = String(file.transfers.length);
  const createdAt = file.createdAt.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const root = create({ version: '1.0', encoding: 'UTF-8' })
    .ele(PAIN_001_NAMESPACE, 'Document')
    .ele('CstmrCdtTrfInitn');
  const header = root.ele('GrpHdr');
  header.ele('MsgId').txt(file.messageId);
  header.ele('CreDtTm').txt(createdAt);
  header.ele('NbOfTxs').txt(count);
  header.ele('CtrlSum').txt(decimalAmount(total));
  header.ele('InitgPty').ele('Nm').txt(sepaText(file.initiatingParty, 70));

  const payment = root.ele('PmtInf');
  payment.ele('PmtInfId').txt(`${file.messageId}-1`.slice(0, 35));
  payment.ele('PmtMtd').txt('TRF');
  payment.ele('BtchBookg').txt('false');
  payment.ele('NbOfTxs').txt(count);
  payment.ele('CtrlSum').txt(decimalAmount(total));
  payment.ele('PmtTpInf').ele('SvcLvl').ele('Cd').txt('SEPA');
  payment.ele('ReqdExctnDt').ele('Dt').txt(file.executionDate);
  payment.ele('Dbtr').ele('Nm').txt(sepaText(file.debtor.name, 70));
  payment.ele('DbtrAcct').ele('Id').ele('IBAN').txt(file.debtor.iban);
  payment.ele('DbtrAgt').ele('FinInstnId').ele('BICFI').txt(file.debtor.bic);
  payment.ele('ChrgBr').txt('SLEV');
  for (const transfer of file.transfers) {
    const tx = payment.ele('CdtTrfTxInf');
    tx.ele('PmtId').ele('EndToEndId').txt(transfer.endToEndId.slice(0, 35));
    tx.ele('Amt').ele('InstdAmt', { Ccy: 'EUR' }).txt(decimalAmount(transfer.amountCents));
    tx.ele('Cdtr').ele('Nm').txt(sepaText(transfer.name, 70));
    tx.ele('CdtrAcct').ele('Id').ele('IBAN').txt(transfer.iban);
    tx.ele('RmtInf').ele('Ustrd').txt(sepaText(transfer.remittance, 140));
  }
  return root.end({ prettyPrint: true });
}
