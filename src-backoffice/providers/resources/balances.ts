/**
 * balances (admin): every investor's and corporate's current balance, and the add-balance form.
 *
 * | verb | HTTP call |
 * |---|---|
 * | getList | GET /api/balances?search&userId&page&limit&sortBy(updatedAt, balance)&sortOrder(asc, desc); id = user.id |
 * | getOne | GET /api/balances?userId={id}&limit=1 (404 `user.not_found` without a row); id = user.id |
 * | addBalance(userId, { amount, note, proof, idempotencyKey, onProgress }) | POST /api/balances/add-balance/{userId} (multipart, `Idempotency-Key`) |
 */
import type { Identifier } from 'react-admin';
import { api, ApiError, call, multipart } from '../../../src-shared/api/http';
import type { BalanceRow, JsonBody, Query } from '../../../src-shared/api/types';
import { ERROR_TEXTS } from '../../../src-shared/errors';
import {
  idParam,
  listQuery,
  listResult,
  sortQuery,
  type ResourceContext,
  type ResourceHandlers,
} from '../mapping';
import { xhrFetch, type UploadProgress } from '../xhrFetch';

type BalanceQuery = Query<'/api/balances'>;

/** The columns the API sorts by (typed by its query, so a column it does not know fails `tsc`). */
const SORT_FIELDS: NonNullable<BalanceQuery['sortBy']>[] = ['updatedAt', 'balance'];

export interface AddBalanceInput {
  amount: number | string;
  note?: string | null;
  proof?: File | Blob | null;
  /**
   * Sent as `Idempotency-Key`: one per form, so a second click or a retry after a lost answer
   * credits once (the server answers the first answer again).
   */
  idempotencyKey?: string;
  /** Upload progress of the request body, 0..1 (with the page's own client, through XMLHttpRequest). */
  onProgress?: UploadProgress;
}

export type AddBalanceAnswer = JsonBody<'/api/balances/add-balance/{userId}', 'post'>;

/** A balance row as react-admin's record: its id is the person's (the add-balance route takes it). */
const toRecord = (row: BalanceRow) => ({ ...row, id: row.user?.id ?? row.id });

export function balances({ client }: ResourceContext): ResourceHandlers {
  return {
    getList: async (params) => {
      // This endpoint names the direction `sortOrder`, not `order`.
      const { order, ...sort } = sortQuery(params, SORT_FIELDS);
      const query = {
        ...listQuery<BalanceQuery>(params, ['search', 'userId']),
        ...sort,
        ...(order ? { sortOrder: order } : {}),
      } as BalanceQuery;
      const answer = await call(client.GET('/api/balances', { params: { query } }));
      return listResult(answer.data, answer.pagination, toRecord);
    },
    getOne: async ({ id }) => {
      const answer = await call(
        client.GET('/api/balances', { params: { query: { userId: idParam(id), limit: 1 } } }),
      );
      const row = answer.data[0];
      if (!row)
        throw new ApiError({ status: 404, code: 'user.not_found', message: ERROR_TEXTS['user.not_found'] });
      return { data: toRecord(row) };
    },
  };
}

export function addBalance({ client }: ResourceContext) {
  return (
    userId: Identifier,
    { amount, note, proof, idempotencyKey, onProgress }: AddBalanceInput,
  ): Promise<AddBalanceAnswer> => {
    const trimmed = typeof note === 'string' ? note.trim() : '';
    const form = multipart({ amount: String(amount), note: trimmed || undefined, proof: proof ?? undefined });
    // Upload progress needs XMLHttpRequest (xhrFetch.ts); only the page's own client goes through it,
    // a client given to the dataProvider (tests, another origin) keeps its own fetch.
    const withProgress = onProgress && client === api && typeof XMLHttpRequest !== 'undefined';
    return call(
      client.POST('/api/balances/add-balance/{userId}', {
        params: { path: { userId: idParam(userId) } },
        // A FormData body goes out as multipart/form-data as it is (src-shared/api/http.ts).
        body: form as never,
        ...(idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {}),
        ...(withProgress ? { fetch: xhrFetch(onProgress) } : {}),
      }),
    ).then((answer) => {
      onProgress?.(1);
      return answer;
    });
  };
}
