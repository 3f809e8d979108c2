import type { LanguageCode } from '../../../src-shared/constants/enums';
import { formatEuros } from '../../../src-shared/money';
import { emailT } from './messages';

/** What a mail job carries: which e-mail, to whom, in which language, with what values. */
export type MailMessage =
  | { kind: 'verify-email'; to: string; lang: LanguageCode; name: string; code: string }
  | { kind: 'reset-password'; to: string; lang: LanguageCode; name: string; code: string }
  | { kind: 'change-email'; to: string; lang: LanguageCode; name: string; code: string }
  | {
      /** Someone registered with, or asked to move another account to, an address that already has an
       * account: its owner gets this notice instead of a code (API contract, "Auth and profile"). */
      kind: 'account-exists';
      to: string;
      lang: LanguageCode;
      name: string;
      attempt: 'register' | 'change-email';
    }
  | { kind: 'kyc-received'; to: string; lang: LanguageCode; name: string }
  | { kind: 'kyc-approved'; to: string; lang: LanguageCode; name: string }
  | {
      kind: 'kyc-rejected';
      to: string;
      lang: LanguageCode;
      name: string;
      reason: string;
      /** The person's verification page, to start again. */
      path: string;
    }
  | {
      kind: 'ticket-received';
      to: string;
      lang: LanguageCode;
      name: string;
      number: number;
      subject: string;
      /** A complaint's deadline (ISO), null for other categories. */
      respondBy: string | null;
      /** The ticket's page for its author. */
      path: string;
    }
  | {
      kind: 'ticket-reply';
      to: string;
      lang: LanguageCode;
      name: string;
      number: number;
      subject: string;
      /** The admin's answer. */
      reply: string;
      path: string;
    }
  | {
      kind: 'balance-credited';
      to: string;
      lang: LanguageCode;
      name: string;
      /** The deposit and the balance after it, in euros. */
      amount: number;
      balance: number;
      /** The person's page showing their balance and its history. */
      path: string;
    }
  | LoanNoticeMessage
  | WithdrawalMessage
  | {
      /** A new IBAN for withdrawals: withdrawals wait until `heldUntil` (decision 0133). */
      kind: 'bank-account-changed';
      to: string;
      lang: LanguageCode;
      name: string;
      /** The new IBAN, masked but its last 4 characters. */
      iban: string;
      heldUntil: string;
      path: string;
    }
  | {
      /** An admin's decision on a request to be treated as a sophisticated investor (Annex II). */
      kind: 'sophisticated-decision';
      to: string;
      lang: LanguageCode;
      name: string;
      status: 'accepted' | 'rejected';
      reason: string;
    }
  | AutoInvestReceiptMessage;

/** A withdrawal's steps (API contract, "Deposits and withdrawals"). */
export interface WithdrawalMessage {
  kind: 'withdrawal';
  step: 'requested' | 'approved' | 'rejected' | 'sent' | 'cancelled';
  to: string;
  lang: LanguageCode;
  name: string;
  /** Euros. */
  amount: number;
  /** The IBAN it goes to, masked but its last 4 characters. */
  iban: string;
  /** A rejection's reason. */
  reason: string | null;
  path: string;
}

/** An auto investment's receipt (API contract, "Auto-invest (Art. 6)"; Art. 22 reflection period). */
export interface AutoInvestReceiptMessage {
  kind: 'auto-invest-receipt';
  to: string;
  lang: LanguageCode;
  name: string;
  title: string;
  /** Euros. */
  amount: number;
  /** ISO time until which the investment can be revoked (null: a sophisticated investor). */
  revocableUntil: string | null;
  path: string;
}

/** Loan servicing's notices (API contract, "Loan servicing": e-mails). */
export type LoanNotice = 'due-soon' | 'late-1' | 'late-15' | 'default' | 'written-off';
export interface LoanNoticeMessage {
  kind: 'loan-notice';
  to: string;
  lang: LanguageCode;
  name: string;
  notice: LoanNotice;
  /** The venture's title. */
  title: string;
  /** The instalment's due date (YYYY-MM-DD) for the company's notices. */
  dueDate: string | null;
  /** Euros: the amount due (company) or the investor's outstanding principal (default, write-off). */
  amount: number | null;
  daysLate: number | null;
  /** The page to open: the company's venture page or the investor's investment page. */
  path: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const paragraph = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;

/** A notice without a code (identity verification): paragraphs and an optional link. */
function renderNotice(
  message: Extract<MailMessage, { kind: `kyc-${string}` }>,
  publicUrl: string,
): RenderedMail {
  const t = emailT(message.lang);
  const key = { 'kyc-received': 'kycReceived', 'kyc-approved': 'kycApproved', 'kyc-rejected': 'kycRejected' }[
    message.kind
  ];
  const url =
    message.kind === 'kyc-approved'
      ? `${publicUrl}/ventures`
      : message.kind === 'kyc-rejected'
        ? `${publicUrl}${message.path}`
        : undefined;
  const paragraphs = [
    t('greeting', { name: message.name }),
    t(`${key}.intro`),
    ...(message.kind === 'kyc-rejected' ? [t('kycRejected.reason', { reason: message.reason })] : []),
    ...(url ? [t(`${key}.link`, { url })] : []),
    t('signature'),
  ];
  const text = [...paragraphs.flatMap((p) => [p, '']), '--', t('footer')].join('\n');
  const html = `<!doctype html><html lang="${message.lang}"><body style="font-family:Arial,sans-serif;color:#1b1b1b;max-width:560px;margin:auto;padding:24px">
${paragraphs.map(paragraph).join('\n')}
<p style="color:#666;font-size:12px">${escapeHtml(t('footer'))}</p>
</body></html>`;
  return { subject: t(`${key}.subject`), text, html };
}

/** A day in the reader's language, e.g. '7 December 2026' (UTC, as the deadline is computed). */
const longDate = (iso: string, lang: LanguageCode) =>
  new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));

/** A support ticket's acknowledgement, or the news of an admin's reply (with the reply quoted). */
function renderTicket(
  message: Extract<MailMessage, { kind: `ticket-${string}` }>,
  publicUrl: string,
): RenderedMail {
  const t = emailT(message.lang);
  const key = message.kind === 'ticket-received' ? 'ticketReceived' : 'ticketReply';
  const values = { number: message.number, title: message.subject, url: `${publicUrl}${message.path}` };
  const before = [t('greeting', { name: message.name }), t(`${key}.intro`, values)];
  const deadline =
    message.kind === 'ticket-received' && message.respondBy
      ? [t('ticketReceived.complaint', { date: longDate(message.respondBy, message.lang) })]
      : [];
  const quote = message.kind === 'ticket-reply' ? message.reply : undefined;
  const after = [t(`${key}.link`, values), t('signature')];
  const text = [
    ...[...before, ...deadline].flatMap((p) => [p, '']),
    ...(quote ? [...quote.split('\n').map((line) => `> ${line}`), ''] : []),
    ...after.flatMap((p) => [p, '']),
    '--',
    t('footer'),
  ].join('\n');
  const quoted = quote
    ? `<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #ccc;white-space:pre-wrap">${escapeHtml(quote)}</blockquote>`
    : '';
  const html = `<!doctype html><html lang="${message.lang}"><body style="font-family:Arial,sans-serif;color:#1b1b1b;max-width:560px;margin:auto;padding:24px">
${[...before, ...deadline].map(paragraph).join('\n')}
${quoted}
${after.map(paragraph).join('\n')}
<p style="color:#666;font-size:12px">${escapeHtml(t('footer'))}</p>
</body></html>`;
  return { subject: t(`${key}.subject`, values), text, html };
}

/** A deposit an admin credited: the amount and the new balance in the reader's language. */
function renderCredit(
  message: Extract<MailMessage, { kind: 'balance-credited' }>,
  publicUrl: string,
): RenderedMail {
  const t = emailT(message.lang);
  const values = {
    amount: formatEuros(message.amount, message.lang),
    balance: formatEuros(message.balance, message.lang),
    url: `${publicUrl}${message.path}`,
  };
  const paragraphs = [
    t('greeting', { name: message.name }),
    t('balanceCredited.intro', values),
    t('balanceCredited.balance', values),
    t('balanceCredited.link', values),
    t('signature'),
  ];
  const text = [...paragraphs.flatMap((p) => [p, '']), '--', t('footer')].join('\n');
  const html = `<!doctype html><html lang="${message.lang}"><body style="font-family:Arial,sans-serif;color:#1b1b1b;max-width:560px;margin:auto;padding:24px">
${paragraphs.map(paragraph).join('\n')}
<p style="color:#666;font-size:12px">${escapeHtml(t('footer'))}</p>
</body></html>`;
  return { subject: t('balanceCredited.subject', values), text, html };
}

const LOAN_NOTICE_KEYS: Record<LoanNotice, string> = {
  'due-soon': 'loanDueSoon',
  'late-1': 'loanLate1',
  'late-15': 'loanLate15',
  default: 'loanDefault',
  'written-off': 'loanWrittenOff',
};

/** A loan notice: the instalment due soon or late (company), a default or a write-off (investors). */
function renderLoanNotice(message: LoanNoticeMessage, publicUrl: string): RenderedMail {
  const t = emailT(message.lang);
  const key = LOAN_NOTICE_KEYS[message.notice];
  const values = {
    title: message.title,
    date: message.dueDate ? longDate(`${message.dueDate}T00:00:00Z`, message.lang) : '',
    amount: message.amount === null ? '' : formatEuros(message.amount, message.lang),
    days: message.daysLate ?? 0,
    url: `${publicUrl}${message.path}`,
  };
  const paragraphs = [
    t('greeting', { name: message.name }),
    t(`${key}.intro`, values),
    t(`${key}.link`, values),
    t('signature'),
  ];
  const text = [...paragraphs.flatMap((p) => [p, '']), '--', t('footer')].join('\n');
  const html = `<!doctype html><html lang="${message.lang}"><body style="font-family:Arial,sans-serif;color:#1b1b1b;max-width:560px;margin:auto;padding:24px">
${paragraphs.map(paragraph).join('\n')}
<p style="color:#666;font-size:12px">${escapeHtml(t('footer'))}</p>
</body></html>`;
  return { subject: t(`${key}.subject`, values), text, html };
}

/** The decision on a request to be treated as a sophisticated investor, with the reason of a rejection. */
function renderSophisticated(
  message: Extract<MailMessage, { kind: 'sophisticated-decision' }>,
): RenderedMail {
  const t = emailT(message.lang);
  const key = message.status === 'accepted' ? 'sophisticatedAccepted' : 'sophisticatedRejected';
  const paragraphs = [
    t('greeting', { name: message.name }),
    t(`${key}.intro`),
    ...(message.status === 'rejected' ? [t('sophisticatedRejected.reason', { reason: message.reason })] : []),
    t(`${key}.next`),
    t('signature'),
  ];
  const text = [...paragraphs.flatMap((p) => [p, '']), '--', t('footer')].join('\n');
  const html = `<!doctype html><html lang="${message.lang}"><body style="font-family:Arial,sans-serif;color:#1b1b1b;max-width:560px;margin:auto;padding:24px">
${paragraphs.map(paragraph).join('\n')}
<p style="color:#666;font-size:12px">${escapeHtml(t('footer'))}</p>
</body></html>`;
  return { subject: t(`${key}.subject`), text, html };
}

/** The notice to an address's owner that someone tried to register with it (or move to it). */
function renderAccountExists(
  message: Extract<MailMessage, { kind: 'account-exists' }>,
  publicUrl: string,
): RenderedMail {
  const t = emailT(message.lang);
  const email = encodeURIComponent(message.to);
  const paragraphs = [
    t('greeting', { name: message.name }),
    t(message.attempt === 'register' ? 'accountExists.introRegister' : 'accountExists.introChangeEmail'),
    t('accountExists.next'),
    t('accountExists.login', { url: `${publicUrl}/login` }),
    t('accountExists.reset', { url: `${publicUrl}/forgot-password?email=${email}` }),
    t('accountExists.notYou'),
    t('signature'),
  ];
  const text = [...paragraphs.flatMap((p) => [p, '']), '--', t('footer')].join('\n');
  const html = `<!doctype html><html lang="${message.lang}"><body style="font-family:Arial,sans-serif;color:#1b1b1b;max-width:560px;margin:auto;padding:24px">
${paragraphs.map(paragraph).join('\n')}
<p style="color:#666;font-size:12px">${escapeHtml(t('footer'))}</p>
</body></html>`;
  return { subject: t('accountExists.subject'), text, html };
}

const WITHDRAWAL_KEYS: Record<WithdrawalMessage['step'], string> = {
  requested: 'withdrawalRequested',
  approved: 'withdrawalApproved',
  rejected: 'withdrawalRejected',
  sent: 'withdrawalSent',
  cancelled: 'withdrawalCancelled',
};

/** A withdrawal's step, or a changed bank account: paragraphs with the amount, the masked IBAN and a link. */
function renderPayments(
  message: WithdrawalMessage | Extract<MailMessage, { kind: 'bank-account-changed' }>,
  publicUrl: string,
): RenderedMail {
  const t = emailT(message.lang);
  const key = message.kind === 'withdrawal' ? WITHDRAWAL_KEYS[message.step] : 'bankAccountChanged';
  const values = {
    amount: message.kind === 'withdrawal' ? formatEuros(message.amount, message.lang) : '',
    iban: message.iban,
    until:
      message.kind === 'bank-account-changed'
        ? new Intl.DateTimeFormat(message.lang, {
            dateStyle: 'long',
            timeStyle: 'short',
            timeZone: 'UTC',
          }).format(new Date(message.heldUntil)) + ' UTC'
        : '',
    url: `${publicUrl}${message.path}`,
  };
  const paragraphs = [
    t('greeting', { name: message.name }),
    t(`${key}.intro`, values),
    ...(message.kind === 'withdrawal' && message.step === 'rejected' && message.reason
      ? [t('withdrawalRejected.reason', { reason: message.reason })]
      : []),
    t(`${key}.next`, values),
    t(`${key}.link`, values),
    t('signature'),
  ];
  const text = [...paragraphs.flatMap((p) => [p, '']), '--', t('footer')].join('\n');
  const html = `<!doctype html><html lang="${message.lang}"><body style="font-family:Arial,sans-serif;color:#1b1b1b;max-width:560px;margin:auto;padding:24px">
${paragraphs.map(paragraph).join('\n')}
<p style="color:#666;font-size:12px">${escapeHtml(t('footer'))}</p>
</body></html>`;
  return { subject: t(`${key}.subject`, values), text, html };
}

/** Renders a message as plain text and HTML in the person's language. */
/** An auto investment's receipt: amount, venture, and until when it can be revoked. */
function renderAutoInvestReceipt(message: AutoInvestReceiptMessage, publicUrl: string): RenderedMail {
  const t = emailT(message.lang);
  const values = {
    amount: formatEuros(message.amount, message.lang),
    title: message.title,
    until: message.revocableUntil
      ? new Intl.DateTimeFormat(message.lang, {
          dateStyle: 'long',
          timeStyle: 'short',
          timeZone: 'UTC',
        }).format(new Date(message.revocableUntil)) + ' UTC'
      : '',
    url: `${publicUrl}${message.path}`,
  };
  const paragraphs = [
    t('greeting', { name: message.name }),
    t('autoInvestReceipt.intro', values),
    ...(message.revocableUntil ? [t('autoInvestReceipt.revocable', values)] : []),
    t('autoInvestReceipt.link', values),
    t('signature'),
  ];
  const text = [...paragraphs.flatMap((p) => [p, '']), '--', t('footer')].join('\n');
  const html = `<!doctype html><html lang="${message.lang}"><body style="font-family:Arial,sans-serif;color:#1b1b1b;max-width:560px;margin:auto;padding:24px">
${paragraphs.map(paragraph).join('\n')}
<p style="color:#666;font-size:12px">${escapeHtml(t('footer'))}</p>
</body></html>`;
  return { subject: t('autoInvestReceipt.subject', values), text, html };
}

export function renderMail(message: MailMessage, publicUrl: string): RenderedMail {
  if (message.kind === 'account-exists') return renderAccountExists(message, publicUrl);
  if (message.kind === 'withdrawal' || message.kind === 'bank-account-changed')
    return renderPayments(message, publicUrl);
  if (message.kind === 'sophisticated-decision') return renderSophisticated(message);
  if (message.kind === 'auto-invest-receipt') return renderAutoInvestReceipt(message, publicUrl);
  if (message.kind === 'loan-notice') return renderLoanNotice(message, publicUrl);
  if (message.kind === 'balance-credited') return renderCredit(message, publicUrl);
  if (message.kind === 'ticket-received' || message.kind === 'ticket-reply')
    return renderTicket(message, publicUrl);
  if (message.kind.startsWith('kyc-'))
    return renderNotice(message as Extract<MailMessage, { kind: `kyc-${string}` }>, publicUrl);
  const coded = message as Extract<MailMessage, { code: string }>;
  const t = emailT(message.lang);
  const key = { 'verify-email': 'verify', 'reset-password': 'reset', 'change-email': 'changeEmail' }[
    coded.kind
  ];
  const email = encodeURIComponent(message.to);
  const url =
    coded.kind === 'verify-email'
      ? `${publicUrl}/verify-email?email=${email}`
      : coded.kind === 'reset-password'
        ? `${publicUrl}/reset-password?email=${email}`
        : undefined;
  const lines = [
    t('greeting', { name: message.name }),
    '',
    t(`${key}.intro`),
    '',
    coded.code,
    '',
    t('codeValid'),
    ...(url ? ['', t(`${key}.link`, { url })] : []),
    '',
    t('signature'),
    '',
    '--',
    t('footer'),
  ];
  const text = lines.join('\n');
  const html = `<!doctype html><html lang="${message.lang}"><body style="font-family:Arial,sans-serif;color:#1b1b1b;max-width:560px;margin:auto;padding:24px">
${paragraph(t('greeting', { name: message.name }))}
${paragraph(t(`${key}.intro`))}
<p style="font-size:32px;letter-spacing:8px;font-weight:bold;margin:0 0 16px">${escapeHtml(coded.code)}</p>
${paragraph(t('codeValid'))}
${url ? `<p style="margin:0 0 16px"><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>` : ''}
${paragraph(t('signature'))}
<p style="color:#666;font-size:12px">${escapeHtml(t('footer'))}</p>
</body></html>`;
  return { subject: t(`${key}.subject`, { code: coded.code }), text, html };
}
