/** Static company facts (fictional): shown in the footer, the contact page and the legal pages. */
export const COMPANY = {
  legalName: 'AfriVest Capital OÜ',
  registrationNumber: '16543210',
  email: 'hello@afrivest.example',
  phone: '+372 600 1234',
  phoneHref: 'tel:+3726001234',
  offices: [
    { code: 'LV', country: 'Latvia', address: 'Brīvības iela 40, LV-1050 Rīga' },
    { code: 'EE', country: 'Estonia', address: 'Narva mnt 5, 10117 Tallinn', registered: true },
    { code: 'LT', country: 'Lithuania', address: 'Gedimino pr. 20, LT-01103 Vilnius' },
  ],
  /** The company's own pages on social networks, the only social links the site shows (README Decisions). */
  social: {
    linkedin: 'https://www.linkedin.com/company/afrivest-capital',
    x: 'https://x.com/afrivest_capital',
  },
} as const;
