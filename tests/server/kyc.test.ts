import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ageOn } from '../../src-shared/contracts/kyc';
import { kycDecisions, kycDocuments, kycVerifications, users } from '../../src-server/db/schema';
import { decryptDocument } from '../../src-server/modules/kyc/crypto';
import { testContext, TEST_KYC_KEY, type SignedIn, type TestContext } from './context';
import { multipart, type MultipartFile } from './multipart';

let t: TestContext;
let admin: SignedIn;
let png: Buffer;
let jpeg: Buffer;
const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const KEY = Buffer.from(TEST_KYC_KEY, 'hex');

const yearsAgo = (years: number, extraDays = 0) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + extraDays);
  return d.toISOString().slice(0, 10);
};
const FIELDS = {
  documentType: 'passport',
  dateOfBirth: '1990-04-12',
  nationality: 'DE',
  address: 'Hauptstr. 1, 10115 Berlin',
};
const passportFiles = (): MultipartFile[] => [
  { field: 'documentFront', filename: 'passport.png', content: png, type: 'image/png' },
  { field: 'selfie', filename: 'me.jpg', content: jpeg },
];

async function start(person: SignedIn): Promise<string> {
  const res = await person.inject({ method: 'POST', url: '/api/kyc/start-verification' });
  expect(res.statusCode).toBe(200);
  expect(res.json().message).toBe('Verification link generated!');
  const url = res.json().verificationUrl as string;
  expect(url.startsWith(`${t.ctx.config.publicUrl}/kyc/`)).toBe(true);
  return url.slice(url.lastIndexOf('/') + 1);
}

function submit(token: string, fields: Record<string, string> = FIELDS, files = passportFiles()) {
  const { payload, headers } = multipart(files, fields);
  return t.app.inject({ method: 'POST', url: `/api/kyc/session/${token}`, payload, headers });
}

const status = async (person: SignedIn) => {
  const res = await person.inject({ method: 'GET', url: '/api/kyc/my-verification' });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const decide = (userId: string, body: object) =>
  admin.inject({ method: 'PATCH', url: `/api/kyc/admin/${userId}`, payload: body });
const mailsTo = async (to: string) => (await t.outbox()).filter((m) => m.to === to);
/** The one e-mail to that address with that subject (delivery order within a batch is not fixed). */
const mailTo = async (to: string, subject: string) => {
  const found = (await mailsTo(to)).filter((m) => m.subject === subject);
  expect(found).toHaveLength(1);
  return found[0]!;
};

beforeAll(async () => {
  t = await testContext();
  admin = await t.injectAs('admin');
  png = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  jpeg = await sharp({ create: { width: 40, height: 60, channels: 3, background: '#cc6633' } })
    .jpeg()
    .toBuffer();
});

describe('GET /api/kyc/my-verification and POST /api/kyc/start-verification', () => {
  it('answers not_started for a new investor and corporate; visitors 401, admins 403', async () => {
    for (const role of ['user', 'corporate'] as const) {
      const person = await t.injectAs(role);
      expect(await status(person)).toEqual({
        statusInOurSystem: 'not_started',
        reason: null,
        submittedAt: null,
        decidedAt: null,
      });
    }
    const visitor = await t.app.inject({ method: 'GET', url: '/api/kyc/my-verification' });
    expect(visitor.statusCode).toBe(401);
    const asAdmin = await admin.inject({ method: 'POST', url: '/api/kyc/start-verification' });
    expect(asAdmin.statusCode).toBe(403);
  });

  it('gives a single-use link to the built-in page; a newer link replaces an older one', async () => {
    const person = await t.injectAs('user', { firstName: 'Amara', lastName: 'Okafor' });
    const first = await start(person);
    const session = await t.app.inject({ method: 'GET', url: `/api/kyc/session/${first}` });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({
      firstName: 'Amara',
      lastName: 'Okafor',
      documentTypes: ['passport', 'id_card', 'driving_licence', 'residence_permit'],
    });
    const second = await start(person);
    expect(second).not.toBe(first);
    const old = await t.app.inject({ method: 'GET', url: `/api/kyc/session/${first}` });
    expect(old.statusCode).toBe(404);
    expect(old.json().message).toBe('This verification link is invalid or has expired.');
    expect((await t.app.inject({ method: 'GET', url: `/api/kyc/session/${second}` })).statusCode).toBe(200);
  });

  it('lets a link expire after 2 hours', async () => {
    const person = await t.injectAs('user');
    const token = await start(person);
    t.clock.offsetMs = 2 * 60 * 60 * 1000 + 1000;
    try {
      expect((await t.app.inject({ method: 'GET', url: `/api/kyc/session/${token}` })).statusCode).toBe(404);
      expect((await submit(token)).statusCode).toBe(404);
    } finally {
      t.clock.offsetMs = 0;
    }
  });

  it('answers 404 for a made-up token', async () => {
    for (const token of ['x', 'a'.repeat(43), '..%2F..%2Fetc']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/kyc/session/${token}` });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('the built-in verification page: POST /api/kyc/session/{token}', () => {
  it('stores the documents encrypted, sets pending, e-mails the person and burns the link', async () => {
    const person = await t.injectAs('user', { email: 'amara@example.com' });
    const token = await start(person);
    const res = await submit(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Thank you! Your documents were received and will be reviewed.',
      statusInOurSystem: 'pending',
    });
    const mine = await status(person);
    expect(mine.statusInOurSystem).toBe('pending');
    expect(mine.submittedAt).not.toBeNull();
    const [row] = await t.database.db.select().from(users).where(eq(users.id, person.user!.id));
    expect(row!.kycStatus).toBe('pending');
    const [verification] = await t.database.db
      .select()
      .from(kycVerifications)
      .where(eq(kycVerifications.userId, person.user!.id));
    expect(verification).toMatchObject({
      status: 'pending',
      documentType: 'passport',
      dateOfBirth: '1990-04-12',
      nationality: 'DE',
      address: 'Hauptstr. 1, 10115 Berlin',
      tokenHash: null,
    });

    // On disk: outside the public uploads, not the plain bytes, and decrypted back exactly.
    const docs = await t.database.db
      .select()
      .from(kycDocuments)
      .where(eq(kycDocuments.verificationId, verification!.id));
    expect(docs.map((d) => [d.kind, d.mimeType, d.sizeBytes]).sort()).toEqual(
      [
        ['documentFront', 'image/png', png.length],
        ['selfie', 'image/jpeg', jpeg.length],
      ].sort(),
    );
    const folder = join(t.dataDir, 'private', 'kyc', verification!.id);
    expect((await readdir(folder)).length).toBe(2);
    const front = docs.find((d) => d.kind === 'documentFront')!;
    const stored = await readFile(join(t.dataDir, 'private', front.storagePath));
    expect(stored.includes(png.subarray(0, 8))).toBe(false);
    expect(stored.includes(png.subarray(png.length - 32))).toBe(false);
    expect(decryptDocument(KEY, stored).equals(png)).toBe(true);
    const tampered = Buffer.from(stored);
    tampered[tampered.length - 1]! ^= 1;
    expect(() => decryptDocument(KEY, tampered)).toThrow();
    expect(() => decryptDocument(Buffer.alloc(32, 1), stored)).toThrow();

    await mailTo('amara@example.com', 'We received your identity documents');

    const again = await submit(token);
    expect(again.statusCode).toBe(404);
    const restart = await person.inject({ method: 'POST', url: '/api/kyc/start-verification' });
    expect(restart.statusCode).toBe(409);
    expect(restart.json().message).toBe('Your documents are being reviewed. We will e-mail you the result.');
  });

  it('needs the back side for every document but a passport, and every field', async () => {
    const person = await t.injectAs('user');
    const token = await start(person);
    const noBack = await submit(token, { ...FIELDS, documentType: 'id_card' });
    expect(noBack.statusCode).toBe(400);
    expect(noBack.json()).toEqual({
      message: 'Upload the back of your document.',
      code: 'kyc.document_back_missing',
      errors: { documentBack: 'Upload the back of your document.' },
      codes: { documentBack: 'kyc.document_back_missing' },
    });
    const empty = await submit(token, {}, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({
      documentType: 'Choose the type of your identity document.',
      dateOfBirth: 'Date of birth is required.',
      nationality: 'Choose your nationality.',
      address: 'Address is required.',
      documentFront: 'Upload the front of your document.',
      selfie: 'Upload a selfie.',
    });
    const bad = await submit(token, { ...FIELDS, dateOfBirth: '1990-02-30', nationality: 'XX' });
    expect(bad.json().errors).toEqual({
      dateOfBirth: 'Date of birth must be a date (YYYY-MM-DD).',
      nationality: 'Choose your nationality.',
    });
    const withBack = await submit(token, { ...FIELDS, documentType: 'driving_licence' }, [
      ...passportFiles(),
      { field: 'documentBack', filename: 'back.pdf', content: pdf, type: 'application/pdf' },
    ]);
    expect(withBack.statusCode).toBe(200);
    const [verification] = await t.database.db
      .select()
      .from(kycVerifications)
      .where(eq(kycVerifications.userId, person.user!.id));
    const docs = await t.database.db
      .select()
      .from(kycDocuments)
      .where(eq(kycDocuments.verificationId, verification!.id));
    expect(docs.find((d) => d.kind === 'documentBack')!.mimeType).toBe('application/pdf');
  });

  it('refuses anyone under 18 (a day short of the birthday) and accepts 18 today', async () => {
    expect(ageOn('2008-11-21', new Date('2026-11-21T00:00:00Z'))).toBe(18);
    expect(ageOn('2008-11-22', new Date('2026-11-21T23:59:59Z'))).toBe(17);
    expect(ageOn('2008-02-29', new Date('2026-02-28T12:00:00Z'))).toBe(17);
    const person = await t.injectAs('user');
    const token = await start(person);
    const young = await submit(token, { ...FIELDS, dateOfBirth: yearsAgo(18, 1) });
    expect(young.statusCode).toBe(400);
    expect(young.json()).toEqual({
      message: 'You must be at least 18 years old.',
      code: 'kyc.under_age',
      params: { minAge: 18 },
      errors: { dateOfBirth: 'You must be at least 18 years old.' },
      codes: { dateOfBirth: 'kyc.under_age' },
    });
    const future = await submit(token, { ...FIELDS, dateOfBirth: yearsAgo(-1) });
    expect(future.json().errors.dateOfBirth).toBe('Date of birth must be a real date in the past.');
    expect((await status(person)).statusInOurSystem).toBe('not_started');
    expect((await submit(token, { ...FIELDS, dateOfBirth: yearsAgo(18) })).statusCode).toBe(200);
  });

  it('checks the bytes (415) and the size (413) and then stores nothing', async () => {
    const person = await t.injectAs('user');
    const token = await start(person);
    const text = await submit(token, FIELDS, [
      {
        field: 'documentFront',
        filename: 'passport.jpg',
        content: Buffer.from('just some text, not a picture'),
      },
      { field: 'selfie', filename: 'me.jpg', content: jpeg },
    ]);
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe('Files must be JPEG, PNG or PDF.');
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64)]);
    expect(
      (
        await submit(token, FIELDS, [
          passportFiles()[0]!,
          { field: 'selfie', filename: 'me.png', content: gif },
        ])
      ).statusCode,
    ).toBe(415);
    const big = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]);
    const large = await submit(token, FIELDS, [
      { field: 'documentFront', filename: 'big.png', content: big },
      passportFiles()[1]!,
    ]);
    expect(large.statusCode).toBe(413);
    expect(large.json().message).toBe('Each file may be at most 10 MB.');
    const rows = await t.database.db
      .select()
      .from(kycVerifications)
      .where(eq(kycVerifications.userId, person.user!.id));
    expect(rows.map((r) => r.status)).toEqual(['not_started']);
    expect(
      await t.database.db.select().from(kycDocuments).where(eq(kycDocuments.verificationId, rows[0]!.id)),
    ).toEqual([]);
    expect((await submit(token)).statusCode).toBe(200); // the link still works
  });

  it('accepts one of two submissions racing on the same link', async () => {
    const person = await t.injectAs('user');
    const token = await start(person);
    const answers = await Promise.all([submit(token), submit(token), submit(token)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404, 404]);
    const [verification] = await t.database.db
      .select()
      .from(kycVerifications)
      .where(eq(kycVerifications.userId, person.user!.id));
    const docs = await t.database.db
      .select()
      .from(kycDocuments)
      .where(eq(kycDocuments.verificationId, verification!.id));
    expect(docs).toHaveLength(2);
    expect(await readdir(join(t.dataDir, 'private', 'kyc', verification!.id))).toHaveLength(2);
  });
});

describe('admin review', () => {
  let person: SignedIn;
  let userId: string;

  beforeAll(async () => {
    person = await t.injectAs('user', {
      email: 'review.me@example.com',
      firstName: 'Kofi',
      lastName: 'Mensah',
    });
    userId = person.user!.id;
    expect((await submit(await start(person))).statusCode).toBe(200);
  });

  it('lists submitted verifications with search and status filters; never-submitted ones stay out', async () => {
    const idle = await t.injectAs('user', { email: 'idle@example.com' });
    await start(idle);
    const all = await admin.inject({ method: 'GET', url: '/api/kyc/admin?limit=100' });
    expect(all.statusCode).toBe(200);
    const emails = all.json().data.map((r: { user: { email: string } }) => r.user.email);
    expect(emails).toContain('review.me@example.com');
    expect(emails).not.toContain('idle@example.com');
    const found = await admin.inject({ method: 'GET', url: '/api/kyc/admin?search=REVIEW.me' });
    expect(found.json().data).toEqual([
      {
        id: expect.any(String),
        user: { id: userId, firstName: 'Kofi', lastName: 'Mensah', email: 'review.me@example.com' },
        status: 'pending',
        provider: 'builtin',
        submittedAt: expect.any(String),
        decidedAt: null,
        reason: null,
      },
    ]);
    expect(found.json().pagination).toEqual({ page: 1, limit: 10, total: 1, totalPages: 1 });
    const idleOnly = await admin.inject({
      method: 'GET',
      url: '/api/kyc/admin?status=not_started&search=idle@',
    });
    expect(idleOnly.json().data).toHaveLength(1);
    const wrong = await admin.inject({ method: 'GET', url: '/api/kyc/admin?status=maybe' });
    expect(wrong.statusCode).toBe(400);
    const asInvestor = await person.inject({ method: 'GET', url: '/api/kyc/admin' });
    expect(asInvestor.statusCode).toBe(403);
  });

  it('opens a verification with its documents for an admin only; 404 for anyone else', async () => {
    const res = await admin.inject({ method: 'GET', url: `/api/kyc/admin/${userId}` });
    expect(res.statusCode).toBe(200);
    const detail = res.json().data;
    expect(detail).toMatchObject({
      status: 'pending',
      documentType: 'passport',
      dateOfBirth: '1990-04-12',
      nationality: 'DE',
      user: { id: userId, role: 'user', kycStatus: 'pending' },
      decisions: [],
    });
    expect(detail.documents.map((d: { kind: string }) => d.kind)).toEqual(['documentFront', 'selfie']);
    const front = detail.documents[0];
    const file = await admin.inject({ method: 'GET', url: front.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['cache-control']).toBe('no-store');
    expect(file.rawPayload.equals(png)).toBe(true);

    const other = await t.injectAs('user');
    const corporate = await t.injectAs('corporate');
    for (const someone of [other, corporate, person]) {
      const denied = await someone.inject({ method: 'GET', url: front.url });
      expect(denied.statusCode).toBe(404);
      expect(denied.json().message).toBe('Document not found.');
      expect((await someone.inject({ method: 'GET', url: `/api/kyc/admin/${userId}` })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: front.url })).statusCode).toBe(401);
    for (const id of ['00000000-0000-4000-8000-000000000000', '..%2F..%2Fkyc-encryption.key', 'x'])
      expect((await admin.inject({ method: 'GET', url: `/api/kyc/admin/documents/${id}` })).statusCode).toBe(
        404,
      );
    // The public uploads folder never holds identity documents.
    const publicFiles = await readdir(join(t.dataDir, 'uploads'), { recursive: true }).catch(() => []);
    expect(publicFiles).toEqual([]);
  });

  it('rejects only with a reason, e-mails it, and lets the person start again', async () => {
    const noReason = await decide(userId, { status: 'rejected' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe('A reason is required to reject a verification.');
    expect((await decide(userId, { status: 'rejected', reason: '   ' })).statusCode).toBe(400);
    expect((await decide(userId, { status: 'maybe' })).statusCode).toBe(400);

    const res = await decide(userId, { status: 'rejected', reason: 'The photo of the passport is blurred.' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Updated successfully');
    expect(res.json().data).toMatchObject({
      status: 'rejected',
      reason: 'The photo of the passport is blurred.',
      decisions: [
        {
          status: 'rejected',
          reason: 'The photo of the passport is blurred.',
          decidedBy: { id: admin.user!.id, email: admin.user!.email },
        },
      ],
    });
    expect(await status(person)).toMatchObject({
      statusInOurSystem: 'rejected',
      reason: 'The photo of the passport is blurred.',
    });
    const mail = await mailTo('review.me@example.com', 'Your identity verification was not approved');
    expect(mail.text).toContain('Reason: The photo of the passport is blurred.');
    expect(mail.text).toContain(`${t.ctx.config.publicUrl}/user/verification`);
    expect((await decide(userId, { status: 'rejected', reason: 'again' })).statusCode).toBe(409);

    // Start again: a new link, a new submission, pending again.
    expect((await submit(await start(person))).statusCode).toBe(200);
    expect((await status(person)).statusInOurSystem).toBe('pending');
  });

  it('approves, records who and when, e-mails the person; a verified person cannot start again', async () => {
    const res = await decide(userId, { status: 'complete' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('complete');
    expect(await status(person)).toMatchObject({ statusInOurSystem: 'complete', reason: null });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
    expect(row!.kycStatus).toBe('complete');
    const decisions = await t.database.db
      .select()
      .from(kycDecisions)
      .innerJoin(kycVerifications, eq(kycVerifications.id, kycDecisions.verificationId))
      .where(eq(kycVerifications.userId, userId))
      .orderBy(kycDecisions.decidedAt);
    expect(
      decisions.map((d) => [d.kyc_decisions.status, d.kyc_decisions.decidedBy, d.kyc_decisions.source]),
    ).toEqual([
      ['rejected', admin.user!.id, 'admin'],
      ['complete', admin.user!.id, 'admin'],
    ]);
    await mailTo('review.me@example.com', 'Your identity is verified');
    const again = await decide(userId, { status: 'complete' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This verification is already approved.');
    const restart = await person.inject({ method: 'POST', url: '/api/kyc/start-verification' });
    expect(restart.statusCode).toBe(409);
    expect(restart.json().message).toBe('Your identity is already verified.');
  });

  it('decides on documents received outside the app; 404 for an admin or an unknown id', async () => {
    const corporate = await t.injectAs('corporate', { language: 'de', email: 'firma@example.com' });
    const res = await decide(corporate.user!.id, {
      status: 'complete',
      reason: 'Documents checked by post.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ provider: 'manual', status: 'complete', documents: [] });
    expect((await status(corporate)).statusInOurSystem).toBe('complete');
    await mailTo('firma@example.com', 'Ihre Identität ist bestätigt');
    for (const id of [admin.user!.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const r = await decide(id, { status: 'complete' });
      expect(r.statusCode).toBe(404);
      expect(r.json().message).toBe('User not found.');
    }
    expect(
      (
        await person.inject({
          method: 'PATCH',
          url: `/api/kyc/admin/${userId}`,
          payload: { status: 'complete' },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('admin list: one row per person, oldest waiting first, every decision in the detail', () => {
  const names = (res: { json: () => { data: { user: { firstName: string } }[] } }) =>
    res.json().data.map((r) => r.user.firstName);
  const list = (query: string) =>
    admin.inject({ method: 'GET', url: `/api/kyc/admin?search=queuer&${query}` });

  it('sorts by submission (default: oldest first) or decision, and lists a person once with their latest', async () => {
    const people: Record<string, SignedIn> = {};
    // Submitted in the order Bea, Abe, Cy (a minute apart).
    for (const [i, firstName] of ['Bea', 'Abe', 'Cy'].entries()) {
      t.clock.offsetMs = i * 60_000;
      people[firstName] = await t.injectAs('user', { firstName, lastName: 'Queuer' });
      expect((await submit(await start(people[firstName]!))).statusCode).toBe(200);
    }
    try {
      const queue = await list('status=pending');
      expect(queue.statusCode).toBe(200);
      expect(names(queue)).toEqual(['Bea', 'Abe', 'Cy']);
      expect(names(await list('status=pending&sortBy=submittedAt&order=desc'))).toEqual(['Cy', 'Abe', 'Bea']);

      t.clock.offsetMs = 3 * 60_000;
      expect(
        (await decide(people.Bea!.user!.id, { status: 'rejected', reason: 'Blurred photo.' })).statusCode,
      ).toBe(200);
      t.clock.offsetMs = 4 * 60_000;
      expect(
        (await decide(people.Cy!.user!.id, { status: 'rejected', reason: 'Expired passport.' })).statusCode,
      ).toBe(200);
      expect(names(await list('status=rejected&sortBy=decidedAt&order=desc'))).toEqual(['Cy', 'Bea']);
      expect(names(await list('status=rejected&sortBy=decidedAt'))).toEqual(['Bea', 'Cy']);

      // Bea starts again: still listed once, as rejected until she submits, then as pending.
      t.clock.offsetMs = 5 * 60_000;
      const token = await start(people.Bea!);
      const whileStarting = await list('');
      expect(whileStarting.json().pagination.total).toBe(3);
      expect(whileStarting.json().data.map((r: { status: string }) => r.status)).toEqual([
        'rejected',
        'pending',
        'rejected',
      ]);
      t.clock.offsetMs = 6 * 60_000;
      expect((await submit(token)).statusCode).toBe(200);
      const after = await list('');
      expect(after.json().pagination.total).toBe(3);
      expect(
        after
          .json()
          .data.map((r: { user: { firstName: string }; status: string }) => [r.user.firstName, r.status]),
      ).toEqual([
        ['Abe', 'pending'],
        ['Cy', 'rejected'],
        ['Bea', 'pending'],
      ]);

      // The detail of the new verification keeps the earlier decision.
      const detail = await admin.inject({ method: 'GET', url: `/api/kyc/admin/${people.Bea!.user!.id}` });
      expect(detail.json().data).toMatchObject({
        status: 'pending',
        reason: null,
        decisions: [{ status: 'rejected', reason: 'Blurred photo.', decidedBy: { id: admin.user!.id } }],
      });
      expect(detail.json().data.documents).toHaveLength(2);
    } finally {
      t.clock.offsetMs = 0;
    }
  });

  it('answers 400 with its code for an unknown sort column or order', async () => {
    const column = await list('sortBy=email');
    expect(column.statusCode).toBe(400);
    expect(column.json()).toMatchObject({ code: 'kyc.sort_by_unknown' });
    const order = await list('order=up');
    expect(order.statusCode).toBe(400);
    expect(order.json()).toMatchObject({ code: 'common.sort_order_invalid' });
  });
});
