import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { encryptDocument } from '../modules/kyc/crypto';
import { privateKey } from '../modules/kyc/storage';
import type { FileStorage } from '../lib/storage';
import type { Db } from '../db/client';
import { kycDecisions, kycDocuments, kycVerifications, users } from '../db/schema';

const DAY = 24 * 60 * 60 * 1000;

/** A document-like picture without text (no fonts needed): a card with a photo box and lines. */
function drawCard(background: string, photo: boolean): Promise<Buffer> {
  const lines = Array.from(
    { length: 5 },
    (_, i) =>
      `<rect x="${photo ? 300 : 60}" y="${120 + i * 60}" width="${380 - i * 40}" height="18" rx="9" fill="#33415588"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="760" height="480">
    <rect width="760" height="480" rx="28" fill="${background}"/>
    <rect x="0" y="0" width="760" height="70" rx="28" fill="#1e3a5f"/>
    ${photo ? '<rect x="60" y="110" width="200" height="260" rx="12" fill="#cbd5e1"/><circle cx="160" cy="200" r="55" fill="#94a3b8"/><rect x="90" y="270" width="140" height="90" rx="40" fill="#94a3b8"/>' : ''}
    ${lines}
    <rect x="60" y="410" width="640" height="36" fill="#0f172a22"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

function drawSelfie(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="640">
    <rect width="480" height="640" fill="#e2e8f0"/>
    <circle cx="240" cy="250" r="120" fill="#b08968"/>
    <rect x="90" y="400" width="300" height="240" rx="120" fill="#3a5a40"/>
    <rect x="150" y="150" width="180" height="60" rx="30" fill="#3d2c23"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/**
 * The demo people's identity verifications: the verified ones were approved by the demo admin on
 * documents received outside the app; investor2 submitted an identity card and a selfie through
 * the built-in page and waits for review (its documents are drawn and stored encrypted).
 */
export async function seedDemoKyc(
  db: Db,
  options: { storage: FileStorage; key: Buffer; now?: Date },
): Promise<void> {
  const now = options.now ?? new Date();
  const people = await db
    .select({ id: users.id, email: users.email, kycStatus: users.kycStatus })
    .from(users)
    .where(inArray(users.kycStatus, ['complete', 'pending']));
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@afrivest.test'));
  const files: { path: string; bytes: Buffer }[] = [];

  await db.transaction(async (tx) => {
    for (const person of people) {
      if (person.kycStatus === 'complete') {
        const [verification] = await tx
          .insert(kycVerifications)
          .values({
            userId: person.id,
            provider: 'manual',
            status: 'complete',
            decidedAt: new Date(now.getTime() - 60 * DAY),
            decidedBy: admin?.id ?? null,
            createdAt: new Date(now.getTime() - 61 * DAY),
          })
          .returning();
        await tx.insert(kycDecisions).values({
          verificationId: verification!.id,
          status: 'complete',
          reason: 'Demo: documents checked.',
          decidedBy: admin?.id ?? null,
          source: 'admin',
          decidedAt: verification!.decidedAt!,
        });
        continue;
      }
      const [verification] = await tx
        .insert(kycVerifications)
        .values({
          userId: person.id,
          provider: 'builtin',
          status: 'pending',
          documentType: 'id_card',
          dateOfBirth: '1988-06-14',
          nationality: 'FI',
          address: 'Mannerheimintie 20, 00100 Helsinki',
          submittedAt: new Date(now.getTime() - 2 * DAY),
          createdAt: new Date(now.getTime() - 2 * DAY),
        })
        .returning();
      const documents = [
        { kind: 'documentFront', mimeType: 'image/png', bytes: await drawCard('#dbeafe', true) },
        { kind: 'documentBack', mimeType: 'image/png', bytes: await drawCard('#e0f2fe', false) },
        { kind: 'selfie', mimeType: 'image/jpeg', bytes: await drawSelfie() },
      ];
      for (const doc of documents) {
        const [row] = await tx
          .insert(kycDocuments)
          .values({
            verificationId: verification!.id,
            kind: doc.kind,
            storagePath: 'pending',
            mimeType: doc.mimeType,
            sizeBytes: doc.bytes.length,
            createdAt: verification!.submittedAt!,
          })
          .returning({ id: kycDocuments.id });
        const storagePath = `kyc/${verification!.id}/${row!.id}.bin`;
        await tx.update(kycDocuments).set({ storagePath }).where(eq(kycDocuments.id, row!.id));
        files.push({ path: storagePath, bytes: encryptDocument(options.key, doc.bytes) });
      }
    }
  });

  for (const file of files) {
    await options.storage.put(privateKey(file.path), file.bytes, { private: true });
  }
}
