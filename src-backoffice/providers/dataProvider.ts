/**
 * The back-office dataProvider: react-admin's verbs mapped onto the API's own paths through the one
 * typed client (src-shared/api/http.ts), a table per resource in providers/resources/ (each file's
 * header has its own table). A path, query or body the server does not serve fails `tsc`.
 *
 * Admin app (`createDataProvider({ app: 'admin' })`):
 *
 * | resource | verb | HTTP call | answer |
 * |---|---|---|---|
 * | users | getList | GET /api/users?role&isActive&search&sortBy(createdAt, lastLoginAt, email, lastName, role)&order&page&limit | `users`, pagination.total |
 * | users | getOne | GET /api/users/{id} | `data` |
 * | users | update | PATCH /api/users/{id} { isActive?, role? } (changed ones only) | `data` |
 * | ventures | getList | GET /api/ventures/admin-get-all?search&lifecycleStatus&ventureType&adminStatus&visibility&riskLevel&country&sortBy&order&page&limit | `data` (_id -> id), pagination.total |
 * | ventures | getOne | GET /api/ventures/my-ventures/{ventureId} (own only, else 404) | `data` (_id -> id) |
 * | - | getMyVentureInvestments(ventureId) | GET /api/ventures/my-ventures/{ventureId}/investments | `{ data, count, total }` (no investor identity) |
 * | - | getCorporateOverview() | GET /api/dashboard/corporate | `data` (the company's figures) |
 * | ventures | update | PATCH /api/ventures/admin/{ventureId}/admin-status-update { adminStatus, adminNotes } | `data` |
 * | balances | getList | GET /api/balances?search&userId&page&limit&sortBy(updatedAt, balance)&sortOrder(asc, desc) | `data` (id = user.id) |
 * | balances | getOne | GET /api/balances?userId={id}&limit=1 (no row: 404 `user.not_found`) | `data[0]` (id = user.id) |
 * | balance-histories | getList | GET /api/balances/all-histories?search&userId&from&to&kind&sortBy(at, amount)&order&page&limit | `data` |
 * | investments | getList | GET /api/investments/admin?search&status&ventureId&userId&sortBy(investmentDate, amount, status)&order&page&limit | `data` (_id -> id) |
 * | mails | getList | GET /api/admin/mails?status&search&sortBy(createdAt, status, email, subject)&order&page&limit | `mails`, pagination.total |
 * | mails | getOne | GET /api/admin/mails/{id} (marks it read) | `data` |
 * | mails | update | PATCH /api/admin/mails/{id} { status } | `data` |
 * | kyc | getList | GET /api/kyc/admin?status&search&sortBy(submittedAt, decidedAt)&order&page&limit | `data` (id = user.id) |
 * | kyc | getOne | GET /api/kyc/admin/{userId} | `data` (id = user.id) |
 * | kyc | update | PATCH /api/kyc/admin/{userId} { status, reason } | `data` |
 * | - | getKycDocument(documentId) | GET /api/kyc/admin/documents/{documentId} | the file as a Blob |
 * | - | getVentureInvestments(ventureId) | GET /api/investments/admin?ventureId&page&limit=100 (every page) | the rows (_id -> id) |
 * | - | closeFunding(ventureId) | POST /api/ventures/admin/{ventureId}/close-funding | `{ message, data: venture }` |
 * | - | cancelVenture(ventureId, reason) | POST /api/ventures/admin/{ventureId}/cancel { reason } | `{ message, data: venture }` |
 * | - | recordRepayment(ventureId, { amount, final }, key) | POST /api/ventures/admin/{ventureId}/repayments, Idempotency-Key | `{ message, data: { credited, investors } }` |
 * | - | addBalance(userId, { amount, note, proof, idempotencyKey, onProgress }) | POST /api/balances/add-balance/{userId} (multipart, `Idempotency-Key`; upload progress through XMLHttpRequest with the page's client) | `{ message, balance }` |
 * | - | getAdminOverview() | GET /api/admin/overview | `data` (the overview's figures) |
 * | tickets | getList | GET /api/admin/tickets?status&category&search&userId&sortBy(respondBy, createdAt, updatedAt, number, status)&order&page&limit | `data` (_id -> id), pagination.total |
 * | tickets | getOne | GET /api/tickets/{id} (with the thread) | `data` (_id -> id) |
 * | tickets | update | PATCH /api/admin/tickets/{id} { status } | `data` (with the thread) |
 *
 * Corporate app (`createDataProvider({ app: 'corporate' })`):
 *
 * | resource | verb | HTTP call | answer |
 * |---|---|---|---|
 * | ventures | getList | GET /api/ventures/my-ventures (sorted and paginated here) | `data` array (_id -> id) |
 * | ventures | getOne | GET /api/ventures/my-ventures/{ventureId} (own only, else 404) | `data` (_id -> id) |
 * | - | getMyVentureInvestments(ventureId) | GET /api/ventures/my-ventures/{ventureId}/investments | `{ data, count, total }` (no investor identity) |
 * | - | getCorporateOverview() | GET /api/dashboard/corporate | `data` (the company's figures) |
 * | ventures | create | POST /api/ventures { writable fields, lifecycleStatus, visibility, dateIssued: null } | `data` |
 * | ventures | update | PATCH /api/ventures/id/{ventureId} { changed writable fields } | `data` |
 * | - | uploadVentureImage(ventureId, image, onProgress?) | PATCH /api/ventures/id/{ventureId}/upload-image (multipart field `images`, one JPEG; upload progress through XMLHttpRequest with the page's client) | `{ message, images }` |
 * | - | deleteVentureImage(ventureId, imageUrl) | PATCH /api/ventures/{ventureId}/delete-image { imageUrl } | `{ message, images }` |
 * | tickets | getList | GET /api/tickets/mine?status&page&limit (newest first) | `data` (_id -> id), pagination.total |
 * | tickets | getOne | GET /api/tickets/{id} (own only, else 404) | `data` (_id -> id) |
 * | tickets | create | POST /api/tickets { subject, category, message } | `data` (with the thread) |
 *
 * Both apps: getMany = one getOne per id (where getOne exists); getProfile -> GET /api/profile/get;
 * updateProfile -> PUT /api/profile/update; getMyVerification -> GET /api/kyc/my-verification;
 * startVerification -> POST /api/kyc/start-verification; replyToTicket(id, message) -> POST
 * /api/tickets/{id}/messages { message } (`{ message, data: ticket with thread }`). Every other verb rejects with an Error
 * naming the verb and the resource.
 *
 * Pagination: react-admin's page/perPage become page/limit, limit clamped to 1..100. Filters are
 * passed on only when the endpoint knows them and they are not empty or 'all'.
 * Errors: a failed call (ApiError) becomes react-admin's HttpError(message, status, { code, errors })
 * with the message and the field errors translated by code in the reader's language (the `errors`
 * namespace of the back office's i18next instance), so react-admin shows the message and maps
 * `errors` onto the form inputs. Nothing reads the server's English text.
 */
import {
  HttpError,
  type CreateParams,
  type DataProvider,
  type GetListParams,
  type GetListResult,
  type GetManyParams,
  type GetManyReferenceParams,
  type GetOneParams,
  type Identifier,
  type RaRecord,
  type UpdateManyParams,
  type UpdateParams,
} from 'react-admin';
import type { i18n as I18n } from 'i18next';
import { api, ApiError, type ApiClient } from '../../src-shared/api/http';
import type { MyVerification, Profile } from '../../src-shared/api/types';
import { ERROR_TEXTS, interpolate, isErrorCode, type ErrorParams } from '../../src-shared/errors';
import { translateError, translateFieldErrors } from '../../src-shared/i18n/errors';
import type { BackofficeApp } from './canAccess';
import type { ResourceContext, ResourceHandlers, ResourceTable } from './mapping';
import { addBalance, balances, type AddBalanceAnswer, type AddBalanceInput } from './resources/balances';
import { balanceHistories } from './resources/balanceHistories';
import { investments } from './resources/investments';
import { kyc, kycDocument, verificationCalls, type StartVerificationAnswer } from './resources/kyc';
import { mails } from './resources/mails';
import { overviewCalls, type AdminOverview, type CorporateOverview } from './resources/overview';
import { profileCalls, type ProfileUpdate, type ProfileUpdateAnswer } from './resources/profile';
import { adminTickets, corporateTickets, ticketCalls, type TicketReplyAnswer } from './resources/tickets';
import { users } from './resources/users';
import type { UploadProgress } from './xhrFetch';
import {
  adminVentures,
  corporateVentures,
  ownVentureCalls,
  ventureImageCalls,
  ventureMoneyCalls,
  type RepaymentAnswer,
  type RepaymentInput,
  type VentureImagesAnswer,
  type VentureInvestment,
  type VentureMoneyAnswer,
  type OwnVentureInvestments,
} from './resources/ventures';

export {
  changedFields,
  clampLimit,
  filterQuery,
  pageQuery,
  sortAndPaginate,
  VENTURE_WRITABLE_FIELDS,
  withId,
} from './mapping';
export type { AddBalanceInput } from './resources/balances';

/** The resources of each app: the tables of providers/resources/. */
const TABLES: Record<BackofficeApp, (ctx: ResourceContext) => ResourceTable> = {
  admin: (ctx) => ({
    users: users(ctx),
    ventures: adminVentures(ctx),
    balances: balances(ctx),
    'balance-histories': balanceHistories(ctx),
    investments: investments(ctx),
    mails: mails(ctx),
    kyc: kyc(ctx),
    tickets: adminTickets(ctx),
  }),
  corporate: (ctx) => ({
    ventures: corporateVentures(ctx),
    tickets: corporateTickets(ctx),
  }),
};

/** The verbs each resource of an app serves (getMany comes with getOne): for the real-server test. */
export function resourceVerbs(app: BackofficeApp): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [resource, handlers] of Object.entries(TABLES[app]({ client: api }))) {
    const verbs = Object.keys(handlers);
    out[resource] = handlers.getOne ? [...verbs, 'getMany'] : verbs;
  }
  return out;
}

export interface BackofficeDataProvider extends DataProvider {
  addBalance(userId: Identifier, input: AddBalanceInput): Promise<AddBalanceAnswer>;
  getProfile(): Promise<Profile>;
  updateProfile(data: ProfileUpdate): Promise<ProfileUpdateAnswer>;
  getMyVerification(): Promise<MyVerification>;
  startVerification(): Promise<StartVerificationAnswer>;
  /** Admin: the overview's figures. */
  getAdminOverview(): Promise<AdminOverview>;
  /** Admin: closes a venture's funding (new -> funded). */
  closeFunding(ventureId: Identifier): Promise<VentureMoneyAnswer>;
  /** Admin: cancels a venture and refunds every investor. */
  cancelVenture(ventureId: Identifier, reason: string): Promise<VentureMoneyAnswer>;
  /** Admin: records a repayment, once per idempotency key. */
  recordRepayment(
    ventureId: Identifier,
    input: RepaymentInput,
    idempotencyKey: string,
  ): Promise<RepaymentAnswer>;
  /** Admin: every investment of a venture (all pages). */
  getVentureInvestments(ventureId: Identifier): Promise<VentureInvestment[]>;
  /** Admin: an identity document's file. */
  getKycDocument(documentId: Identifier): Promise<Blob>;
  /** Corporate: adds one image (the cropped JPEG) to a venture; `onProgress` gets 0..1 of the upload. */
  uploadVentureImage(
    ventureId: Identifier,
    image: Blob,
    onProgress?: UploadProgress,
  ): Promise<VentureImagesAnswer>;
  /** Corporate: removes one image of a venture (one of the relative paths it lists). */
  deleteVentureImage(ventureId: Identifier, imageUrl: string): Promise<VentureImagesAnswer>;
  /** Corporate: the company's overview figures. */
  getCorporateOverview(): Promise<CorporateOverview>;
  /** Corporate: one own venture's investments (amounts and dates, no investor). */
  getMyVentureInvestments(ventureId: Identifier): Promise<OwnVentureInvestments>;
  /** Both: a reply in a support ticket's thread (an admin's answer e-mails the author). */
  replyToTicket(ticketId: Identifier, message: string): Promise<TicketReplyAnswer>;
}

/** What translating an error code needs of an i18next instance. */
export type ErrorTranslator = Pick<I18n, 't' | 'language'>;

/** English straight from the code table, for a provider made without the app's i18next instance. */
const ENGLISH: ErrorTranslator = {
  language: 'en',
  t: ((key: string, options?: Record<string, unknown>) =>
    isErrorCode(key)
      ? interpolate(ERROR_TEXTS[key], options as ErrorParams)
      : String(options?.defaultValue ?? key)) as unknown as I18n['t'],
};

export interface DataProviderOptions {
  app: BackofficeApp;
  /** The typed client; the page's own (`api`) by default. Tests pass one against a real server. */
  client?: ApiClient;
  /** The back office's i18next instance (errors are translated in its current language). */
  i18n?: ErrorTranslator;
}

/** A failed call as react-admin expects it: HttpError(message, status, { code, errors }), translated. */
export function toHttpError(error: unknown, i18n: ErrorTranslator = ENGLISH): unknown {
  if (!(error instanceof ApiError)) return error;
  const errors = translateFieldErrors(i18n, error);
  return new HttpError(translateError(i18n, error), error.status, {
    code: error.code,
    ...(Object.keys(errors).length > 0 ? { errors } : {}),
  });
}

/** The API's largest page (the contract clamps `limit` to 1..100). */
export const API_MAX_LIMIT = 100;

/**
 * A page larger than the API's (react-admin's CSV export asks for 1,000 rows of the current filter)
 * is read as consecutive API pages of 100 until it is full or the list ends, so an export holds every
 * row of the filter and not one page.
 */
export async function getAllPages(
  fn: (params: GetListParams) => Promise<GetListResult>,
  params: GetListParams,
): Promise<GetListResult> {
  const perPage = Number(params.pagination?.perPage ?? 10);
  const page = Math.max(1, Math.floor(Number(params.pagination?.page) || 1));
  const start = (page - 1) * perPage;
  if (!(perPage > API_MAX_LIMIT) || start % API_MAX_LIMIT !== 0) return fn(params);
  const data: RaRecord[] = [];
  let total = 0;
  for (let apiPage = start / API_MAX_LIMIT + 1; data.length < perPage; apiPage += 1) {
    const result = await fn({ ...params, pagination: { page: apiPage, perPage: API_MAX_LIMIT } });
    total = result.total ?? total;
    data.push(...result.data);
    if (result.data.length < API_MAX_LIMIT || start + data.length >= total) break;
  }
  return { data: data.slice(0, perPage), total };
}

export function createDataProvider({
  app,
  client = api,
  i18n = ENGLISH,
}: DataProviderOptions): BackofficeDataProvider {
  const ctx: ResourceContext = { client };
  const table = TABLES[app](ctx);

  /** Runs a call; its failure becomes a translated HttpError. */
  const run = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw toHttpError(error, i18n);
    }
  };

  function unsupported(verb: string, resource: string): Error {
    return new Error(`The ${app} back office does not support ${verb} on "${resource}".`);
  }

  function handler<K extends keyof ResourceHandlers>(
    resource: string,
    verb: K,
  ): NonNullable<ResourceHandlers[K]> {
    const fn = Object.prototype.hasOwnProperty.call(table, resource) ? table[resource]?.[verb] : undefined;
    if (!fn) throw unsupported(verb, resource);
    return fn;
  }

  const reject = (verb: string) => (resource: string) => Promise.reject(unsupported(verb, resource));
  const verification = verificationCalls(ctx);
  const profile = profileCalls(ctx);
  const credit = addBalance(ctx);
  const overview = overviewCalls(ctx);
  const ventureMoney = ventureMoneyCalls(ctx);
  const kycFile = kycDocument(ctx);
  const ventureImages = ventureImageCalls(ctx);
  const ownVentures = ownVentureCalls(ctx);
  const ticketReplies = ticketCalls(ctx);

  const provider = {
    getList: async (resource: string, params: GetListParams) => {
      const fn = handler(resource, 'getList');
      return run(() => getAllPages(fn, params));
    },
    getOne: async (resource: string, params: GetOneParams) => {
      const fn = handler(resource, 'getOne');
      return run(() => fn(params));
    },
    getMany: async (resource: string, params: GetManyParams) => {
      const getOne = handler(resource, 'getOne');
      const records = await run(() => Promise.all(params.ids.map((recordId) => getOne({ id: recordId }))));
      return { data: records.map((r) => r.data) };
    },
    // A related list (a person's investments, a venture's investments): the resource's own list with
    // the reference as one more filter (`{ [target]: id }`), which the list's API call must know.
    getManyReference: async (resource: string, params: GetManyReferenceParams) => {
      const fn = handler(resource, 'getList');
      const { target, id, ...list } = params;
      return run(() => getAllPages(fn, { ...list, filter: { ...list.filter, [target]: id } }));
    },
    create: async (resource: string, params: CreateParams) => {
      const fn = handler(resource, 'create');
      return run(() => fn(params));
    },
    update: async (resource: string, params: UpdateParams) => {
      const fn = handler(resource, 'update');
      return run(() => fn(params));
    },
    // Bulk actions (mark mails read): one update per record, every one through the same checks.
    updateMany: async (resource: string, params: UpdateManyParams) => {
      const fn = handler(resource, 'update');
      await run(() =>
        Promise.all(
          params.ids.map((recordId) => fn({ id: recordId, data: params.data, previousData: {} as RaRecord })),
        ),
      );
      return { data: params.ids };
    },
    delete: reject('delete'),
    deleteMany: reject('deleteMany'),

    addBalance: (userId: Identifier, input: AddBalanceInput) => run(() => credit(userId, input)),
    getProfile: () => run(profile.getProfile),
    updateProfile: (data: ProfileUpdate) => run(() => profile.updateProfile(data)),
    getMyVerification: () => run(verification.getMyVerification),
    startVerification: () => run(verification.startVerification),
    getAdminOverview: () => run(overview.getAdminOverview),
    getVentureInvestments: (id: Identifier) => run(() => ventureMoney.getVentureInvestments(id)),
    closeFunding: (id: Identifier) => run(() => ventureMoney.closeFunding(id)),
    cancelVenture: (id: Identifier, reason: string) => run(() => ventureMoney.cancelVenture(id, reason)),
    recordRepayment: (id: Identifier, input: RepaymentInput, key: string) =>
      run(() => ventureMoney.recordRepayment(id, input, key)),
    getKycDocument: (documentId: Identifier) => run(() => kycFile(documentId)),
    uploadVentureImage: (id: Identifier, image: Blob, onProgress?: UploadProgress) =>
      run(() => ventureImages.uploadVentureImage(id, image, onProgress)),
    deleteVentureImage: (id: Identifier, imageUrl: string) =>
      run(() => ventureImages.deleteVentureImage(id, imageUrl)),
    getCorporateOverview: () => run(overview.getCorporateOverview),
    getMyVentureInvestments: (id: Identifier) => run(() => ownVentures.getMyVentureInvestments(id)),
    replyToTicket: (id: Identifier, message: string) => run(() => ticketReplies.replyToTicket(id, message)),
  };

  // The verbs above are typed for any record; react-admin's generic signatures cannot express that.
  return provider as unknown as BackofficeDataProvider;
}
