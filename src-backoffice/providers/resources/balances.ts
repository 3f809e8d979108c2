/**
 * balances (admin): every investor's and corporate's balance, and the add-balance form.
 *
 * | verb | HTTP call |
 * |---|---|
 * | getList | GET /api/balances?search&page&limit&sortBy(updatedAt, balance)&sortOrder(asc, desc); id = user.id |
 * | addBalance(userId, { amount, note, proof }) | POST /api/balances/add-balance/{userId} (multipart) |
 */
import type { Identifier } from 'react-admin';
import { call, multipart } from '../../../src-shared/api/http';
import type { JsonBody, Query } from '../../../src-shared/api/types';
import {
  filterQuery,
  idParam,
  listResult,
  pageQuery,
  type ResourceContext,
  type ResourceHandlers,
} from '../mapping';

type BalanceQuery = Query<'/api/balances'>;

export interface AddBalanceInput {
  amount: number | string;
  note?: string | null;
  proof?: File | Blob | null;
}

export type AddBalanceAnswer = JsonBody<'/api/balances/add-balance/{userId}', 'post'>;

export function balances({ client }: ResourceContext): ResourceHandlers {
  return {
    getList: async (params) => {
      const field = params.sort?.field;
      const sortBy = field === 'updatedAt' || field === 'balance' ? field : undefined;
      const query: BalanceQuery = { ...filterQuery<BalanceQuery>(params, ['search']), ...pageQuery(params) };
      if (sortBy) {
        query.sortBy = sortBy;
        query.sortOrder = params.sort?.order === 'ASC' ? 'asc' : 'desc';
      }
      const answer = await call(client.GET('/api/balances', { params: { query } }));
      return listResult(answer.data, answer.pagination, (row) => ({ ...row, id: row.user?.id ?? row.id }));
    },
  };
}

export function addBalance({ client }: ResourceContext) {
  return (userId: Identifier, { amount, note, proof }: AddBalanceInput): Promise<AddBalanceAnswer> => {
    const trimmed = typeof note === 'string' ? note.trim() : '';
    const form = multipart({ amount: String(amount), note: trimmed || undefined, proof: proof ?? undefined });
    return call(
      client.POST('/api/balances/add-balance/{userId}', {
        params: { path: { userId: idParam(userId) } },
        // A FormData body goes out as multipart/form-data as it is (src-shared/api/http.ts).
        body: form as never,
      }),
    );
  };
}
