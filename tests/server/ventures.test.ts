import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { investments, ventures } from '../../src-server/db/schema';
import {
  escrowAccountId,
  postTransaction,
  userAccountId,
  externalAccountId,
} from '../../src-server/modules/ledger/service';
import { testContext, type SignedIn, type TestContext } from './context';
import { giveKiis } from './kiis-helpers';
import { multipart } from './multipart';
import { IMAGE_VARIANT_WIDTHS, imageVariantPath, imageVariantSrcSet } from '../../src-shared/images/variants';

let t: TestContext;
let owner: SignedIn;
let admin: SignedIn;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await testContext();
  owner = await t.injectAs('corporate', { firstName: 'Olu', lastName: 'Owner' });
  admin = await t.injectAs('admin');
});

const validBody = (overrides: Record<string, unknown> = {}) => ({
  title: '  Solar Kiosks  ',
  shortDescription: 'Kiosks that sell solar power.',
  longDescription: 'A long description.',
  collateralDescription: 'Equipment charge.',
  country: 'ke',
  ventureType: 'business',
  targetAmount: 50000,
  expectedReturn: 12.5,
  investmentPeriod: 24,
  closingDate: new Date(Date.now() + 30 * DAY).toISOString(),
  minInvestmentAmount: 50,
  maxInvestmentAmount: 5000,
  collateralValue: 70000,
  loanToValue: 71.43,
  tags: [' solar ', 'energy', '', 'solar'],
  ...overrides,
});

async function create(overrides: Record<string, unknown> = {}, as: SignedIn = owner) {
  const res = await as.inject({ method: 'POST', url: '/api/ventures', payload: validBody(overrides) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { _id: string } & Record<string, unknown>;
}

/** Submitted with a complete key investment information sheet (approval needs one), then approved. */
async function approve(id: string, visibility: 'public' | 'private' | 'draft' = 'public') {
  await owner.inject({ method: 'PATCH', url: `/api/ventures/id/${id}`, payload: { visibility } });
  await giveKiis(t, id);
  const res = await admin.inject({
    method: 'PATCH',
    url: `/api/ventures/admin/${id}/admin-status-update`,
    payload: { adminStatus: 'approved', adminNotes: 'ok' },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

const picture = (format: 'jpeg' | 'png' | 'webp', width = 320, height = 180) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-owner-name' } } })
    .toFormat(format)
    .toBuffer();

const upload = (id: string, files: Parameters<typeof multipart>[0], as: SignedIn = owner) => {
  const { payload, headers } = multipart(files);
  return as.inject({ method: 'PATCH', url: `/api/ventures/id/${id}/upload-image`, payload, headers });
};

describe('POST /api/ventures', () => {
  it('creates a draft, coming-soon venture awaiting review, whatever the body says', async () => {
    const res = await owner.inject({
      method: 'POST',
      url: '/api/ventures',
      payload: {
        ...validBody(),
        visibility: 'public',
        lifecycleStatus: 'new',
        adminStatus: 'approved',
        amountFunded: 999,
        dateIssued: null,
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Venture created!');
    expect(res.json().data).toMatchObject({
      title: 'Solar Kiosks',
      country: 'KE',
      riskLevel: 'medium',
      visibility: 'draft',
      lifecycleStatus: 'coming-soon',
      adminStatus: 'pending',
      amountFunded: 0,
      targetAmount: 50000,
      expectedReturn: 12.5,
      tags: ['solar', 'energy'],
      isConvertible: false,
      goesLiveAt: null,
      createdBy: { firstName: 'Olu', lastName: 'Owner' },
    });
  });

  it.each([
    ['targetAmount', 'Target Amount is required'],
    ['shortDescription', 'Short Description is required'],
    ['minInvestmentAmount', 'Min Investment Amount is required'],
    ['closingDate', 'Closing Date is required'],
    ['ventureType', 'Venture Type is required'],
  ])('refuses a missing %s with "%s"', async (field, message) => {
    const res = await owner.inject({
      method: 'POST',
      url: '/api/ventures',
      payload: validBody({ [field]: undefined }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });

  it.each([
    [{ minInvestmentAmount: 29.99 }, 'minInvestmentAmount', 'Min Investment Amount must be at least €30.00'],
    [
      { minInvestmentAmount: 6000 },
      'maxInvestmentAmount',
      'Max Investment Amount must be at least the Min Investment Amount',
    ],
    [
      { maxInvestmentAmount: 60000 },
      'maxInvestmentAmount',
      'Max Investment Amount must be at most the Target Amount',
    ],
    [{ targetAmount: 0 }, 'targetAmount', 'Target Amount must be more than 0'],
    [{ expectedReturn: 0 }, 'expectedReturn', 'Expected Return must be more than 0 and at most 100'],
    [{ expectedReturn: 100.5 }, 'expectedReturn', 'Expected Return must be more than 0 and at most 100'],
    [{ investmentPeriod: 361 }, 'investmentPeriod', 'Investment Period must be 1 to 360 months'],
    [{ investmentPeriod: 1.5 }, 'investmentPeriod', 'Investment Period must be a whole number of months'],
    [{ loanToValue: 101 }, 'loanToValue', 'Loan To Value must be 0 to 100'],
    [
      { closingDate: new Date(Date.now() - DAY).toISOString() },
      'closingDate',
      'Closing Date must be in the future',
    ],
    [{ closingDate: 'next tuesday' }, 'closingDate', 'Closing Date must be a date'],
    [{ targetAmount: 100.123 }, 'targetAmount', 'Target Amount must have at most two decimals'],
    [{ targetAmount: '50000' }, 'targetAmount', 'Target Amount must be a number'],
    [{ country: 'DE' }, 'country', 'Country must be one of the African countries of the list'],
    [{ tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'tags', 'At most 20 tags'],
    [{ tags: ['x'.repeat(33)] }, 'tags.0', 'A tag has at most 32 characters'],
  ])('refuses %o', async (change, field, message) => {
    const res = await owner.inject({ method: 'POST', url: '/api/ventures', payload: validBody(change) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });

  it('is for corporates only', async () => {
    const investor = await t.injectAs('user');
    expect(
      (await investor.inject({ method: 'POST', url: '/api/ventures', payload: validBody() })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/ventures', payload: validBody() })).statusCode,
    ).toBe(401);
  });
});

describe('review and visibility', () => {
  it('approving puts a coming-soon venture live (new) and sets goesLiveAt; other statuses do not', async () => {
    const v = await create();
    await giveKiis(t, v._id);
    const review = (adminStatus: string) =>
      admin.inject({
        method: 'PATCH',
        url: `/api/ventures/admin/${v._id}/admin-status-update`,
        payload: { adminStatus, adminNotes: `now ${adminStatus}` },
      });
    const underReview = (await review('under-review')).json().data;
    expect(underReview).toMatchObject({
      adminStatus: 'under-review',
      lifecycleStatus: 'coming-soon',
      goesLiveAt: null,
      adminNotes: 'now under-review',
    });
    expect(underReview.adminReviewedAt).not.toBeNull();
    const approved = (await review('approved')).json();
    expect(approved.message).toBe('Updated successfully');
    expect(approved.data).toMatchObject({ adminStatus: 'approved', lifecycleStatus: 'new' });
    expect(approved.data.goesLiveAt).not.toBeNull();
    const again = (await review('approved')).json().data;
    expect(again.goesLiveAt).toBe(approved.data.goesLiveAt);
    expect((await review('rejected')).json().data.adminStatus).toBe('rejected');
    const bad = await review('maybe');
    expect(bad.statusCode).toBe(400);
    expect(
      (
        await owner.inject({
          method: 'PATCH',
          url: `/api/ventures/admin/${v._id}/admin-status-update`,
          payload: { adminStatus: 'approved' },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('shows each visibility to the right people', async () => {
    const stranger = await t.injectAs('corporate');
    const cases: [string, 'public' | 'private' | 'draft', boolean, boolean][] = [
      ['public approved', 'public', true, true],
      ['private approved', 'private', true, false],
      ['draft approved', 'draft', false, false],
    ];
    for (const [, visibility, reachable, listed] of cases) {
      const v = await create({ title: `Visibility ${visibility}` });
      // An approved venture cannot go back to draft (409): the draft case is one approved as a draft.
      await approve(v._id, visibility);
      const url = `/api/ventures/id/${v._id}`;
      expect((await t.app.inject({ method: 'GET', url })).statusCode, visibility).toBe(reachable ? 200 : 404);
      expect((await stranger.inject({ method: 'GET', url })).statusCode).toBe(reachable ? 200 : 404);
      expect((await owner.inject({ method: 'GET', url })).statusCode).toBe(200);
      expect((await admin.inject({ method: 'GET', url })).statusCode).toBe(200);
      const list = (
        await t.app.inject({
          method: 'GET',
          url: `/api/ventures?search=${encodeURIComponent(`Visibility ${visibility}`)}`,
        })
      ).json();
      expect(list.data.length, visibility).toBe(listed ? 1 : 0);
    }
  });

  it('lets only the owner and admins edit; others get 404', async () => {
    const v = await create();
    const stranger = await t.injectAs('corporate');
    const res = await stranger.inject({
      method: 'PATCH',
      url: `/api/ventures/id/${v._id}`,
      payload: { title: 'Mine now' },
    });
    expect(res.statusCode).toBe(404);
    const byAdmin = await admin.inject({
      method: 'PATCH',
      url: `/api/ventures/id/${v._id}`,
      payload: { title: 'Fixed by admin' },
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toMatchObject({
      message: 'Updated successfully',
      data: { title: 'Fixed by admin' },
    });
    const investor = await t.injectAs('user');
    expect(
      (await investor.inject({ method: 'PATCH', url: `/api/ventures/id/${v._id}`, payload: { title: 'x' } }))
        .statusCode,
    ).toBe(403);
  });
});

describe('PATCH /api/ventures/id/:id', () => {
  it('validates the fields sent against the values the venture will have', async () => {
    const v = await create();
    const res = await owner.inject({
      method: 'PATCH',
      url: `/api/ventures/id/${v._id}`,
      payload: { maxInvestmentAmount: 60 },
    });
    expect(res.statusCode).toBe(200);
    const bad = await owner.inject({
      method: 'PATCH',
      url: `/api/ventures/id/${v._id}`,
      payload: { minInvestmentAmount: 61 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.maxInvestmentAmount).toBe(
      'Max Investment Amount must be at least the Min Investment Amount',
    );
    const empty = await owner.inject({
      method: 'PATCH',
      url: `/api/ventures/id/${v._id}`,
      payload: { title: '  ' },
    });
    expect(empty.json().errors.title).toBe('Title is required');
    const readOnly = await owner.inject({
      method: 'PATCH',
      url: `/api/ventures/id/${v._id}`,
      payload: {
        adminStatus: 'approved',
        amountFunded: 5000,
        images: ['/etc/passwd'],
        shortDescription: 'New text',
      },
    });
    expect(readOnly.json().data).toMatchObject({
      adminStatus: 'pending',
      amountFunded: 0,
      images: [],
      shortDescription: 'New text',
    });
  });

  it('freezes the money terms of an approved venture with investments (409), texts still proposed', async () => {
    // The loan-to-value is computed from these (decision 0202): none sent.
    const v = await create({ targetAmount: 1000, maxInvestmentAmount: 1000, loanToValue: undefined });
    await approve(v._id);
    const investor = await t.createUser({ kycStatus: 'complete' });
    await t.database.db.transaction(async (tx) => {
      const account = await userAccountId(tx, investor.id);
      const external = await externalAccountId(tx);
      await postTransaction(tx, {
        kind: 'deposit',
        note: 'Test deposit',
        entries: [
          { accountId: external, amountCents: -10000n },
          { accountId: account, amountCents: 10000n },
        ],
      });
      const escrow = await escrowAccountId(tx, v._id);
      const txId = await postTransaction(tx, {
        kind: 'investment',
        note: 'Test investment',
        ventureId: v._id,
        entries: [
          { accountId: account, amountCents: -10000n },
          { accountId: escrow, amountCents: 10000n },
        ],
      });
      await tx.insert(investments).values({
        ventureId: v._id,
        userId: investor.id,
        amountCents: 10000n,
        totalExpectedReturnCents: 2500n,
        ledgerTransactionId: txId,
      });
      await tx
        .update(ventures)
        .set({ amountFundedCents: 10000n })
        .where((await import('drizzle-orm')).eq(ventures.id, v._id));
    });
    const frozen = await owner.inject({
      method: 'PATCH',
      url: `/api/ventures/id/${v._id}`,
      payload: { targetAmount: 2000 },
    });
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json()).toEqual({
      message: 'This venture already has investments: only its texts, tags and images can change now.',
      code: 'venture.frozen_terms',
    });
    const texts = await owner.inject({
      method: 'PATCH',
      url: `/api/ventures/id/${v._id}`,
      payload: { title: 'Still editable', tags: ['new'] },
    });
    expect(texts.statusCode).toBe(200);
    // Approved: the texts wait for review (decision 0127, tests/server/venture-revisions.test.ts).
    expect(texts.json().data).toMatchObject({
      pendingChanges: { title: 'Still editable', tags: ['new'] },
      targetAmount: 1000,
    });
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '..%2F..%2Fetc']) {
      const res = await owner.inject({
        method: 'PATCH',
        url: `/api/ventures/id/${id}`,
        payload: { title: 'x' },
      });
      expect(res.statusCode, id).toBe(404);
    }
  });
});

describe('images', () => {
  it('re-encodes JPEG, PNG and WebP to JPEG without metadata, under uploads/ventures/{id}/', async () => {
    const v = await create();
    const res = await upload(v._id, [
      { filename: 'a.jpg', content: await picture('jpeg') },
      { filename: 'b.png', content: await picture('png'), type: 'image/png' },
      { filename: 'c.webp', content: await picture('webp', 4000, 3000), type: 'image/webp' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Images uploaded.');
    const images: string[] = res.json().images;
    expect(images).toHaveLength(3);
    for (const path of images) {
      expect(path).toMatch(new RegExp(`^/uploads/ventures/${v._id}/[0-9a-f-]{36}\\.jpg$`));
      const meta = await sharp(join(t.dataDir, path)).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.exif).toBeUndefined();
      expect(meta.width).toBeLessThanOrEqual(1920);
    }
    expect((await sharp(join(t.dataDir, images[2]!)).metadata()).width).toBe(1440); // 4000x3000 fitted into 1920x1080
    const served = await t.app.inject({
      method: 'GET',
      url: `/api/ventures/id/${v._id}`,
      headers: { cookie: owner.cookie },
    });
    expect(served.json().data.images).toEqual(images);
  });

  it('writes WebP copies at 480, 960 and 1440 px beside each JPEG, never wider than it, served for a year', async () => {
    const v = await create();
    const res = await upload(v._id, [
      { filename: 'wide.jpg', content: await picture('jpeg', 3200, 1800) },
      { filename: 'small.png', content: await picture('png', 800, 450), type: 'image/png' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const [wide, small] = res.json().images as string[];
    for (const [path, jpegWidth] of [
      [wide!, 1920],
      [small!, 800],
    ] as const) {
      expect(imageVariantSrcSet(path)).toBe(
        IMAGE_VARIANT_WIDTHS.map((w) => `${imageVariantPath(path, w)} ${w}w`).join(', '),
      );
      for (const width of IMAGE_VARIANT_WIDTHS) {
        const copy = await sharp(join(t.dataDir, imageVariantPath(path, width))).metadata();
        expect(copy.format).toBe('webp');
        expect(copy.width).toBe(Math.min(width, jpegWidth));
        expect(copy.exif).toBeUndefined();
      }
    }
    const served = await t.app.inject({ method: 'GET', url: imageVariantPath(wide!, 480) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const jpeg = await t.app.inject({ method: 'GET', url: wide! });
    expect(jpeg.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('makes a missing WebP copy on its first request (pictures stored before copies existed)', async () => {
    const v = await create();
    const [path] = (
      await upload(v._id, [{ filename: 'a.jpg', content: await picture('jpeg', 1600, 900) }])
    ).json().images as string[];
    const copy = imageVariantPath(path!, 960);
    rmSync(join(t.dataDir, copy));
    const first = await t.app.inject({ method: 'GET', url: copy });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(first.rawPayload).metadata()).width).toBe(960);
    expect(existsSync(join(t.dataDir, copy))).toBe(true);
    // Only a copy's name at a known width, of a JPEG that exists, is made; nothing else.
    for (const url of [
      path!.replace('.jpg', '-500w.webp'),
      path!.replace(/[^/]+\.jpg$/, 'no-such-picture-480w.webp'),
      `/uploads/ventures/${v._id}/..%2F..%2Fsecret-480w.webp`,
      `/uploads/ventures/../${v._id}/${copy.split('/').pop()}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('refuses a text file named .jpg and a renamed PNG is judged by its bytes', async () => {
    const v = await create();
    const text = await upload(v._id, [
      { filename: 'photo.jpg', content: Buffer.from('not an image at all') },
    ]);
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe('photo.jpg is not a JPEG, PNG or WebP image.');
    const renamed = await upload(v._id, [
      { filename: 'photo.gif', content: await picture('png'), type: 'image/gif' },
    ]);
    expect(renamed.statusCode).toBe(200);
  });

  it('refuses a file over 10 MB with 413 and changes nothing', async () => {
    const v = await create();
    const big = Buffer.concat([await picture('jpeg'), Buffer.alloc(12 * 1024 * 1024, 1)]);
    const res = await upload(v._id, [{ filename: 'big.jpg', content: big }]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The file is too large.', code: 'common.file_too_large' });
    expect(existsSync(join(t.dataDir, 'uploads', 'ventures', v._id))).toBe(false);
  });

  it('refuses a fifth image', async () => {
    const v = await create();
    const four = await Promise.all([1, 2, 3, 4].map(() => picture('jpeg')));
    expect(
      (
        await upload(
          v._id,
          four.map((content, i) => ({ filename: `${i}.jpg`, content })),
        )
      ).statusCode,
    ).toBe(200);
    const fifth = await upload(v._id, [{ filename: '5.jpg', content: await picture('jpeg') }]);
    expect(fifth.statusCode).toBe(400);
    expect(fifth.json()).toEqual({
      message: 'You can only upload up to 4 images.',
      code: 'venture.too_many_images',
    });
  });

  it('refuses a decompression bomb (a small PNG of 48 megapixels)', async () => {
    const v = await create();
    const bomb = await sharp({
      create: { width: 8000, height: 6000, channels: 3, background: { r: 0, g: 0, b: 0 } },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const res = await upload(v._id, [{ filename: 'bomb.png', content: bomb, type: 'image/png' }]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      message: 'The image is too large (at most 40 megapixels).',
      code: 'venture.image_too_large',
    });
  });

  it("deletes only an image of that venture: no '../', no other venture's path", async () => {
    const v = await create();
    const other = await create();
    const [mine] = (await upload(v._id, [{ filename: 'a.jpg', content: await picture('jpeg') }])).json()
      .images;
    const [theirs] = (await upload(other._id, [{ filename: 'b.jpg', content: await picture('jpeg') }])).json()
      .images;
    const del = (imageUrl: string, id = v._id) =>
      owner.inject({ method: 'PATCH', url: `/api/ventures/${id}/delete-image`, payload: { imageUrl } });
    for (const bad of [
      `/uploads/ventures/${v._id}/../${other._id}/${theirs.split('/').pop()}`,
      '../../../etc/passwd',
      theirs,
    ]) {
      const res = await del(bad);
      expect(res.statusCode, bad).toBe(404);
      expect(res.json()).toEqual({
        message: 'This venture has no such image.',
        code: 'venture.no_such_image',
      });
    }
    expect(existsSync(join(t.dataDir, theirs))).toBe(true);
    const ok = await del(mine);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Image deleted.', images: [] });
    expect(existsSync(join(t.dataDir, mine))).toBe(false);
    for (const width of IMAGE_VARIANT_WIDTHS) {
      expect(existsSync(join(t.dataDir, imageVariantPath(mine, width)))).toBe(false);
    }
    const stranger = await t.injectAs('corporate');
    expect(
      (
        await stranger.inject({
          method: 'PATCH',
          url: `/api/ventures/${other._id}/delete-image`,
          payload: { imageUrl: theirs },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('lists', () => {
  it('my-ventures lists only the caller’s own ventures', async () => {
    const mine = await t.injectAs('corporate');
    const a = await create({ title: 'Mine A' }, mine);
    const b = await create({ title: 'Mine B' }, mine);
    const res = await mine.inject({ method: 'GET', url: '/api/ventures/my-ventures' });
    expect(res.json().data.map((v: { _id: string }) => v._id)).toEqual([b._id, a._id]);
    expect((await admin.inject({ method: 'GET', url: '/api/ventures/my-ventures' })).statusCode).toBe(403);
  });

  it('admin-get-all lists every venture with the admin filters', async () => {
    const v = await create({ title: 'Admin filter target', ventureType: 'leasing' });
    const res = await admin.inject({
      method: 'GET',
      url: '/api/ventures/admin-get-all?adminStatus=pending&ventureType=leasing&search=admin%20filter',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((x: { _id: string }) => x._id)).toEqual([v._id]);
    expect(res.json().pagination).toMatchObject({ page: 1, limit: 10, total: 1, totalPages: 1 });
    expect((await owner.inject({ method: 'GET', url: '/api/ventures/admin-get-all' })).statusCode).toBe(403);
    expect(
      (await admin.inject({ method: 'GET', url: '/api/ventures/admin-get-all?visibility=secret' }))
        .statusCode,
    ).toBe(400);
  });
});
