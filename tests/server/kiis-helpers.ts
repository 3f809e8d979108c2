/** Key investment information sheets in the test database (API contract, "Key investment information
 * sheet"): approving a venture needs a complete one. */
import { ventureKiis } from '../../src-server/db/schema';
import type { KiisFields } from '../../src-shared/contracts/kiis';
import { COMPLETE_KIIS } from '../support/kiis';
import type { TestContext } from './context';

/** Gives the venture a draft sheet (complete unless told), as its company would have saved it. */
export async function giveKiis(
  t: TestContext,
  ventureId: string,
  fields: KiisFields = COMPLETE_KIIS,
  published = false,
): Promise<void> {
  const now = t.ctx.now();
  await t.database.db
    .insert(ventureKiis)
    .values({
      ventureId,
      fields,
      updatedAt: now,
      ...(published && { publishedFields: fields, publishedAt: now }),
    })
    .onConflictDoUpdate({ target: ventureKiis.ventureId, set: { fields, updatedAt: now } });
}
