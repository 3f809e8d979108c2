import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src-shared/constants/enums';
import { renderMail, type MailMessage } from '../../src-server/modules/mailer/templates';

const base = { to: 'p@example.com', name: 'Ama <b>' };

describe('identity-verification e-mails', () => {
  it('exist in every language with their own subject, text and escaped HTML', () => {
    for (const { code: lang } of LANGUAGES) {
      const subjects = new Set<string>();
      const messages: MailMessage[] = [
        { kind: 'kyc-received', lang, ...base },
        { kind: 'kyc-approved', lang, ...base },
        { kind: 'kyc-rejected', lang, ...base, reason: 'Blurred <photo>', path: '/corporate/verification' },
      ];
      for (const message of messages) {
        const mail = renderMail(message, 'https://afrivest.example');
        subjects.add(mail.subject);
        expect(mail.text).toContain('Ama <b>');
        expect(mail.html).toContain('Ama &lt;b&gt;');
        expect(mail.html).not.toContain('<photo>');
        expect(mail.html).toContain(`lang="${lang}"`);
      }
      expect(subjects.size).toBe(3);
      const rejected = renderMail(messages[2]!, 'https://afrivest.example');
      expect(rejected.text).toContain('Blurred <photo>');
      expect(rejected.text).toContain('https://afrivest.example/corporate/verification');
      expect(renderMail(messages[1]!, 'https://afrivest.example').text).toContain(
        'https://afrivest.example/ventures',
      );
    }
  });

  it('reads in English', () => {
    const mail = renderMail(
      { kind: 'kyc-rejected', lang: 'en', ...base, reason: 'Document expired.', path: '/user/verification' },
      'https://x.test',
    );
    expect(mail.subject).toBe('Your identity verification was not approved');
    expect(mail.text.split('\n').slice(0, 9)).toEqual([
      'Hello Ama <b>,',
      '',
      'We could not approve your identity verification.',
      '',
      'Reason: Document expired.',
      '',
      'You can start a new verification on this page: https://x.test/user/verification',
      '',
      'The AfriVest team',
    ]);
  });
});

describe('support ticket e-mails', () => {
  const ticket = { number: 7, subject: 'Late <payout>', path: '/user/tickets/abc' };

  it('exist in every language, escaped in HTML, with the deadline only for a complaint', () => {
    for (const { code: lang } of LANGUAGES) {
      const plain = renderMail(
        { kind: 'ticket-received', lang, ...base, ...ticket, respondBy: null },
        'https://x.test',
      );
      const complaint = renderMail(
        { kind: 'ticket-received', lang, ...base, ...ticket, respondBy: '2026-12-04T16:00:00.000Z' },
        'https://x.test',
      );
      const answered = renderMail(
        { kind: 'ticket-reply', lang, ...base, ...ticket, reply: 'Paid <today>.\nSorry.' },
        'https://x.test',
      );
      for (const mail of [plain, complaint, answered]) {
        expect(mail.subject).toContain('7');
        expect(mail.subject).toContain('Late <payout>');
        expect(mail.text).toContain('https://x.test/user/tickets/abc');
        expect(mail.html).toContain('Late &lt;payout&gt;');
        expect(mail.html).not.toContain('<payout>');
        expect(mail.html).toContain(`lang="${lang}"`);
      }
      expect(complaint.text).toContain('2026');
      expect(plain.text).not.toContain('2026');
      expect(complaint.text.length).toBeGreaterThan(plain.text.length);
      expect(answered.text).toContain('> Paid <today>.\n> Sorry.');
      expect(answered.html).toContain('Paid &lt;today&gt;.');
      expect(new Set([plain.subject, answered.subject]).size).toBe(2);
    }
  });
});

describe('deposit e-mail', () => {
  it('states the amount and the new balance with two decimals in every language', () => {
    const subjects = new Set<string>();
    for (const { code: lang } of LANGUAGES) {
      const mail = renderMail(
        { kind: 'balance-credited', lang, ...base, amount: 1500.5, balance: 16400, path: '/user/funding' },
        'https://x.test',
      );
      subjects.add(mail.subject);
      const amount = new Intl.NumberFormat(lang, { style: 'currency', currency: 'EUR' }).format(1500.5);
      const balance = new Intl.NumberFormat(lang, { style: 'currency', currency: 'EUR' }).format(16400);
      expect(amount).toMatch(/1.?500[.,]50/);
      expect(mail.subject).toContain(amount);
      expect(mail.text).toContain(amount);
      expect(mail.text).toContain(balance);
      expect(mail.text).toContain('https://x.test/user/funding');
      expect(mail.html).toContain('Ama &lt;b&gt;');
      expect(mail.html).toContain(`lang="${lang}"`);
    }
    expect(subjects.size).toBe(LANGUAGES.length);
  });
});
