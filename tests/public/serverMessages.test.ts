import { describe, expect, it } from 'vitest';
import { resources } from '../../src-shared/i18n/catalogs';
import { createI18n } from '../../src-shared/i18n';
import { ApiError } from '../../src-shared/api/client';
import {
  failureMessage,
  fieldErrorsOf,
  localizeServerMessage,
  SERVER_MESSAGE_KEYS,
  successMessage,
} from '../../src-public/lib/serverMessages';

const en = createI18n('en', 'common', resources).t;
const de = createI18n('de', 'common', resources).t;

describe('server messages in the reader language', () => {
  it('maps every known server text to a key whose English value is exactly that text', () => {
    const differing = Object.entries(SERVER_MESSAGE_KEYS).filter(([text, key]) => en(key) !== text);
    expect(differing).toEqual([]);
  });

  it('translates known texts and leaves unknown ones as they came', () => {
    expect(localizeServerMessage('Email is already registered.', de)).toBe(
      'Diese E-Mail-Adresse ist bereits registriert.',
    );
    expect(localizeServerMessage('At most 40 characters.', en)).toBe('At most 40 characters.');
    expect(localizeServerMessage('At most 40 characters.', de)).toBe('Höchstens 40 Zeichen.');
    expect(localizeServerMessage('Something new from the server.', de)).toBe(
      'Something new from the server.',
    );
  });

  it('picks the server message, the no-response text, the fallback or the network text', () => {
    const texts = { fallback: 'Registration failed.', noResponse: 'No answer.', network: 'Network.' };
    expect(failureMessage(new ApiError('Email is already registered.', 409, {}, true), en, texts)).toBe(
      'Email is already registered.',
    );
    expect(failureMessage(new ApiError('ignored', 500, {}, false), en, texts)).toBe('Registration failed.');
    expect(failureMessage(new ApiError('ignored', 0, null, false), en, texts)).toBe('No answer.');
    expect(failureMessage(new TypeError('boom'), en, texts)).toBe('Network.');
    expect(failureMessage(new ApiError('ignored', 0, null, false), en, { fallback: 'Reset failed.' })).toBe(
      'Reset failed.',
    );
  });

  it('localises field messages and success texts', () => {
    const error = new ApiError(
      'Invalid input.',
      400,
      { errors: { phone: 'Phone is required.', x: 5 } },
      true,
    );
    expect(fieldErrorsOf(error, de)).toEqual({ phone: 'Telefon ist erforderlich.' });
    expect(fieldErrorsOf(new TypeError('no'), de)).toEqual({});
    expect(successMessage({ message: 'Password reset successful.' }, de, 'x')).toBe(de('auth.reset.success'));
    expect(successMessage({}, en, 'Fallback.')).toBe('Fallback.');
    expect(successMessage(null, en, 'Fallback.')).toBe('Fallback.');
  });
});

describe('investment refusals with an amount', () => {
  it('keeps the English text for an English reader', () => {
    for (const text of [
      'Minimum investment is €50.00',
      'Maximum investment is €3,000.00',
      'Only €1,000.00 is left to fund in this venture.',
      'Insufficient balance.',
      'Please complete identity verification before investing.',
      'This venture is not open for investment.',
    ]) {
      expect(localizeServerMessage(text, en, 'en')).toBe(text);
    }
  });

  it('translates the text and formats the amount the reader way', () => {
    const nbsp = (text: string) => text.replace(/\s/g, ' ');
    expect(nbsp(localizeServerMessage('Minimum investment is €50.00', de, 'de'))).toBe(
      'Die Mindestanlage beträgt 50,00 €',
    );
    expect(nbsp(localizeServerMessage('Maximum investment is €3,000.00', de, 'de'))).toBe(
      'Die Höchstanlage beträgt 3.000,00 €',
    );
    expect(nbsp(localizeServerMessage('Only €1,000.00 is left to fund in this venture.', de, 'de'))).toBe(
      'In diesem Vorhaben sind nur noch 1.000,00 € zu finanzieren.',
    );
    expect(localizeServerMessage('Insufficient balance.', de, 'de')).toBe('Guthaben nicht ausreichend.');
    const error = new ApiError('Only €12,345.67 is left to fund in this venture.', 400, {}, true);
    expect(nbsp(failureMessage(error, de, { fallback: 'x' }, 'de'))).toBe(
      'In diesem Vorhaben sind nur noch 12.345,67 € zu finanzieren.',
    );
    // Without a language the amount keeps the English format.
    expect(localizeServerMessage('Minimum investment is €50.00', de)).toBe(
      'Die Mindestanlage beträgt €50.00',
    );
  });
});
