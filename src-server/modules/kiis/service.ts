/**
 * The key investment information sheet (EU 2020/1503 Art. 23; API contract, "Key investment
 * information sheet"): the company's draft, its completeness, its publication when an admin approves
 * the venture, and the PDF anyone who may see the venture reads (decision 0101).
 *
 * - `fields` (venture_kiis) is the company's draft, edited by its owner like the venture's own texts;
 *   `publishedFields` is what investors read, copied from the draft only when an admin approves the
 *   venture (or approves it again after a revision), so a change to an approved venture's sheet does
 *   not reach investors before review.
 * - The PDF of the published version is for everyone who may see the venture; its owner and admins get
 *   the draft instead (a preview, marked as one) with `?preview=true`, or while nothing is published.
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { LanguageCode } from '../../../src-shared/constants/enums';
import {
  kiisFieldsSchema,
  kiisMissing,
  type KiisDraft,
  type KiisField,
  type KiisFields,
  type KiisState,
} from '../../../src-shared/contracts/kiis';
import { fieldLabel } from '../../../src-shared/errors';
import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { users, ventureKiis, ventures } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import type { SessionContext } from '../auth/sessions';
import { maySeeVenture } from '../ventures/queries';
import { isAdmin, seesEverything } from '../ventures/views';
import { loadForChange } from '../ventures/writes';
import { renderKiisPdf, type KiisSheet, type RenderedKiis } from './pdf';

const EMPTY: KiisFields = kiisFieldsSchema.parse({});

/** A stored draft as the contract's fields (a row written by an older version gets the defaults). */
export function storedFields(raw: unknown): KiisFields {
  const parsed = kiisFieldsSchema.safeParse(raw ?? {});
  return parsed.success ? parsed.data : EMPTY;
}

export function kiisState(fields: KiisFields): KiisState {
  const missing = kiisMissing(fields);
  return { complete: missing.length === 0, missing };
}

/** GET /api/ventures/my-ventures/{id}/kiis: the draft of the owner's venture (an admin's: any). */
export async function getDraft(ctx: AppContext, auth: SessionContext, ventureId: string): Promise<KiisDraft> {
  await loadForChange(ctx.db, ventureId, auth);
  const [row] = await ctx.db.select().from(ventureKiis).where(eq(ventureKiis.ventureId, ventureId));
  const fields = storedFields(row?.fields);
  return {
    ...kiisState(fields),
    fields,
    updatedAt: row?.updatedAt.toISOString() ?? null,
    publishedAt: row?.publishedAt?.toISOString() ?? null,
  };
}

/**
 * PUT /api/ventures/my-ventures/{id}/kiis: the company replaces its draft. Like the venture's own
 * texts (ventures/writes.ts), the owner may edit it in every state; an approved venture's published
 * sheet stays as it was until an admin approves again. A change to a rejected (not cancelled) venture
 * submits it again (adminStatus back to `pending`), as a change to its texts does.
 */
export async function saveDraft(
  ctx: AppContext,
  auth: SessionContext,
  ventureId: string,
  fields: KiisFields,
): Promise<{ state: KiisState; resubmitted: boolean }> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    // The venture's row first (the lock an approval takes too), then the sheet's.
    const venture = await loadForChange(tx, ventureId, auth, true);
    const [before] = await tx
      .select({ fields: ventureKiis.fields })
      .from(ventureKiis)
      .where(eq(ventureKiis.ventureId, ventureId))
      .for('update');
    const changed = JSON.stringify(storedFields(before?.fields)) !== JSON.stringify(fields);
    await tx
      .insert(ventureKiis)
      .values({ ventureId, fields, updatedAt: now, updatedBy: auth.user.id })
      .onConflictDoUpdate({
        target: ventureKiis.ventureId,
        set: { fields, updatedAt: now, updatedBy: auth.user.id },
      });
    const resubmitted =
      changed && venture.adminStatus === 'rejected' && venture.cancelledAt === null && !isAdmin(auth);
    if (resubmitted)
      await tx
        .update(ventures)
        .set({ adminStatus: 'pending', updatedAt: now })
        .where(eq(ventures.id, ventureId));
    return { state: kiisState(fields), resubmitted };
  });
}

/** The English names of missing fields, for the error's message ('Owner description, Use of funds'). */
const missingList = (missing: KiisField[]) =>
  missing.map((field) => fieldLabel(field).replace(/ [A-Z]/g, (word) => word.toLowerCase())).join(', ');

/**
 * On approval (ventures/review.ts, in its transaction, the venture's row locked): refuses with 409
 * `venture.kiis_incomplete` while the draft misses a field approval needs (EU 2020/1503 Art. 23(2):
 * the sheet is drawn up before the offer opens), else publishes the draft as it is now.
 */
export async function publishOnApproval(tx: Tx, ventureId: string, now: Date): Promise<void> {
  const [row] = await tx
    .select({ fields: ventureKiis.fields })
    .from(ventureKiis)
    .where(eq(ventureKiis.ventureId, ventureId))
    .for('update');
  // No sheet yet: every field is missing.
  const fields = storedFields(row?.fields);
  const missing = kiisMissing(fields);
  if (missing.length > 0)
    throw new HttpError(409, 'venture.kiis_incomplete', {
      params: { missing: missingList(missing) },
      fields: Object.fromEntries(missing.map((field) => [field, 'venture.field_required' as const])),
    });
  await tx
    .update(ventureKiis)
    .set({ publishedFields: fields, publishedAt: now })
    .where(eq(ventureKiis.ventureId, ventureId));
}

/** What the PDF route answers: the bytes, their file name, and whether it is a private preview. */
export interface KiisPdfAnswer {
  bytes: Buffer;
  filename: string;
  /** The draft (a preview), or a caller who could get one: never stored by a shared cache. */
  private: boolean;
}

async function loadForPdf(db: DbOrTx, ventureId: string) {
  const [row] = await db
    .select({
      venture: ventures,
      companyName: users.companyName,
      firstName: users.firstName,
      lastName: users.lastName,
      fields: ventureKiis.fields,
      updatedAt: ventureKiis.updatedAt,
      publishedFields: ventureKiis.publishedFields,
      publishedAt: ventureKiis.publishedAt,
    })
    .from(ventures)
    .innerJoin(users, eq(users.id, ventures.createdBy))
    .leftJoin(ventureKiis, eq(ventureKiis.ventureId, ventures.id))
    .where(and(eq(ventures.id, ventureId), eq(ventures.isDeleted, false)))
    .limit(1);
  return row;
}

/** A file name of ASCII letters: 'kiis-solar-park-in-kenya-de.pdf'. */
export function kiisFilename(title: string, lang: LanguageCode): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `kiis-${slug || 'venture'}-${lang}.pdf`;
}

/** GET /api/ventures/{id}/kiis?lang&preview: the sheet as PDF (decision 0101 says who gets which). */
export async function kiisPdf(
  ctx: AppContext,
  auth: SessionContext | null,
  ventureId: string,
  lang: LanguageCode,
  preview: boolean,
): Promise<KiisPdfAnswer> {
  const row = await loadForPdf(ctx.db, ventureId);
  if (!row || !maySeeVenture(auth, row.venture)) throw new HttpError(404, 'venture.not_found');
  const privileged = seesEverything(auth, row.venture.createdBy);
  const draft =
    privileged && row.updatedAt !== null && (preview || row.publishedFields === null)
      ? { fields: storedFields(row.fields), date: row.updatedAt }
      : null;
  const published =
    row.publishedFields !== null && row.publishedAt !== null
      ? { fields: storedFields(row.publishedFields), date: row.publishedAt }
      : null;
  const shown = draft ?? published;
  if (!shown) throw new HttpError(404, 'kiis.not_available');
  const v = row.venture;
  const sheet: KiisSheet = {
    lang,
    preview: draft !== null,
    fields: shown.fields,
    date: shown.date,
    serviceFeeHundredths: ctx.config.serviceFeeHundredths,
    venture: {
      title: v.title,
      companyName: row.companyName || `${row.firstName} ${row.lastName}`.trim(),
      targetCents: v.targetAmountCents,
      minInvestmentCents: v.minInvestmentCents,
      maxInvestmentCents: v.maxInvestmentCents,
      expectedReturn: Number(v.expectedReturn),
      investmentPeriod: v.investmentPeriod,
      repaymentType: v.repaymentType,
      repaymentFrequency: v.repaymentFrequency,
      gracePeriods: v.gracePeriods,
      closingDate: v.closingDate,
    },
  };
  const rendered = await renderCached(sheet);
  return { bytes: rendered.bytes, filename: kiisFilename(v.title, lang), private: privileged };
}

/**
 * Rendered sheets by their content (the fields, the venture's terms, the language, the date): a
 * sheet takes 100-300 ms of CPU to set, and the public one is read far more often than it changes.
 * A request for a sheet being rendered waits for that rendering. At most CACHE_SIZE (about 30 KB each).
 */
const CACHE_SIZE = 64;
const rendered = new Map<string, Promise<RenderedKiis>>();

function renderCached(sheet: KiisSheet): Promise<RenderedKiis> {
  const key = createHash('sha256')
    .update(JSON.stringify(sheet, (_k, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value)))
    .digest('base64url');
  const hit = rendered.get(key);
  if (hit) {
    // The most recently used last.
    rendered.delete(key);
    rendered.set(key, hit);
    return hit;
  }
  const work = renderKiisPdf(sheet);
  rendered.set(key, work);
  work.catch(() => rendered.delete(key));
  while (rendered.size > CACHE_SIZE) rendered.delete(rendered.keys().next().value!);
  return work;
}
