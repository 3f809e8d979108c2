/**
 * ventures: the admin console reviews every venture; a corporate account writes its own.
 * Records carry `_id` (API contract) and `id` for react-admin.
 *
 * | app | verb | HTTP call |
 * |---|---|---|
 * | admin | getList | GET /api/ventures/admin-get-all?search&lifecycleStatus&ventureType&adminStatus&visibility&riskLevel&country&submitted&sortBy&order&page&limit |
 * | admin | getOne | GET /api/ventures/id/{ventureId} |
 * | admin | update | PATCH /api/ventures/admin/{ventureId}/admin-status-update { adminStatus, adminNotes } |
 * | admin | closeFunding(id) | POST /api/ventures/admin/{ventureId}/close-funding |
 * | admin | cancelVenture(id, reason) | POST /api/ventures/admin/{ventureId}/cancel { reason } |
 * | admin | recordRepayment(id, { amount, note }, idempotencyKey) | POST /api/ventures/admin/{ventureId}/repayments, header Idempotency-Key (answers the allocation, fee and credits) |
 * | admin | getVentureInvestments(id) | GET /api/investments/admin?ventureId&page&limit=100, every page |
 * | corporate | getList | GET /api/ventures/my-ventures (sorted and paginated here) |
 * | corporate | getOne | GET /api/ventures/my-ventures/{ventureId} (own ventures only: 404 for another company's) |
 * | corporate | getMyVentureInvestments(id) | GET /api/ventures/my-ventures/{ventureId}/investments (amounts and dates, no investor) |
 * | corporate | getVentureSchedule(id) | GET /api/ventures/{ventureId}/schedule (404 `servicing.no_loan` before the loan starts) |
 * | corporate | repayVenture(id, amount, idempotencyKey) | POST /api/ventures/my-ventures/{ventureId}/repay { amount }, header Idempotency-Key |
 * | corporate | getMyBalance() | GET /api/balances/my-balance |
 * | corporate | create | POST /api/ventures { writable fields, lifecycleStatus, visibility, dateIssued: null } |
 * | corporate | update | PATCH /api/ventures/id/{ventureId} { changed writable fields } |
 * | corporate | uploadVentureImage(id, image, onProgress) | PATCH /api/ventures/id/{ventureId}/upload-image (multipart field `images`; progress through XMLHttpRequest) |
 * | corporate | deleteVentureImage(id, imageUrl) | PATCH /api/ventures/{ventureId}/delete-image { imageUrl } |
 */
import type { GetOneParams, Identifier } from 'react-admin';
import { api, call } from '../../../src-shared/api/http';
import type { JsonBody, Query, RequestBody } from '../../../src-shared/api/types';
import {
  changedFields,
  listQuery,
  idParam,
  listResult,
  pick,
  sortAndPaginate,
  updatedRecord,
  VENTURE_WRITABLE_FIELDS,
  withId,
  type ResourceContext,
  type ResourceHandlers,
} from '../mapping';
import { xhrFetch, type UploadProgress } from '../xhrFetch';

type AdminVentureQuery = Query<'/api/ventures/admin-get-all'>;
type ReviewBody = RequestBody<'/api/ventures/admin/{ventureId}/admin-status-update', 'patch'>;
type CreateBody = RequestBody<'/api/ventures', 'post'>;
type UpdateBody = RequestBody<'/api/ventures/id/{ventureId}', 'patch'>;
export type RepaymentInput = RequestBody<'/api/ventures/admin/{ventureId}/repayments', 'post'>;
export type RepaymentAnswer = JsonBody<'/api/ventures/admin/{ventureId}/repayments', 'post'>;
export type VentureMoneyAnswer = JsonBody<'/api/ventures/admin/{ventureId}/close-funding', 'post'>;
export type VentureInvestment = JsonBody<'/api/investments/admin'>['data'][number] & { id: string };
/** `{ message, images }`: the venture's images (relative paths) after the change. */
export type VentureImagesAnswer = JsonBody<'/api/ventures/id/{ventureId}/upload-image', 'patch'>;
export type OwnVentureInvestments = JsonBody<'/api/ventures/my-ventures/{ventureId}/investments'>;
export type VentureSchedule = JsonBody<'/api/ventures/{ventureId}/schedule'>['data'];
export type CompanyPaymentAnswer = JsonBody<'/api/ventures/my-ventures/{ventureId}/repay', 'post', 201>;
export type MyBalance = JsonBody<'/api/balances/my-balance'>;

/** The columns the admin list sorts by on the server (react-admin's sort field -> sortBy). */
const ADMIN_SORT_FIELDS = [
  'createdAt',
  'closingDate',
  'expectedReturn',
  'targetAmount',
  'amountFunded',
  'title',
  'adminStatus',
  'lifecycleStatus',
] as const satisfies ReadonlyArray<NonNullable<AdminVentureQuery['sortBy']>>;

const ADMIN_FILTERS = [
  'search',
  'lifecycleStatus',
  'ventureType',
  'adminStatus',
  'visibility',
  'riskLevel',
  'country',
  'submitted',
  'hasRevision',
] as const satisfies ReadonlyArray<keyof AdminVentureQuery>;

function ventureGetOne({ client }: ResourceContext) {
  return async ({ id }: GetOneParams) => {
    const { data } = await call(
      client.GET('/api/ventures/id/{ventureId}', { params: { path: { ventureId: idParam(id) } } }),
    );
    return { data: withId(data) };
  };
}

export function adminVentures(ctx: ResourceContext): ResourceHandlers {
  const { client } = ctx;
  return {
    getList: async (params) => {
      const query = listQuery<AdminVentureQuery>(params, ADMIN_FILTERS, ADMIN_SORT_FIELDS);
      const answer = await call(client.GET('/api/ventures/admin-get-all', { params: { query } }));
      return listResult(answer.data, answer.pagination, withId);
    },
    getOne: ventureGetOne(ctx),
    update: async (params) => {
      const { adminStatus, adminNotes, revision } = params.data as Partial<ReviewBody>;
      const answer = await call(
        client.PATCH('/api/ventures/admin/{ventureId}/admin-status-update', {
          params: { path: { ventureId: idParam(params.id) } },
          body: {
            adminStatus: adminStatus as ReviewBody['adminStatus'],
            adminNotes: adminNotes ?? '',
            // Decides the waiting revision (decision 0127); the venture stays approved.
            ...(revision && { revision }),
          },
        }),
      );
      return { data: updatedRecord(answer, params) };
    },
  };
}

/** The admin's calls on a venture's money (each one ledger transaction on the server). */
export function ventureMoneyCalls({ client }: ResourceContext) {
  const path = (id: Identifier) => ({ path: { ventureId: idParam(id) } });
  return {
    /** Every investment of the venture (all pages): what the money dialogs count and split. */
    getVentureInvestments: async (id: Identifier): Promise<VentureInvestment[]> => {
      const rows: VentureInvestment[] = [];
      for (let page = 1; page <= 1000; page += 1) {
        const answer = await call(
          client.GET('/api/investments/admin', {
            params: { query: { ventureId: idParam(id), page, limit: 100 } },
          }),
        );
        rows.push(...answer.data.map((row) => ({ ...row, id: row._id })));
        if (answer.data.length === 0 || page >= answer.pagination.totalPages) break;
      }
      return rows;
    },
    closeFunding: (id: Identifier): Promise<VentureMoneyAnswer> =>
      call(client.POST('/api/ventures/admin/{ventureId}/close-funding', { params: path(id) })),
    cancelVenture: (id: Identifier, reason: string): Promise<VentureMoneyAnswer> =>
      call(
        client.POST('/api/ventures/admin/{ventureId}/cancel', {
          params: path(id),
          body: { reason: reason.trim() },
        }),
      ),
    /** One key per dialog opening: a second click (or a retry) with the same key repays once. */
    recordRepayment: (
      id: Identifier,
      input: RepaymentInput,
      idempotencyKey: string,
    ): Promise<RepaymentAnswer> =>
      call(
        client.POST('/api/ventures/admin/{ventureId}/repayments', {
          params: path(id),
          body: { amount: Number(input.amount), note: input.note?.trim() ?? '' },
          headers: { 'Idempotency-Key': idempotencyKey },
        }),
      ),
  };
}

/** A company's calls on its own ventures that are not react-admin verbs. */
export function ownVentureCalls({ client }: ResourceContext) {
  return {
    /** The venture's investments: count, amounts and dates; investors stay anonymous to the company. */
    getMyVentureInvestments: (id: Identifier): Promise<OwnVentureInvestments> =>
      call(
        client.GET('/api/ventures/my-ventures/{ventureId}/investments', {
          params: { path: { ventureId: idParam(id) } },
        }),
      ),
    /** The loan's schedule and figures once it runs. */
    getVentureSchedule: async (id: Identifier): Promise<VentureSchedule> =>
      (
        await call(
          client.GET('/api/ventures/{ventureId}/schedule', { params: { path: { ventureId: idParam(id) } } }),
        )
      ).data,
    /**
     * Pays `amount` euros of the loan from the company's balance. One key per opening of the pay
     * dialog: a second click (or a retry after a lost answer) with the same key pays once.
     */
    repayVenture: (id: Identifier, amount: number, idempotencyKey: string): Promise<CompanyPaymentAnswer> =>
      call(
        client.POST('/api/ventures/my-ventures/{ventureId}/repay', {
          params: { path: { ventureId: idParam(id) } },
          body: { amount },
          headers: { 'Idempotency-Key': idempotencyKey },
        }),
      ),
    /** The company's own balance (what a payment is taken from). */
    getMyBalance: (): Promise<MyBalance> => call(client.GET('/api/balances/my-balance')),
  };
}

export function corporateVentures(ctx: ResourceContext): ResourceHandlers {
  const { client } = ctx;
  return {
    getList: async (params) => {
      const answer = await call(client.GET('/api/ventures/my-ventures'));
      return sortAndPaginate((answer.data ?? []).map(withId), params);
    },
    // Owner-scoped: another company's venture is a 404 here even when it is public, so no corporate
    // screen (page, edit form, images) ever opens it.
    // `meta.proposed` (the edit form): the waiting revision's values over the approved ones, so the
    // form shows what the company proposed and sends only what it changes again (decision 0127).
    getOne: async ({ id, meta }: GetOneParams) => {
      const { data } = await call(
        client.GET('/api/ventures/my-ventures/{ventureId}', { params: { path: { ventureId: idParam(id) } } }),
      );
      const proposed = (meta as { proposed?: boolean } | undefined)?.proposed && data.pendingChanges;
      return { data: withId(proposed ? { ...data, ...proposed } : data) };
    },
    create: async (params) => {
      const body = {
        ...pick(params.data as Record<string, unknown>, VENTURE_WRITABLE_FIELDS),
        lifecycleStatus: 'coming-soon',
        visibility: 'draft',
        dateIssued: null,
      };
      // The form's values, normalised by ventureForm.ts; the server validates every field.
      const answer = await call(client.POST('/api/ventures', { body: body as unknown as CreateBody }));
      return { data: withId(answer.data) };
    },
    update: async (params) => {
      const body = changedFields(params.data, params.previousData, VENTURE_WRITABLE_FIELDS);
      if (Object.keys(body).length === 0) return { data: { ...params.previousData, id: params.id } };
      const answer = await call(
        client.PATCH('/api/ventures/id/{ventureId}', {
          params: { path: { ventureId: idParam(params.id) } },
          body: body as UpdateBody,
        }),
      );
      return { data: updatedRecord(answer, params) };
    },
  };
}

/** The name the uploaded picture carries (the server stores it under a name of its own). */
const UPLOAD_NAME = 'venture-image.jpg';

/** A corporate account's (or an admin's) calls on a venture's images. */
export function ventureImageCalls({ client }: ResourceContext) {
  return {
    /** Adds one picture (the cropped JPEG); `onProgress` gets the share of the body sent, 0..1. */
    uploadVentureImage: (
      id: Identifier,
      image: Blob,
      onProgress?: UploadProgress,
    ): Promise<VentureImagesAnswer> => {
      const form = new FormData();
      form.append('images', image, image instanceof File && image.name ? image.name : UPLOAD_NAME);
      // Upload progress needs XMLHttpRequest (xhrFetch.ts); only the page's own client goes through
      // it, a client given to the dataProvider (tests, another origin) keeps its own fetch.
      const withProgress = onProgress && client === api && typeof XMLHttpRequest !== 'undefined';
      return call(
        client.PATCH('/api/ventures/id/{ventureId}/upload-image', {
          params: { path: { ventureId: idParam(id) } },
          // A FormData body goes out as multipart/form-data as it is (src-shared/api/http.ts).
          body: form as never,
          ...(withProgress ? { fetch: xhrFetch(onProgress) } : {}),
        }),
      ).then((answer) => {
        onProgress?.(1);
        return answer;
      });
    },
    /** Removes one picture, named by the relative path the venture lists. */
    deleteVentureImage: (id: Identifier, imageUrl: string): Promise<VentureImagesAnswer> =>
      call(
        client.PATCH('/api/ventures/{ventureId}/delete-image', {
          params: { path: { ventureId: idParam(id) } },
          body: { imageUrl },
        }),
      ),
  };
}
