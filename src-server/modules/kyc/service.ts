import { randomUUID } from 'node:crypto';
import { auditSource, recordAudit } from '../audit/service';
import { and, asc, count, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { KycStatus, LanguageCode } from '../../../src-shared/constants/enums';
import {
  ageOn,
  hasBackSide,
  KYC_DOCUMENT_TYPES,
  KYC_MIN_AGE,
  kycSubmissionFieldsSchema,
  type KycAdminDetail,
  type KycAdminListQuery,
  type KycAdminRow,
  type KycDocumentType,
  type KycFileField,
  type KycSession,
  type MyVerification,
} from '../../../src-shared/contracts/kyc';
import type { AppContext } from '../../context';
import { checkedUpload, DOCUMENT_TYPES, fileTypeOf } from '../../lib/file-type';
import { pageOffset } from '../../lib/list';
import type { DbOrTx } from '../../db/client';
import { kycDecisions, kycDocuments, kycVerifications, kycWebhookEvents, users } from '../../db/schema';
import { fieldErrorOf, HttpError, type FieldError } from '../../lib/http-error';
import type { SessionContext } from '../auth/sessions';
import { readPrivateFile, removePrivateFiles, writePrivateFile } from './storage';
import { hashToken, ProviderError, providerFor } from './providers';
import { containsPattern } from '../../lib/query';

/** How long a built-in verification link stays usable. */
export const LINK_TTL_MS = 2 * 60 * 60 * 1000;
export const RECEIVED = 'Thank you! Your documents were received and will be reviewed.';

type Verification = typeof kycVerifications.$inferSelect;
type Person = Pick<
  typeof users.$inferSelect,
  'id' | 'firstName' | 'lastName' | 'email' | 'role' | 'language'
>;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const verificationPath = (role: string) =>
  role === 'corporate' ? '/corporate/verification' : '/user/verification';

/** The person's latest verification: the newest one that was submitted or decided, else the newest. */
async function latestVerification(
  db: DbOrTx,
  userId: string,
  lock = false,
): Promise<Verification | undefined> {
  const query = db
    .select()
    .from(kycVerifications)
    .where(eq(kycVerifications.userId, userId))
    .orderBy(sql`(${kycVerifications.status} = 'not_started')`, desc(kycVerifications.createdAt))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

// ------------------------------------------------------------------------------------------------
// The person's own calls

export async function myVerification(db: DbOrTx, userId: string): Promise<MyVerification> {
  const [user] = await db.select({ kycStatus: users.kycStatus }).from(users).where(eq(users.id, userId));
  const latest = await latestVerification(db, userId);
  const status = user?.kycStatus ?? 'not_started';
  return {
    statusInOurSystem: status,
    reason: status === 'rejected' ? (latest?.reason ?? null) : null,
    submittedAt: iso(latest?.submittedAt),
    decidedAt: iso(latest?.decidedAt),
  };
}

export async function startVerification(ctx: AppContext, auth: SessionContext): Promise<string> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, auth.user.id));
  if (!user) throw new HttpError(401, 'auth.login_required');
  if (user.kycStatus === 'complete') throw new HttpError(409, 'kyc.already_verified');
  if (user.kycStatus === 'pending') throw new HttpError(409, 'kyc.under_review');
  const provider = providerFor(ctx.config.kycProvider);
  const verificationId = randomUUID();
  let started;
  try {
    started = await provider.start({
      verificationId,
      person: { id: user.id, firstName: user.firstName, lastName: user.lastName, email: user.email },
      publicUrl: ctx.config.publicUrl,
    });
  } catch (error) {
    if (error instanceof ProviderError) throw new HttpError(502, 'kyc.provider_unavailable');
    throw error;
  }
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    // Only the newest link works: earlier unused ones stop working.
    await tx
      .update(kycVerifications)
      .set({ tokenHash: null })
      .where(and(eq(kycVerifications.userId, user.id), eq(kycVerifications.status, 'not_started')));
    await tx.insert(kycVerifications).values({
      id: verificationId,
      userId: user.id,
      provider: provider.name,
      status: 'not_started',
      tokenHash: started.tokenHash ?? null,
      tokenExpiresAt: started.tokenHash ? new Date(now.getTime() + LINK_TTL_MS) : null,
      externalSessionId: started.externalSessionId ?? null,
      createdAt: now,
    });
  });
  return started.url;
}

// ------------------------------------------------------------------------------------------------
// The built-in verification page

async function openSession(db: DbOrTx, token: string, now: Date, lock = false) {
  if (!/^[\w-]{20,100}$/.test(token)) throw new HttpError(404, 'kyc.invalid_link');
  const query = db
    .select({ verification: kycVerifications, user: users })
    .from(kycVerifications)
    .innerJoin(users, eq(users.id, kycVerifications.userId))
    .where(and(eq(kycVerifications.tokenHash, hashToken(token)), eq(kycVerifications.status, 'not_started')));
  const [row] = lock ? await query.for('update', { of: kycVerifications }) : await query;
  if (
    !row ||
    !row.verification.tokenExpiresAt ||
    row.verification.tokenExpiresAt <= now ||
    !row.user.isActive
  )
    throw new HttpError(404, 'kyc.invalid_link');
  return row;
}

export async function getSession(ctx: AppContext, token: string): Promise<KycSession> {
  const { verification, user } = await openSession(ctx.db, token, ctx.now());
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    expiresAt: verification.tokenExpiresAt!.toISOString(),
    documentTypes: [...KYC_DOCUMENT_TYPES],
  };
}

export interface KycUpload {
  field: KycFileField;
  bytes: Buffer;
}

/** Checks every field and file; answers 400 with all field messages at once. */
function checkSubmission(
  raw: Record<string, string>,
  uploads: KycUpload[],
  now: Date,
): { fields: ReturnType<typeof kycSubmissionFieldsSchema.parse>; files: KycUpload[] } {
  const errors: Record<string, FieldError> = {};
  const parsed = kycSubmissionFieldsSchema.safeParse(raw);
  if (!parsed.success)
    for (const issue of parsed.error.issues)
      errors[String(issue.path[0])] ??= fieldErrorOf(issue.message).code;
  const fields = parsed.success ? parsed.data : undefined;
  if (fields) {
    const age = ageOn(fields.dateOfBirth, now);
    if (age < 0 || age > 120) errors.dateOfBirth = 'kyc.date_of_birth_unreal';
    else if (age < KYC_MIN_AGE)
      errors.dateOfBirth = { code: 'kyc.under_age', params: { minAge: KYC_MIN_AGE } };
  }
  const type =
    fields?.documentType ??
    (KYC_DOCUMENT_TYPES.includes(raw.documentType as KycDocumentType)
      ? (raw.documentType as KycDocumentType)
      : undefined);
  const needed: KycFileField[] = [
    'documentFront',
    ...(type && hasBackSide(type) ? (['documentBack'] as const) : []),
    'selfie',
  ];
  const files = uploads.filter((u) => needed.includes(u.field));
  const missing = {
    documentFront: 'kyc.document_front_missing',
    documentBack: 'kyc.document_back_missing',
    selfie: 'kyc.selfie_missing',
  } as const;
  for (const field of needed) if (!files.some((f) => f.field === field)) errors[field] = missing[field];
  const first = Object.values(errors)[0];
  if (first)
    throw new HttpError(400, typeof first === 'string' ? first : first.code, {
      ...(typeof first === 'string' ? {} : { params: first.params }),
      fields: errors,
    });
  return { fields: fields!, files };
}

export async function submitDocuments(
  ctx: AppContext,
  token: string,
  raw: Record<string, string>,
  uploads: KycUpload[],
): Promise<void> {
  const now = ctx.now();
  await openSession(ctx.db, token, now); // an unknown or used link is 404 before anything else
  const { fields, files } = checkSubmission(raw, uploads, now);
  const typed = files.map((f) => ({ ...f, mimeType: fileTypeOf(f.bytes, DOCUMENT_TYPES) }));
  if (typed.some((f) => f.mimeType === null)) throw new HttpError(415, 'kyc.wrong_file_type');
  // The whole file, not only its first bytes: an image that does not decode (a JPEG signature
  // followed by HTML) is not an image, and a decompression bomb is refused unopened.
  for (const file of typed) {
    file.bytes = (await checkedUpload(file.bytes, DOCUMENT_TYPES, 'kyc.wrong_file_type')).bytes;
  }

  const written: string[] = [];
  try {
    await ctx.db.transaction(async (tx) => {
      // Locks in a fixed order (the person, then the verification), as a decision takes them. The
      // verification's lock makes the link single-use even for two submissions at the same moment.
      const first = await openSession(tx, token, now);
      await tx.select({ id: users.id }).from(users).where(eq(users.id, first.user.id)).for('update');
      const { verification, user } = await openSession(tx, token, now, true);
      const folder = `kyc/${verification.id}`;
      for (const file of typed) {
        const id = randomUUID();
        const storagePath = await writePrivateFile(ctx, folder, file.bytes, id);
        written.push(storagePath);
        await tx.insert(kycDocuments).values({
          id,
          verificationId: verification.id,
          kind: file.field,
          storagePath,
          mimeType: file.mimeType!,
          sizeBytes: file.bytes.length,
          createdAt: now,
        });
      }
      await tx
        .update(kycVerifications)
        .set({
          status: 'pending',
          tokenHash: null,
          documentType: fields.documentType,
          dateOfBirth: fields.dateOfBirth,
          nationality: fields.nationality,
          address: fields.address,
          submittedAt: now,
          reason: null,
        })
        .where(eq(kycVerifications.id, verification.id));
      await tx.update(users).set({ kycStatus: 'pending', updatedAt: now }).where(eq(users.id, user.id));
      await ctx.mailer.enqueue(tx, {
        kind: 'kyc-received',
        to: user.email,
        lang: user.language as LanguageCode,
        name: user.firstName,
      });
    });
  } catch (error) {
    await removePrivateFiles(ctx, written);
    throw error;
  }
}

// ------------------------------------------------------------------------------------------------
// Admin review

const personColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};

function toRow(
  v: Verification,
  user: { id: string; firstName: string; lastName: string; email: string },
): KycAdminRow {
  return {
    id: v.id,
    user,
    status: v.status,
    provider: v.provider,
    submittedAt: iso(v.submittedAt),
    decidedAt: iso(v.decidedAt),
    reason: v.reason,
  };
}

/**
 * The admin's list: one row per person, their latest verification (the rule of
 * `latestVerification`), filtered, sorted by submission or decision date (empty dates last), then
 * by creation. The default (submittedAt, asc) is the review queue: the oldest waiting first.
 */
export async function listForAdmin(
  db: DbOrTx,
  query: Pick<KycAdminListQuery, 'status' | 'search' | 'page' | 'limit'> &
    Partial<Pick<KycAdminListQuery, 'sortBy' | 'order'>>,
): Promise<{ rows: KycAdminRow[]; total: number }> {
  const latest = sql`${kycVerifications.id} = (
    SELECT v.id FROM ${kycVerifications} v
    WHERE v.user_id = ${kycVerifications.userId}
    ORDER BY (v.status = 'not_started'), v.submitted_at DESC NULLS LAST, v.created_at DESC, v.id DESC
    LIMIT 1)`;
  const where: SQL[] = [
    latest,
    query.status ? eq(kycVerifications.status, query.status) : ne(kycVerifications.status, 'not_started'),
  ];
  if (query.search) {
    const pattern = containsPattern(query.search);
    where.push(
      or(ilike(users.email, pattern), ilike(users.firstName, pattern), ilike(users.lastName, pattern))!,
    );
  }
  const column = query.sortBy === 'decidedAt' ? kycVerifications.decidedAt : kycVerifications.submittedAt;
  const ascending = (query.order ?? 'asc') === 'asc';
  const [rows, totals] = await Promise.all([
    db
      .select({ verification: kycVerifications, user: personColumns })
      .from(kycVerifications)
      .innerJoin(users, eq(users.id, kycVerifications.userId))
      .where(and(...where))
      .orderBy(
        ascending ? sql`${column} ASC NULLS LAST` : sql`${column} DESC NULLS LAST`,
        ascending ? asc(kycVerifications.createdAt) : desc(kycVerifications.createdAt),
        asc(kycVerifications.id),
      )
      .limit(query.limit)
      .offset(pageOffset(query)),
    db
      .select({ total: count() })
      .from(kycVerifications)
      .innerJoin(users, eq(users.id, kycVerifications.userId))
      .where(and(...where)),
  ]);
  return { rows: rows.map((r) => toRow(r.verification, r.user)), total: totals[0]?.total ?? 0 };
}

/** The person (an investor or a company), optionally locking their row: always the first lock taken. */
async function loadPerson(
  db: DbOrTx,
  userId: string,
  lock = false,
): Promise<Person & { kycStatus: KycStatus }> {
  const query = db
    .select({ ...personColumns, role: users.role, language: users.language, kycStatus: users.kycStatus })
    .from(users)
    .where(eq(users.id, userId));
  const [person] = lock ? await query.for('update') : await query;
  if (!person || (person.role !== 'user' && person.role !== 'corporate'))
    throw new HttpError(404, 'user.not_found');
  return person;
}

export async function detailForAdmin(db: DbOrTx, userId: string): Promise<KycAdminDetail> {
  const person = await loadPerson(db, userId);
  const verification = await latestVerification(db, userId);
  if (!verification) throw new HttpError(404, 'kyc.not_started');
  const [documents, decisions] = await Promise.all([
    db
      .select()
      .from(kycDocuments)
      .where(eq(kycDocuments.verificationId, verification.id))
      .orderBy(kycDocuments.createdAt, kycDocuments.kind),
    // Every decision on the person, earlier verifications included, oldest first.
    db
      .select({ decision: kycDecisions, admin: { id: users.id, email: users.email } })
      .from(kycDecisions)
      .innerJoin(kycVerifications, eq(kycVerifications.id, kycDecisions.verificationId))
      .leftJoin(users, eq(users.id, kycDecisions.decidedBy))
      .where(eq(kycVerifications.userId, userId))
      .orderBy(asc(kycDecisions.decidedAt), asc(kycDecisions.id)),
  ]);
  const order = ['documentFront', 'documentBack', 'selfie'];
  return {
    ...toRow(verification, {
      id: person.id,
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
    }),
    user: {
      id: person.id,
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      role: person.role,
      kycStatus: person.kycStatus,
    },
    documentType: (verification.documentType as KycDocumentType | null) ?? null,
    dateOfBirth: verification.dateOfBirth,
    nationality: verification.nationality,
    address: verification.address,
    documents: documents
      .sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind))
      .map((d) => ({
        id: d.id,
        kind: d.kind as KycFileField,
        mimeType: d.mimeType,
        sizeBytes: d.sizeBytes,
        url: `/api/kyc/admin/documents/${d.id}`,
      })),
    decisions: decisions.map(({ decision, admin }) => ({
      status: decision.status as 'complete' | 'rejected',
      reason: decision.reason,
      decidedAt: decision.decidedAt.toISOString(),
      decidedBy: admin?.id ? { id: admin.id, email: admin.email } : null,
    })),
  };
}

/** Records a decision on the person's verification and e-mails them; one transaction. */
async function applyDecision(
  ctx: AppContext,
  tx: DbOrTx,
  verification: Verification,
  person: Person,
  decision: {
    status: 'complete' | 'rejected';
    reason: string | null;
    by: string | null;
    source: 'admin' | 'provider';
  },
): Promise<void> {
  const now = ctx.now();
  await tx
    .update(kycVerifications)
    .set({
      status: decision.status,
      reason: decision.reason,
      decidedAt: now,
      decidedBy: decision.by,
      tokenHash: null,
    })
    .where(eq(kycVerifications.id, verification.id));
  await tx.insert(kycDecisions).values({
    verificationId: verification.id,
    status: decision.status,
    reason: decision.reason,
    decidedBy: decision.by,
    source: decision.source,
    decidedAt: now,
  });
  await tx.update(users).set({ kycStatus: decision.status, updatedAt: now }).where(eq(users.id, person.id));
  const base = { to: person.email, lang: person.language as LanguageCode, name: person.firstName };
  await ctx.mailer.enqueue(
    tx,
    decision.status === 'complete'
      ? { kind: 'kyc-approved', ...base }
      : { kind: 'kyc-rejected', ...base, reason: decision.reason ?? '', path: verificationPath(person.role) },
  );
}

export async function decideAsAdmin(
  ctx: AppContext,
  admin: SessionContext,
  userId: string,
  body: { status: 'complete' | 'rejected'; reason?: string | null },
): Promise<KycAdminDetail> {
  await ctx.db.transaction(async (tx) => {
    // The person's row first, then the verification: the same order as a submission takes.
    const person = await loadPerson(tx, userId, true);
    let verification = await latestVerification(tx, userId, true);
    if (verification?.status === body.status)
      throw new HttpError(409, body.status === 'complete' ? 'kyc.already_approved' : 'kyc.already_rejected');
    const previous = verification?.status ?? 'not_started';
    if (!verification || verification.status === 'not_started') {
      // A decision on documents received outside the app.
      [verification] = await tx
        .insert(kycVerifications)
        .values({ userId, provider: 'manual', status: 'pending', createdAt: ctx.now() })
        .returning();
    }
    await applyDecision(ctx, tx, verification!, person, {
      status: body.status,
      reason: body.reason?.trim() || null,
      by: admin.user.id,
      source: 'admin',
    });
    await recordAudit(tx, {
      ...auditSource(admin),
      action: 'kyc.decide',
      targetType: 'user',
      targetId: userId,
      before: { status: previous },
      after: { status: body.status, reason: body.reason?.trim() || null },
    });
  });
  return detailForAdmin(ctx.db, userId);
}

/** An identity document's bytes, decrypted, for an admin; 404 for anyone else and unknown ids. */
export async function readDocument(
  ctx: AppContext,
  documentId: string,
): Promise<{ bytes: Buffer; mimeType: string; kind: string }> {
  const [doc] = await ctx.db.select().from(kycDocuments).where(eq(kycDocuments.id, documentId));
  if (!doc) throw new HttpError(404, 'kyc.document_not_found');
  return { bytes: await readPrivateFile(ctx, doc.storagePath), mimeType: doc.mimeType, kind: doc.kind };
}

// ------------------------------------------------------------------------------------------------
// Hosted provider's webhook

export interface WebhookEvent {
  id: string;
  type: 'verification.submitted' | 'verification.approved' | 'verification.declined';
  sessionId: string;
  reason?: string | null;
}

/** Applies one provider event exactly once; answers whether it was new. */
export async function applyWebhookEvent(
  ctx: AppContext,
  event: WebhookEvent,
): Promise<'applied' | 'duplicate'> {
  return ctx.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(kycWebhookEvents)
      .values({ eventId: event.id, provider: 'hosted', receivedAt: ctx.now() })
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0) return 'duplicate';
    const [found] = await tx
      .select()
      .from(kycVerifications)
      .where(
        and(eq(kycVerifications.provider, 'hosted'), eq(kycVerifications.externalSessionId, event.sessionId)),
      );
    // Unknown session: nothing is recorded, so the provider may deliver it again later.
    if (!found) throw new HttpError(404, 'kyc.unknown_session');
    const person = await loadPerson(tx, found.userId, true);
    const [verification] = await tx
      .select()
      .from(kycVerifications)
      .where(eq(kycVerifications.id, found.id))
      .for('update');
    const now = ctx.now();
    if (event.type === 'verification.submitted') {
      if (verification!.status === 'not_started') {
        await tx
          .update(kycVerifications)
          .set({ status: 'pending', submittedAt: now })
          .where(eq(kycVerifications.id, verification!.id));
        await tx.update(users).set({ kycStatus: 'pending', updatedAt: now }).where(eq(users.id, person.id));
        await ctx.mailer.enqueue(tx, {
          kind: 'kyc-received',
          to: person.email,
          lang: person.language as LanguageCode,
          name: person.firstName,
        });
      }
      return 'applied';
    }
    const status = event.type === 'verification.approved' ? 'complete' : 'rejected';
    if (verification!.status !== status)
      await applyDecision(ctx, tx, verification!, person, {
        status,
        reason:
          status === 'rejected'
            ? event.reason?.trim() || 'The verification provider declined the documents.'
            : null,
        by: null,
        source: 'provider',
      });
    return 'applied';
  });
}
