/**
 * The back-office dataProvider: react-admin's verbs mapped onto the API's own paths through the one
 * typed client (src-shared/api/http.ts). Each resource is a table of handlers in providers/resources/,
 * whose header lists its verbs and HTTP calls; TABLES below says which resources each app serves.
 * A path, query or body the server does not serve fails `tsc`.
 *
 * - getMany is one getOne per id (where getOne exists); getManyReference is the resource's getList
 *   with the reference as one more filter; updateMany is one update per id. Every other verb rejects
 *   with an Error naming the verb and the resource.
 * - Pagination: react-admin's page/perPage become page/limit, limit clamped to 1..100 (mapping.ts); a
 *   larger page (the CSV export) is read page by page (allPages.ts). Filters are passed on only when
 *   the endpoint knows them and they are not empty or 'all'.
 * - Errors: every failure becomes a translated HttpError (httpError.ts).
 * - The calls that are not react-admin verbs (addBalance, closeFunding, getProfile, replyToTicket...)
 *   come from the same files (CUSTOM_CALLS below), with the same error translation.
 */
import type {
  CreateParams,
  DataProvider,
  GetListParams,
  GetManyParams,
  GetManyReferenceParams,
  GetOneParams,
  RaRecord,
  UpdateManyParams,
  UpdateParams,
} from 'react-admin';
import { api, type ApiClient } from '../../src-shared/api/http';
import { getAllPages } from './allPages';
import type { BackofficeApp } from './canAccess';
import { ENGLISH, toHttpError, type ErrorTranslator } from './httpError';
import type { ResourceContext, ResourceHandlers, ResourceTable } from './mapping';
import { audit } from './resources/audit';
import { addBalance, balances } from './resources/balances';
import { balanceHistories } from './resources/balanceHistories';
import { investments } from './resources/investments';
import { kiisCalls } from './resources/kiis';
import { kyc, kycDocument, verificationCalls } from './resources/kyc';
import { mails } from './resources/mails';
import { overviewCalls } from './resources/overview';
import {
  adminPaymentCalls,
  adminWithdrawals,
  myWithdrawals,
  ownPaymentCalls,
  statementEntries,
  withdrawalExports,
} from './resources/payments';
import { profileCalls } from './resources/profile';
import { protection, protectionCalls } from './resources/protection';
import { servicing, servicingCalls } from './resources/servicing';
import { adminTickets, corporateTickets, ticketCalls } from './resources/tickets';
import { users } from './resources/users';
import {
  adminVentures,
  corporateVentures,
  ownVentureCalls,
  ventureImageCalls,
  ventureMoneyCalls,
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
export { API_MAX_LIMIT, getAllPages } from './allPages';
export { toHttpError, type ErrorTranslator } from './httpError';
export type { AddBalanceInput } from './resources/balances';
export { kiisPdfUrl, type KiisDraft, type KiisFieldsBody, type KiisState } from './resources/kiis';

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
    servicing: servicing(ctx),
    protection: protection(ctx),
    audit: audit(ctx),
    withdrawals: adminWithdrawals(ctx),
    'withdrawal-exports': withdrawalExports(ctx),
    'bank-statement-entries': statementEntries(ctx),
  }),
  corporate: (ctx) => ({
    ventures: corporateVentures(ctx),
    tickets: corporateTickets(ctx),
    withdrawals: myWithdrawals(ctx),
  }),
};

/**
 * The dataProvider's own calls beyond react-admin's verbs, each documented where it is written (the
 * server refuses the ones an account's role may not make).
 */
const CUSTOM_CALLS = (ctx: ResourceContext) => ({
  addBalance: addBalance(ctx),
  getKycDocument: kycDocument(ctx),
  ...profileCalls(ctx),
  ...verificationCalls(ctx),
  ...overviewCalls(ctx),
  ...ventureMoneyCalls(ctx),
  ...servicingCalls(ctx),
  ...ventureImageCalls(ctx),
  ...ownVentureCalls(ctx),
  ...kiisCalls(ctx),
  ...ticketCalls(ctx),
  ...protectionCalls(ctx),
  ...adminPaymentCalls(ctx),
  ...ownPaymentCalls(ctx),
});

type CustomCalls = ReturnType<typeof CUSTOM_CALLS>;

/** The verbs each resource of an app serves (getMany comes with getOne): for the real-server test. */
export function resourceVerbs(app: BackofficeApp): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [resource, handlers] of Object.entries(TABLES[app]({ client: api }))) {
    const verbs = Object.keys(handlers);
    out[resource] = handlers.getOne ? [...verbs, 'getMany'] : verbs;
  }
  return out;
}

/** react-admin's verbs and the custom calls (useDataProvider<BackofficeDataProvider>() reaches both). */
export interface BackofficeDataProvider extends DataProvider, CustomCalls {}

export interface DataProviderOptions {
  app: BackofficeApp;
  /** The typed client; the page's own (`api`) by default. Tests pass one against a real server. */
  client?: ApiClient;
  /** The back office's i18next instance (errors are translated in its current language). */
  i18n?: ErrorTranslator;
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
  /** Each custom call, its failure translated as a verb's. */
  const custom = Object.fromEntries(
    Object.entries(CUSTOM_CALLS(ctx)).map(([name, fn]) => [
      name,
      (...args: unknown[]) => run(() => (fn as (...a: unknown[]) => Promise<unknown>)(...args)),
    ]),
  ) as CustomCalls;

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

    ...custom,
  };

  // The verbs above are typed for any record; react-admin's generic signatures cannot express that.
  return provider as unknown as BackofficeDataProvider;
}
