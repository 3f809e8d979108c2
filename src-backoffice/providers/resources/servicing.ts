/**
 * servicing (admin): running and closed loans, a loan's page, and the calls that move a loan
 * (API contract, "Loan servicing"); the business date (contract, "Business date"). Records are the
 * rows of the API with `id` = the venture's id.
 *
 * | verb | HTTP call |
 * |---|---|
 * | getList | GET /api/admin/servicing?loanStatus(a status, or `late`)&search&page&limit (the API's order: most days late first) |
 * | getOne | GET /api/admin/servicing/{ventureId} (summary, schedule, events, investors) |
 * | getSchedule(id) | GET /api/ventures/{ventureId}/schedule |
 * | declareDefault(id, reason) | POST /api/ventures/admin/{ventureId}/default { reason } |
 * | recordRecovery(id, { amount, costs, note }) | POST /api/ventures/admin/{ventureId}/recoveries |
 * | writeOff(id, reason) | POST /api/ventures/admin/{ventureId}/write-off { reason } |
 * | getBusinessDate() | GET /api/admin/business-date |
 * | moveBusinessDate(date) | PUT /api/admin/business-date { date } (superadmin, control on) |
 */
import type { Identifier } from 'react-admin';
import { call } from '../../../src-shared/api/http';
import type { JsonBody, Query, RequestBody } from '../../../src-shared/api/types';
import { idParam, listQuery, listResult, type ResourceContext, type ResourceHandlers } from '../mapping';

type ServicingQuery = Query<'/api/admin/servicing'>;
export type ServicingRow = JsonBody<'/api/admin/servicing'>['data'][number];
export type LoanDetail = JsonBody<'/api/admin/servicing/{ventureId}'>['data'];
export type LoanSchedule = JsonBody<'/api/ventures/{ventureId}/schedule'>['data'];
export type LoanEvent = LoanDetail['events'][number];
export type RecoveryInput = RequestBody<'/api/ventures/admin/{ventureId}/recoveries', 'post'>;
export type RecoveryAnswer = JsonBody<'/api/ventures/admin/{ventureId}/recoveries', 'post'>;
export type LoanActionAnswer = JsonBody<'/api/ventures/admin/{ventureId}/write-off', 'post'>;
export type BusinessDate = JsonBody<'/api/admin/business-date'>['data'];

export function servicing({ client }: ResourceContext): ResourceHandlers {
  return {
    getList: async (params) => {
      const query = listQuery<ServicingQuery>(params, ['loanStatus', 'search']);
      const answer = await call(client.GET('/api/admin/servicing', { params: { query } }));
      return listResult(answer.data, answer.pagination, (row) => ({ ...row, id: row.venture._id }));
    },
    getOne: async ({ id }) => {
      const { data } = await call(
        client.GET('/api/admin/servicing/{ventureId}', { params: { path: { ventureId: idParam(id) } } }),
      );
      return { data: { ...data, id: data.venture._id } };
    },
  };
}

/** The admin's calls on a loan beyond the payment (ventures.ts: recordRepayment) and the business date. */
export function servicingCalls({ client }: ResourceContext) {
  const path = (id: Identifier) => ({ path: { ventureId: idParam(id) } });
  return {
    getSchedule: async (id: Identifier): Promise<LoanSchedule> =>
      (await call(client.GET('/api/ventures/{ventureId}/schedule', { params: path(id) }))).data,
    declareDefault: (id: Identifier, reason: string): Promise<LoanActionAnswer> =>
      call(
        client.POST('/api/ventures/admin/{ventureId}/default', {
          params: path(id),
          body: { reason: reason.trim() },
        }),
      ),
    recordRecovery: (id: Identifier, input: RecoveryInput): Promise<RecoveryAnswer> =>
      call(
        client.POST('/api/ventures/admin/{ventureId}/recoveries', {
          params: path(id),
          body: { amount: Number(input.amount), costs: Number(input.costs ?? 0), note: input.note ?? '' },
        }),
      ),
    writeOff: (id: Identifier, reason: string): Promise<LoanActionAnswer> =>
      call(
        client.POST('/api/ventures/admin/{ventureId}/write-off', {
          params: path(id),
          body: { reason: reason.trim() },
        }),
      ),
    getBusinessDate: async (): Promise<BusinessDate> =>
      (await call(client.GET('/api/admin/business-date'))).data,
    moveBusinessDate: async (date: string): Promise<BusinessDate> =>
      (await call(client.PUT('/api/admin/business-date', { body: { date } }))).data,
  };
}
