/**
 * Valid bodies of POST /api/auth/register and /register-corporate (spec 3), for the tests of the
 * auth rules (issue 26: passwords, enumeration, invisible characters), and a distinct client address
 * per request so that one case's per-IP limits do not reach another.
 */
let seq = 0;

/** A client address not used before in this test file. */
export const nextIp = () => `10.26.${Math.floor(seq / 250)}.${(seq++ % 250) + 1}`;

export const investorBody = (email: string, overrides: Record<string, unknown> = {}) => ({
  firstName: 'Marta',
  lastName: 'Nowak',
  email,
  phone: '+48 600 100 200',
  countryName: 'Poland',
  city: 'Kraków',
  address: 'ul. Floriańska 1',
  password: 'a-strong-password',
  acceptTerms: true,
  ...overrides,
});

export const corporateBody = (email: string, overrides: Record<string, unknown> = {}) => ({
  firstName: 'Kwame',
  lastName: 'Mensah',
  email,
  phone: '+233 20 000 0000',
  companyName: 'Volta Foods Ltd',
  legalForm: 'Ltd',
  registrationNumber: 'CS-123456',
  countryName: 'Ghana',
  registeredAddress: '12 Independence Ave, Accra',
  companyEmail: 'finance@volta.example',
  companyPhone: '+233 30 000 0000',
  password: 'a-strong-password',
  acceptTerms: true,
  ...overrides,
});
