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

describe('sophisticated-investor decision e-mail', () => {
  it('exists in every language, accepted and rejected, the reason only with a rejection, escaped in HTML', () => {
    const subjects = new Set<string>();
    for (const { code: lang } of LANGUAGES) {
      const reason = 'Statement <older> than 3 months';
      const accepted = renderMail(
        { kind: 'sophisticated-decision', lang, ...base, status: 'accepted', reason },
        'https://x.test',
      );
      const rejected = renderMail(
        { kind: 'sophisticated-decision', lang, ...base, status: 'rejected', reason },
        'https://x.test',
      );
      subjects.add(accepted.subject).add(rejected.subject);
      expect(accepted.text).not.toContain(reason);
      expect(rejected.text).toContain(reason);
      expect(rejected.html).toContain('Statement &lt;older&gt; than 3 months');
      for (const mail of [accepted, rejected]) {
        expect(mail.text).toContain('Ama <b>');
        expect(mail.html).toContain('Ama &lt;b&gt;');
        expect(mail.html).toContain(`lang="${lang}"`);
      }
    }
    expect(subjects.size).toBe(2 * LANGUAGES.length);
  });

  it('reads in English', () => {
    const mail = renderMail(
      {
        kind: 'sophisticated-decision',
        lang: 'en',
        ...base,
        status: 'rejected',
        reason: 'No evidence of income.',
      },
      'https://x.test',
    );
    expect(mail.subject).toBe('Your request to be treated as a sophisticated investor was not accepted');
    expect(mail.text.split('\n').slice(0, 6)).toEqual([
      'Hello Ama <b>,',
      '',
      'We could not accept your request to be treated as a sophisticated investor.',
      '',
      'Reason: No evidence of income.',
      '',
    ]);
  });
});

describe("the 'account-exists' notice (decision 0117)", () => {
  it('exists in every language, escaped, with the sign-in and reset links and no code', () => {
    const subjects = new Set<string>();
    const intros = new Set<string>();
    for (const { code: lang } of LANGUAGES) {
      for (const attempt of ['register', 'change-email'] as const) {
        const mail = renderMail(
          { kind: 'account-exists', lang, ...base, attempt },
          'https://afrivest.example',
        );
        subjects.add(mail.subject);
        intros.add(mail.text.split('\n')[2]!);
        expect(mail.text).toContain('Ama <b>');
        expect(mail.html).toContain('Ama &lt;b&gt;');
        expect(mail.html).toContain(`lang="${lang}"`);
        expect(mail.text).toContain('https://afrivest.example/login');
        expect(mail.text).toContain('https://afrivest.example/forgot-password?email=p%40example.com');
        expect(mail.text).not.toMatch(/\d{6}/);
      }
    }
    expect(subjects.size).toBe(LANGUAGES.length);
    expect(intros.size).toBe(2 * LANGUAGES.length);
  });

  it('reads in English', () => {
    const mail = renderMail(
      { kind: 'account-exists', lang: 'en', ...base, attempt: 'register' },
      'https://x.test',
    );
    expect(mail.subject).toBe('Someone tried to use your AfriVest e-mail address');
    expect(mail.text).toContain(
      'Someone just tried to register a new AfriVest account with your e-mail address. You already have an account with it, so no new account was created.',
    );
    expect(mail.text).toContain('If it was you, sign in or reset your password.');
  });
});

describe('withdrawal and bank-account e-mails (issue 27)', () => {
  const steps = ['requested', 'approved', 'rejected', 'sent', 'cancelled'] as const;

  it('exist in every language for each step, with the amount and the masked IBAN, the reason only when rejected, escaped', () => {
    const subjects = new Set<string>();
    for (const { code: lang } of LANGUAGES) {
      const amount = new Intl.NumberFormat(lang, { style: 'currency', currency: 'EUR' }).format(1250.5);
      for (const step of steps) {
        const reason = 'Holder <name> differs';
        const mail = renderMail(
          {
            kind: 'withdrawal',
            step,
            lang,
            ...base,
            amount: 1250.5,
            iban: '******************3000',
            reason: step === 'rejected' ? reason : null,
            path: '/user/funding',
          },
          'https://x.test',
        );
        subjects.add(mail.subject);
        expect(mail.subject).toContain(amount);
        expect(mail.text).toContain('https://x.test/user/funding');
        expect(mail.html).toContain('Ama &lt;b&gt;');
        expect(mail.html).toContain(`lang="${lang}"`);
        if (step === 'rejected') {
          expect(mail.text).toContain(reason);
          expect(mail.html).toContain('Holder &lt;name&gt; differs');
        } else {
          expect(mail.text).toContain('******************3000');
        }
      }
      const changed = renderMail(
        {
          kind: 'bank-account-changed',
          lang,
          ...base,
          iban: '***********************2606',
          heldUntil: '2026-11-28T10:15:00.000Z',
          path: '/user/profile',
        },
        'https://x.test',
      );
      subjects.add(changed.subject);
      expect(changed.text).toContain('***********************2606');
      expect(changed.text).toContain('2026');
      expect(changed.text).toContain('UTC');
    }
    expect(subjects.size).toBe(6 * LANGUAGES.length);
  });

  it('reads in English', () => {
    const mail = renderMail(
      {
        kind: 'withdrawal',
        step: 'sent',
        lang: 'en',
        ...base,
        amount: 80,
        iban: '******************3000',
        reason: null,
        path: '/user/funding',
      },
      'https://x.test',
    );
    expect(mail.subject).toBe('Your withdrawal of €80.00 is on its way');
    expect(mail.text.split('\n').slice(0, 8)).toEqual([
      'Hello Ama <b>,',
      '',
      'We sent €80.00 to your bank account ******************3000 by SEPA credit transfer.',
      '',
      'It usually arrives within one to two business days.',
      '',
      'Follow your withdrawals here: https://x.test/user/funding',
      '',
    ]);
  });
});
