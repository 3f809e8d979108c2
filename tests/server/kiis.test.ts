/**
 * The key investment information sheet (EU 2020/1503 Art. 23; Delegated Regulation 2022/2119, Annex I;
 * API contract, "Key investment information sheet"): the company's draft and who may read and write
 * it, completeness, the approval gate (409 `venture.kiis_incomplete`), publication on approval, and
 * the PDF read back with poppler-utils (pdfinfo, pdftotext): at most 6 A4 pages (Art. 23(7)), the
 * disclaimer first under the title (Art. 23(6)(a)), then the risk warning and the reflection notice
 * (Art. 22) verbatim, in four languages with their accents intact.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  KIIS_FIELDS,
  KIIS_KEY_FIGURE_YEARS,
  KIIS_MAX_RISKS,
  KIIS_RISK_KINDS,
  KIIS_SHORT_TEXT_MAX,
  KIIS_TEXT_MAX,
  type KiisFields,
} from '../../src-shared/contracts/kiis';
import { eq } from 'drizzle-orm';
import { ventureKiis, ventures } from '../../src-server/db/schema';
import { renderKiisPdf, type KiisSheet } from '../../src-server/modules/kiis/pdf';
import { KIIS_TEXTS } from '../../src-server/modules/kiis/texts';
import { COMPLETE_KIIS, flat, readPdf } from '../support/kiis';
import { testContext, type SignedIn, type TestContext } from './context';
import { openVenture, ventureRow } from './money-helpers';

let t: TestContext;
let owner: SignedIn;
let other: SignedIn;
let admin: SignedIn;
let investor: SignedIn;
let visitor: SignedIn;

const draftUrl = (id: string) => `/api/ventures/my-ventures/${id}/kiis`;
const pdfUrl = (id: string, query = '') => `/api/ventures/${id}/kiis${query}`;
const put = (as: SignedIn, id: string, payload: unknown) =>
  as.inject({ method: 'PUT', url: draftUrl(id), payload: payload as object });
const review = (id: string, body: Record<string, unknown>) =>
  admin.inject({ method: 'PATCH', url: `/api/ventures/admin/${id}/admin-status-update`, payload: body });

/** A venture its company has submitted: pending review, not live. */
const submitted = (title = 'Solar kiosks') =>
  openVenture(t, {
    title,
    createdBy: owner.user!.id,
    adminStatus: 'pending',
    lifecycleStatus: 'coming-soon',
    goesLiveAt: null,
  });

const EMPTY: KiisFields = {
  ownerDescription: '',
  management: '',
  responsiblePersons: '',
  responsibilityStatement: '',
  activities: '',
  keyFigures: [],
  projectDescription: '',
  risks: [],
  useOfFunds: '',
};

const pdfText = async (as: SignedIn, id: string, query = '') => {
  const res = await as.inject({ method: 'GET', url: pdfUrl(id, query) });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  return flat(readPdf(res.rawPayload).text);
};

beforeAll(async () => {
  t = await testContext();
  owner = await t.injectAs('corporate', { companyName: 'Kisumu Solar Ltd' });
  other = await t.injectAs('corporate', { companyName: 'Other Co' });
  admin = await t.injectAs('admin');
  investor = await t.injectAs('user');
  visitor = await t.injectAs('visitor');
});

describe('the draft: GET and PUT /api/ventures/my-ventures/{id}/kiis', () => {
  it('starts empty, with every field missing', async () => {
    const venture = await submitted();
    const res = await owner.inject({ method: 'GET', url: draftUrl(venture.id) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        fields: EMPTY,
        complete: false,
        missing: [...KIIS_FIELDS],
        updatedAt: null,
        publishedAt: null,
      },
    });
  });

  it('saves the whole draft and says what approval still needs, in the sheet’s order', async () => {
    const venture = await submitted();
    const partial = {
      ...COMPLETE_KIIS,
      management: '  ',
      risks: COMPLETE_KIIS.risks.slice(0, 1),
      useOfFunds: '',
    };
    const saved = await put(owner, venture.id, partial);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      data: { complete: false, missing: ['management', 'risks', 'useOfFunds'] },
    });
    const read = (await owner.inject({ method: 'GET', url: draftUrl(venture.id) })).json().data;
    expect(read.fields).toEqual({ ...partial, management: '' });
    expect(read.missing).toEqual(['management', 'risks', 'useOfFunds']);
    expect(read.updatedAt).not.toBeNull();

    const complete = await put(owner, venture.id, COMPLETE_KIIS);
    expect(complete.json()).toEqual({ data: { complete: true, missing: [] } });
    // Fields left out of a PUT are empty: the body is the whole draft.
    const { useOfFunds: _left, ...withoutUse } = COMPLETE_KIIS;
    expect((await put(owner, venture.id, withoutUse)).json().data.missing).toEqual(['useOfFunds']);
  });

  it('refuses bad input with the field’s code and changes nothing', async () => {
    const venture = await submitted();
    await put(owner, venture.id, COMPLETE_KIIS);
    const row = { year: 2024, turnover: 1, netProfit: 1, totalAssets: 1 };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ownerDescription: 'x'.repeat(KIIS_TEXT_MAX + 1) }, 'ownerDescription', 'kiis.too_long'],
      [
        { responsiblePersons: 'x'.repeat(KIIS_SHORT_TEXT_MAX + 1) },
        'responsiblePersons',
        'kiis.too_long_short',
      ],
      [
        {
          keyFigures: Array.from({ length: KIIS_KEY_FIGURE_YEARS + 1 }, (_, i) => ({
            ...row,
            year: 2020 + i,
          })),
        },
        'keyFigures',
        'kiis.key_figures_invalid',
      ],
      [{ keyFigures: [row, row] }, 'keyFigures', 'kiis.key_figures_invalid'],
      [{ keyFigures: [{ ...row, turnover: '1' }] }, 'keyFigures.0.turnover', 'kiis.key_figures_invalid'],
      [{ risks: [{ kind: 'weather', description: 'x' }] }, 'risks.0.kind', 'kiis.risks_invalid'],
      [
        { risks: Array.from({ length: KIIS_MAX_RISKS + 1 }, () => COMPLETE_KIIS.risks[0]) },
        'risks',
        'kiis.risks_invalid',
      ],
    ];
    for (const [change, field, code] of cases) {
      const res = await put(owner, venture.id, { ...COMPLETE_KIIS, ...change });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().codes, field).toMatchObject({ [field]: code });
    }
    const read = (await owner.inject({ method: 'GET', url: draftUrl(venture.id) })).json().data;
    expect(read.fields).toEqual(COMPLETE_KIIS);
  });

  it('is the owner’s: another company 404, admins read but do not write, others 401/403', async () => {
    const venture = await submitted();
    await put(owner, venture.id, COMPLETE_KIIS);
    for (const [who, method, status, code] of [
      [other, 'GET', 404, 'venture.not_found'],
      [other, 'PUT', 404, 'venture.not_found'],
      [admin, 'PUT', 403, 'auth.forbidden'],
      [investor, 'GET', 403, 'auth.forbidden'],
      [visitor, 'GET', 401, 'auth.login_required'],
    ] as const) {
      const res = await who.inject({
        method,
        url: draftUrl(venture.id),
        ...(method === 'PUT' && { payload: { ...EMPTY, management: 'Changed by someone else' } }),
      });
      expect(res.statusCode, `${method} ${who.user?.role ?? 'visitor'}`).toBe(status);
      expect(res.json().code).toBe(code);
    }
    const asAdmin = await admin.inject({ method: 'GET', url: draftUrl(venture.id) });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().data.fields).toEqual(COMPLETE_KIIS);
  });

  it('a change to a rejected venture submits it again, like a change to its texts', async () => {
    const venture = await submitted();
    await t.database.db
      .update(ventures)
      .set({ adminStatus: 'rejected', adminNotes: 'The sheet has no risks.' })
      .where(eq(ventures.id, venture.id));
    // Saving the same draft again is no change.
    await put(owner, venture.id, EMPTY);
    expect((await ventureRow(t, venture.id)).adminStatus).toBe('rejected');
    expect((await put(owner, venture.id, COMPLETE_KIIS)).statusCode).toBe(200);
    expect(await ventureRow(t, venture.id)).toMatchObject({
      adminStatus: 'pending',
      adminNotes: 'The sheet has no risks.',
    });
  });
});

describe('the approval gate (Art. 23: the sheet before the offer opens)', () => {
  it('refuses to approve without a sheet: 409 naming every field; nothing changes', async () => {
    const venture = await submitted();
    const res = await review(venture.id, { adminStatus: 'approved' });
    expect(res.statusCode).toBe(409);
    const body = res.json();
    expect(body.code).toBe('venture.kiis_incomplete');
    expect(Object.keys(body.codes)).toEqual([...KIIS_FIELDS]);
    expect(body.params.missing).toBe(
      'Owner description, Management, Responsible persons, Responsibility statement, Activities, Key figures, Project description, Risks, Use of funds',
    );
    expect(await ventureRow(t, venture.id)).toMatchObject({
      adminStatus: 'pending',
      lifecycleStatus: 'coming-soon',
      goesLiveAt: null,
      adminReviewedAt: null,
    });
  });

  it('names only what is missing, then approves and publishes once complete', async () => {
    const venture = await submitted();
    await put(owner, venture.id, {
      ...COMPLETE_KIIS,
      risks: COMPLETE_KIIS.risks.slice(0, 1),
      useOfFunds: '',
    });
    const refused = await review(venture.id, { adminStatus: 'approved', adminNotes: 'Looks fine.' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'venture.kiis_incomplete',
      message: 'The key investment information sheet is incomplete: Risks, Use of funds.',
      params: { missing: 'Risks, Use of funds' },
      codes: { risks: 'venture.field_required', useOfFunds: 'venture.field_required' },
    });
    expect((await ventureRow(t, venture.id)).adminNotes).toBeNull();
    const [unpublished] = await t.database.db
      .select()
      .from(ventureKiis)
      .where(eq(ventureKiis.ventureId, venture.id));
    expect(unpublished).toMatchObject({ publishedFields: null, publishedAt: null });

    await put(owner, venture.id, COMPLETE_KIIS);
    const approved = await review(venture.id, { adminStatus: 'approved' });
    expect(approved.statusCode, approved.body).toBe(200);
    const row = await ventureRow(t, venture.id);
    expect(row).toMatchObject({ adminStatus: 'approved', lifecycleStatus: 'new' });
    const draft = (await owner.inject({ method: 'GET', url: draftUrl(venture.id) })).json().data;
    expect(draft.publishedAt).toBe(row.adminReviewedAt!.toISOString());
    const text = await pdfText(visitor, venture.id);
    expect(text).toContain(COMPLETE_KIIS.projectDescription);
    expect(text).not.toContain(KIIS_TEXTS.en.previewBanner.slice(0, 20));
  });

  it('other decisions (under review, rejected) need no sheet', async () => {
    const venture = await submitted();
    expect((await review(venture.id, { adminStatus: 'under-review' })).statusCode).toBe(200);
    expect((await review(venture.id, { adminStatus: 'rejected', adminNotes: 'No sheet.' })).statusCode).toBe(
      200,
    );
  });
});

describe('a revision of an approved venture', () => {
  it('does not change the public PDF until an admin approves it again', async () => {
    const venture = await submitted('Revised venture');
    await put(owner, venture.id, COMPLETE_KIIS);
    expect((await review(venture.id, { adminStatus: 'approved' })).statusCode).toBe(200);
    const published = (await owner.inject({ method: 'GET', url: draftUrl(venture.id) })).json().data
      .publishedAt;

    const revised = { ...COMPLETE_KIIS, projectDescription: 'Revised plan: 200 kiosks in Kisumu and Siaya.' };
    expect((await put(owner, venture.id, revised)).statusCode).toBe(200);
    expect((await ventureRow(t, venture.id)).adminStatus).toBe('approved');

    // The public (and the owner without ?preview) still read the approved version.
    for (const who of [visitor, investor, owner]) {
      const text = await pdfText(who, venture.id);
      expect(text).toContain(COMPLETE_KIIS.projectDescription);
      expect(text).not.toContain('Revised plan');
    }
    // The owner and admins preview the draft, marked as a preview.
    for (const who of [owner, admin]) {
      const text = await pdfText(who, venture.id, '?preview=true');
      expect(text).toContain('Revised plan');
      expect(text).toContain(flat(KIIS_TEXTS.en.previewBanner));
    }
    // Anyone else asking for a preview gets the published sheet.
    expect(await pdfText(visitor, venture.id, '?preview=true')).not.toContain('Revised plan');

    t.clock.offsetMs = 60_000;
    try {
      expect((await review(venture.id, { adminStatus: 'approved' })).statusCode).toBe(200);
    } finally {
      t.clock.offsetMs = 0;
    }
    expect(await pdfText(visitor, venture.id)).toContain('Revised plan');
    const after = (await owner.inject({ method: 'GET', url: draftUrl(venture.id) })).json().data.publishedAt;
    expect(new Date(after).getTime()).toBeGreaterThan(new Date(published).getTime());
  });

  it('approving again refuses an incomplete revision and keeps the published sheet', async () => {
    const venture = await submitted('Incomplete revision');
    await put(owner, venture.id, COMPLETE_KIIS);
    expect((await review(venture.id, { adminStatus: 'approved' })).statusCode).toBe(200);
    await put(owner, venture.id, { ...COMPLETE_KIIS, management: '' });
    const res = await review(venture.id, { adminStatus: 'approved' });
    expect(res.statusCode).toBe(409);
    expect(res.json().params).toEqual({ missing: 'Management' });
    expect(await pdfText(visitor, venture.id)).toContain(COMPLETE_KIIS.management);
  });
});

describe('GET /api/ventures/{id}/kiis: the PDF', () => {
  let published: string;
  beforeAll(async () => {
    const venture = await submitted('Solar kiosks in Kisumu');
    await put(owner, venture.id, COMPLETE_KIIS);
    expect((await review(venture.id, { adminStatus: 'approved' })).statusCode).toBe(200);
    published = venture.id;
  });

  it('is a PDF, inline with a file name; the public one cached briefly, the owner’s never stored', async () => {
    const res = await visitor.inject({ method: 'GET', url: pdfUrl(published, '?lang=de') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('inline; filename="kiis-solar-kiosks-in-kisumu-de.pdf"');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { info } = readPdf(res.rawPayload);
    expect(info).toMatch(/Page size:\s+595\.\d+ x 841\.\d+ pts \(A4\)/);
    const own = await owner.inject({ method: 'GET', url: pdfUrl(published) });
    expect(own.headers['cache-control']).toBe('private, no-store');
  });

  it('opens with the title, then the disclaimer, the risk warning and the reflection notice, verbatim', async () => {
    const en = KIIS_TEXTS.en;
    const text = await pdfText(investor, published, '?lang=en');
    const at = (s: string) => {
      const i = text.indexOf(flat(s));
      expect(i, s.slice(0, 40)).toBeGreaterThanOrEqual(0);
      return i;
    };
    expect(at(en.title)).toBe(0);
    // Between the title and the disclaimer: only the venture's title, its company and the date.
    const head = text.slice(en.title.length, at(en.disclaimer));
    expect(head).toMatch(
      /^ Solar kiosks in Kisumu Project owner: Kisumu Solar Ltd Date of this sheet: \w+ \d+, \d{4} $/,
    );
    expect(en.disclaimer).toContain(
      'This crowdfunding offer has been neither verified nor approved by competent authorities or the European Securities and Markets Authority (ESMA).',
    );
    const order = [
      en.disclaimer,
      en.riskWarning,
      en.reflection,
      en.reflectionHow,
      en.partA,
      COMPLETE_KIIS.ownerDescription,
      COMPLETE_KIIS.responsibilityStatement,
      en.partB,
      COMPLETE_KIIS.projectDescription,
      en.partC,
      COMPLETE_KIIS.risks[1]!.description,
      en.useOfFundsTitle,
      COMPLETE_KIIS.useOfFunds,
      en.termsTitle,
    ].map(at);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // The offer's terms from the venture: target, tickets, rate, period, repayment, fees, target missed.
    expect(text).toContain('Target amount €10,000.00');
    expect(text).toContain('Minimum investment €50.00');
    expect(text).toContain('Maximum investment €5,000.00');
    expect(text).toContain('Interest rate 12% per year');
    expect(text).toContain('Term of the loan 12 months');
    expect(text).toContain('service fee of 1 % of the interest');
    expect(text).toContain(flat(en.terms.targetMissedText));
    expect(text).toContain('2025 €640,000 €47,000 €530,000');
  });

  it.each([
    ['de', 'Größe, Übergänge und Straßenbeleuchtung: äöüß ÄÖÜ'],
    ['fr', 'Crédit à l’hôtellerie, façade très légère: é è à ç ê ô'],
    ['es', 'Instalación en Kisumu, año señalado: ñ á é í ó ú ¿¡'],
  ] as const)('in %s: the regulation’s texts and the company’s accents intact', async (lang, sample) => {
    const venture = await submitted(`Accents ${lang}`);
    await put(owner, venture.id, { ...COMPLETE_KIIS, projectDescription: sample });
    expect((await review(venture.id, { adminStatus: 'approved' })).statusCode).toBe(200);
    const texts = KIIS_TEXTS[lang];
    const text = await pdfText(visitor, venture.id, `?lang=${lang}`);
    expect(text.startsWith(texts.title)).toBe(true);
    for (const legal of [texts.disclaimer, texts.riskWarning, texts.reflection])
      expect(text).toContain(flat(legal));
    expect(text.indexOf(flat(texts.disclaimer))).toBeLessThan(text.indexOf(flat(texts.riskWarning)));
    expect(text).toContain(sample);
  });

  it('keeps every field at its maximum length within 6 A4 pages, in every language', async () => {
    const venture = await submitted('W'.repeat(200));
    const long = (n: number) =>
      'Größere Überschüsse für Ausschüttungen: très élevé, façade à Kisumu. '.repeat(40).slice(0, n).trim();
    const full: KiisFields = {
      ownerDescription: long(KIIS_TEXT_MAX),
      management: long(KIIS_TEXT_MAX),
      responsiblePersons: long(KIIS_SHORT_TEXT_MAX),
      responsibilityStatement: long(KIIS_SHORT_TEXT_MAX),
      activities: long(KIIS_TEXT_MAX),
      keyFigures: [2023, 2024, 2025].map((year) => ({
        year,
        // The widest figures within the shared bound of every euro amount (decision 0113).
        turnover: 99_999_999.99,
        netProfit: -99_999_999.99,
        totalAssets: 99_999_999.99,
      })),
      projectDescription: long(KIIS_TEXT_MAX),
      risks: KIIS_RISK_KINDS.map((kind) => ({ kind, description: long(KIIS_SHORT_TEXT_MAX) })),
      useOfFunds: long(KIIS_TEXT_MAX),
    };
    expect((await put(owner, venture.id, full)).statusCode).toBe(200);
    expect((await review(venture.id, { adminStatus: 'approved' })).statusCode).toBe(200);
    for (const lang of ['en', 'de', 'es', 'fr']) {
      const res = await visitor.inject({ method: 'GET', url: pdfUrl(venture.id, `?lang=${lang}`) });
      const { pages, text } = readPdf(res.rawPayload);
      expect(pages, lang).toBeLessThanOrEqual(6);
      expect(flat(text), lang).toContain(flat(full.useOfFunds));
    }
  });

  it('404 venture.not_found where the venture page is 404; kiis.not_available when nothing is published', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const draft = await submitted('Not approved yet');
    await put(owner, draft.id, COMPLETE_KIIS);
    const legacy = await openVenture(t, { title: 'Approved before sheets', createdBy: owner.user!.id });
    for (const [who, id, code] of [
      [visitor, unknown, 'venture.not_found'],
      [visitor, 'not-a-uuid', 'venture.not_found'],
      [investor, draft.id, 'venture.not_found'],
      [other, draft.id, 'venture.not_found'],
      [visitor, legacy.id, 'kiis.not_available'],
      [owner, legacy.id, 'kiis.not_available'],
    ] as const) {
      const res = await who.inject({ method: 'GET', url: pdfUrl(id) });
      expect(res.statusCode, `${id} ${code}`).toBe(404);
      expect(res.json().code).toBe(code);
    }
    // Its owner and admins read the draft of a venture not yet approved (a preview).
    for (const who of [owner, admin]) {
      expect(await pdfText(who, draft.id)).toContain(flat(KIIS_TEXTS.en.previewBanner));
    }
  });

  it('400 for a language or preview flag it does not know', async () => {
    for (const [query, code] of [
      ['?lang=it', 'kiis.language_invalid'],
      ['?lang=', 'kiis.language_invalid'],
      ['?preview=yes', 'common.invalid_value'],
    ] as const) {
      const res = await visitor.inject({ method: 'GET', url: pdfUrl(published, query) });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe(code);
    }
  });
});

describe('the renderer: 6 pages whatever the company writes (Art. 23(7))', () => {
  const sheet = (text: (max: number) => string): KiisSheet => ({
    lang: 'en',
    preview: true,
    date: new Date('2026-11-26T10:00:00Z'),
    serviceFeeHundredths: 100,
    venture: {
      title: 'T'.repeat(200),
      companyName: 'C'.repeat(200),
      targetCents: 100_000_000_00n,
      minInvestmentCents: 100_00n,
      maxInvestmentCents: 5_000_000_00n,
      expectedReturn: 12.75,
      investmentPeriod: 120,
      repaymentType: 'equal_principal',
      repaymentFrequency: 'quarterly',
      gracePeriods: 12,
      closingDate: new Date('2027-01-31T00:00:00Z'),
    },
    fields: {
      ownerDescription: text(KIIS_TEXT_MAX),
      management: text(KIIS_TEXT_MAX),
      responsiblePersons: text(KIIS_SHORT_TEXT_MAX),
      responsibilityStatement: text(KIIS_SHORT_TEXT_MAX),
      activities: text(KIIS_TEXT_MAX),
      keyFigures: [2023, 2024, 2025].map((year) => ({
        year,
        turnover: 1e15,
        netProfit: -1e15,
        totalAssets: 1e15,
      })),
      projectDescription: text(KIIS_TEXT_MAX),
      risks: KIIS_RISK_KINDS.map((kind) => ({ kind, description: text(KIIS_SHORT_TEXT_MAX) })),
      useOfFunds: text(KIIS_TEXT_MAX),
    },
  });

  it.each([
    ['the widest letter, no spaces', (n: number) => 'W'.repeat(n)],
    ['a line break after every word', (n: number) => 'WWW WW\n'.repeat(n).slice(0, n)],
    ['blank lines', (n: number) => 'W\n\n\n'.repeat(n).slice(0, n)],
  ])('%s', async (_name, text) => {
    const rendered = await renderKiisPdf(sheet(text));
    const { pages, text: read } = readPdf(rendered.bytes);
    expect(pages).toBe(rendered.pages);
    expect(pages).toBeLessThanOrEqual(6);
    // The regulation's texts are all there, whatever size the body was set in.
    expect(flat(read)).toContain(flat(KIIS_TEXTS.en.reflection));
  });
});
