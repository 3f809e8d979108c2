import type { FastifyRequest } from 'fastify';
import { LANGUAGE_CODES, type LanguageCode } from '../../src-shared/constants/enums';

const isCode = (v: string | undefined): v is LanguageCode => !!v && (LANGUAGE_CODES as string[]).includes(v);

/** The language the person chose on the site (the `googtrans` cookie, `/en/{lang}`), else the
 * browser's Accept-Language, else English. E-mails are written in it. */
export function requestLanguage(request: FastifyRequest): LanguageCode {
  const cookie = request.cookies?.googtrans;
  const fromCookie = cookie ? decodeURIComponent(cookie).split('/').pop() : undefined;
  if (isCode(fromCookie)) return fromCookie;
  const header = request.headers['accept-language'] ?? '';
  for (const part of header.split(',')) {
    const code = part.trim().slice(0, 2).toLowerCase();
    if (isCode(code)) return code;
  }
  return 'en';
}
