import { describe, expect, it } from 'vitest';
import { LANGUAGES, type LanguageCode } from '../../src-shared/constants/enums';
import { formatEuros } from '../../src-shared/money';
import {
  renderMail,
  type LoanNotice,
  type LoanNoticeMessage,
} from '../../src-server/modules/mailer/templates';

const URL = 'https://afrivest.example';
const NOTICES: LoanNotice[] = ['due-soon', 'late-1', 'late-15', 'default', 'written-off'];

function notice(lang: LanguageCode, kind: LoanNotice): LoanNoticeMessage {
  const company = kind === 'due-soon' || kind === 'late-1' || kind === 'late-15';
  return {
    kind: 'loan-notice',
    to: 'p@example.com',
    lang,
    name: 'Ama',
    notice: kind,
    title: 'Solar <kiosks>',
    dueDate: company ? '2026-03-15' : null,
    amount: 1234.5,
    daysLate: kind === 'late-15' ? 15 : kind === 'late-1' ? 1 : null,
    path: company ? '/corporate/ventures/v1/show' : '/user/investments/i1',
  };
}

describe('loan servicing notices', () => {
  it('read in each of the four languages: the title, the amount in that language and the link', () => {
    const seen = new Map<string, LanguageCode>();
    for (const { code: lang } of LANGUAGES) {
      for (const kind of NOTICES) {
        const message = notice(lang, kind);
        const mail = renderMail(message, URL);
        expect(mail.subject, `${lang} ${kind}`).toContain('Solar <kiosks>');
        expect(mail.text, `${lang} ${kind}`).toContain('Solar <kiosks>');
        expect(mail.text, `${lang} ${kind}`).toContain(formatEuros(1234.5, lang));
        expect(mail.text, `${lang} ${kind}`).toContain(`${URL}${message.path}`);
        expect(mail.html).toContain('Solar &lt;kiosks&gt;');
        expect(mail.html).toContain(`lang="${lang}"`);
        if (kind === 'late-15') expect(mail.subject).toContain('15');
        // Every language has its own text: no notice falls back to the English one.
        const known = seen.get(mail.subject);
        expect(known, `${lang} ${kind} has the subject of ${known}`).toBeUndefined();
        seen.set(mail.subject, lang);
      }
    }
    expect(seen.size).toBe(LANGUAGES.length * NOTICES.length);
  });

  it('give the due date in the reader language', () => {
    expect(renderMail(notice('en', 'due-soon'), URL).subject).toBe(
      'Your instalment for Solar <kiosks> is due on March 15, 2026',
    );
    expect(renderMail(notice('de', 'due-soon'), URL).subject).toBe(
      'Ihre Rate für Solar <kiosks> ist am 15. März 2026 fällig',
    );
    expect(renderMail(notice('es', 'late-1'), URL).text).toContain('15 de marzo de 2026');
    expect(renderMail(notice('fr', 'late-1'), URL).text).toContain('15 mars 2026');
    expect(renderMail(notice('fr', 'default'), URL).text).toMatch(/1\s234,50\s€/u);
  });
});
