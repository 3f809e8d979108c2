/**
 * Deposits and withdrawals (issue 27; API contract, "Deposits and withdrawals"; decisions 0132-0137
 * and 0146-0149): the admin's withdrawals, payment files and bank statements, and the company's own
 * deposit instructions, bank account and withdrawals.
 *
 * Admin resources:
 *
 * | resource | verb | HTTP call |
 * |---|---|---|
 * | withdrawals | getList | GET /api/admin/withdrawals?status&search&userId&page&limit (the API's order: newest first) |
 * | withdrawals | update | PATCH /api/admin/withdrawals/{id} { status: approved or rejected, reason? } (bulk approve: one per row) |
 * | withdrawal-exports | getList | GET /api/admin/withdrawals/exports?search&page&limit (newest first) |
 * | bank-statement-entries | getList | GET /api/admin/bank-statements/entries?status&search&page&limit (newest first) |
 *
 * Corporate resource:
 *
 * | resource | verb | HTTP call |
 * |---|---|---|
 * | withdrawals | getList | GET /api/payments/withdrawals/mine?status&page&limit (newest first) |
 *
 * Calls beyond the verbs:
 *
 * | call | HTTP call |
 * |---|---|
 * | exportWithdrawals() | POST /api/admin/withdrawals/export -> the pain.001 XML, its file name and export id (409 `payments.nothing_to_export`) |
 * | downloadWithdrawalExport(id) | GET /api/admin/withdrawals/exports/{exportId} -> the XML and its file name |
 * | importBankStatement(file, onProgress) | POST /api/admin/bank-statements (multipart `file`) |
 * | assignStatementEntry(id, { userId, note }) | POST /api/admin/bank-statements/entries/{entryId}/assign |
 * | getDepositInstructions() | GET /api/payments/deposit-instructions |
 * | getBankAccount() | GET /api/payments/bank-account (null before the first registration) |
 * | setBankAccount({ iban, holderName }) | PUT /api/payments/bank-account |
 * | requestWithdrawal(amount, idempotencyKey) | POST /api/payments/withdrawals (`Idempotency-Key`) |
 * | cancelWithdrawal(id) | POST /api/payments/withdrawals/{id}/cancel |
 * | getStatementYears() | GET /api/statements/years (the transactions export's dates, issue 28) |
 */
import type { Identifier, RaRecord } from 'react-admin';
import { api, call } from '../../../src-shared/api/http';
import type { JsonBody, Query, RequestBody } from '../../../src-shared/api/types';
import {
  idParam,
  listQuery,
  listResult,
  withId,
  type ResourceContext,
  type ResourceHandlers,
} from '../mapping';
import { xhrFetch, type UploadProgress } from '../xhrFetch';

type AdminWithdrawalQuery = Query<'/api/admin/withdrawals'>;
type ExportQuery = Query<'/api/admin/withdrawals/exports'>;
type EntryQuery = Query<'/api/admin/bank-statements/entries'>;
type MineQuery = Query<'/api/payments/withdrawals/mine'>;
type Decision = RequestBody<'/api/admin/withdrawals/{id}', 'patch'>;

export type AdminWithdrawalRow = JsonBody<'/api/admin/withdrawals'>['data'][number];
export type WithdrawalExportRow = JsonBody<'/api/admin/withdrawals/exports'>['data'][number];
export type StatementEntryRow = JsonBody<'/api/admin/bank-statements/entries'>['data'][number];
export type MyWithdrawal = JsonBody<'/api/payments/withdrawals/mine'>['data'][number];
export type StatementImport = JsonBody<'/api/admin/bank-statements', 'post'>['data'];
export type DepositInstructions = JsonBody<'/api/payments/deposit-instructions'>['data'];
export type BankAccount = NonNullable<JsonBody<'/api/payments/bank-account'>['data']>;
export type BankAccountInput = RequestBody<'/api/payments/bank-account', 'put'>;
export type AssignInput = RequestBody<'/api/admin/bank-statements/entries/{entryId}/assign', 'post'>;

/** A payment file as the browser saves it. */
export interface PaymentFile {
  xml: string;
  fileName: string;
  /** The kept file's id (GET /api/admin/withdrawals/exports/{id} downloads it again). */
  exportId: string | null;
}

/** The file name of a `Content-Disposition: attachment; filename="..."` header, else `fallback`. */
export function attachmentName(header: string | null, fallback: string): string {
  const match = header ? /filename="?([^";]+)"?/i.exec(header) : null;
  return match?.[1]?.trim() || fallback;
}

/** `pain001-YYYY-MM-DD.xml`: the name of a payment file whose answer named none. */
export const paymentFileName = (day = new Date().toISOString().slice(0, 10)) => `pain001-${day}.xml`;

export function adminWithdrawals({ client }: ResourceContext): ResourceHandlers {
  return {
    getList: async (params) => {
      const query = listQuery<AdminWithdrawalQuery>(params, ['status', 'search', 'userId']);
      const answer = await call(client.GET('/api/admin/withdrawals', { params: { query } }));
      return listResult(answer.data, answer.pagination, withId);
    },
    update: async (params) => {
      const data = params.data as Partial<Decision>;
      const reason = typeof data.reason === 'string' ? data.reason.trim() : '';
      const body: Decision = {
        status: data.status as Decision['status'],
        ...(reason ? { reason } : {}),
      };
      const answer = await call(
        client.PATCH('/api/admin/withdrawals/{id}', { params: { path: { id: idParam(params.id) } }, body }),
      );
      // The answer is the withdrawal without the person: keep what the list row knew.
      return { data: { ...params.previousData, ...withId(answer.data), id: params.id } as RaRecord };
    },
  };
}

export function withdrawalExports({ client }: ResourceContext): ResourceHandlers {
  return {
    getList: async (params) => {
      const query = listQuery<ExportQuery>(params, ['search']);
      const answer = await call(client.GET('/api/admin/withdrawals/exports', { params: { query } }));
      return listResult(answer.data, answer.pagination, withId);
    },
  };
}

export function statementEntries({ client }: ResourceContext): ResourceHandlers {
  return {
    getList: async (params) => {
      const query = listQuery<EntryQuery>(params, ['status', 'search']);
      const answer = await call(client.GET('/api/admin/bank-statements/entries', { params: { query } }));
      return listResult(answer.data, answer.pagination, withId);
    },
  };
}

export function myWithdrawals({ client }: ResourceContext): ResourceHandlers {
  return {
    getList: async (params) => {
      const query = listQuery<MineQuery>(params, ['status']);
      const answer = await call(client.GET('/api/payments/withdrawals/mine', { params: { query } }));
      return listResult(answer.data, answer.pagination, withId);
    },
  };
}

/** The admin's calls: the payment file, its download again, the statement import, the assignment. */
export function adminPaymentCalls({ client }: ResourceContext) {
  return {
    exportWithdrawals: async (): Promise<PaymentFile> => {
      const pending = client.POST('/api/admin/withdrawals/export', {
        headers: { Accept: 'application/xml, application/json' },
        parseAs: 'text',
      });
      const xml = (await call(pending)) as unknown as string;
      const { response } = await pending;
      return {
        xml,
        fileName: attachmentName(response.headers.get('content-disposition'), paymentFileName()),
        exportId: response.headers.get('x-export-id'),
      };
    },
    downloadWithdrawalExport: async (exportId: Identifier): Promise<PaymentFile> => {
      const pending = client.GET('/api/admin/withdrawals/exports/{exportId}', {
        params: { path: { exportId: idParam(exportId) } },
        headers: { Accept: 'application/xml, application/json' },
        parseAs: 'text',
      });
      const xml = (await call(pending)) as unknown as string;
      const { response } = await pending;
      return {
        xml,
        fileName: attachmentName(response.headers.get('content-disposition'), paymentFileName()),
        exportId: idParam(exportId),
      };
    },
    importBankStatement: async (file: File | Blob, onProgress?: UploadProgress): Promise<StatementImport> => {
      // Upload progress needs XMLHttpRequest (xhrFetch.ts): only with the page's own client.
      const withProgress = onProgress && client === api && typeof XMLHttpRequest !== 'undefined';
      // The file's own name goes with it (the import records it).
      const form = new FormData();
      form.append('file', file, file instanceof File && file.name ? file.name : 'statement.xml');
      const answer = await call(
        client.POST('/api/admin/bank-statements', {
          // A FormData body goes out as multipart/form-data as it is (src-shared/api/http.ts).
          body: form as never,
          ...(withProgress ? { fetch: xhrFetch(onProgress) } : {}),
        }),
      );
      onProgress?.(1);
      return answer.data;
    },
    assignStatementEntry: async (entryId: Identifier, { userId, note }: AssignInput) => {
      const trimmed = note?.trim();
      return (
        await call(
          client.POST('/api/admin/bank-statements/entries/{entryId}/assign', {
            params: { path: { entryId: idParam(entryId) } },
            body: { userId, ...(trimmed ? { note: trimmed } : {}) },
          }),
        )
      ).data;
    },
  };
}

/** The company's calls (an investor's too: the server serves both roles). */
export function ownPaymentCalls({ client }: ResourceContext) {
  return {
    getDepositInstructions: async (): Promise<DepositInstructions> =>
      (await call(client.GET('/api/payments/deposit-instructions'))).data,
    getStatementYears: async (): Promise<JsonBody<'/api/statements/years'>['data']> =>
      (await call(client.GET('/api/statements/years'))).data,
    getBankAccount: async (): Promise<BankAccount | null> =>
      (await call(client.GET('/api/payments/bank-account'))).data,
    setBankAccount: async ({ iban, holderName }: BankAccountInput): Promise<BankAccount> =>
      (
        await call(
          client.PUT('/api/payments/bank-account', {
            body: { iban: iban.trim(), holderName: holderName.trim() },
          }),
        )
      ).data,
    requestWithdrawal: async (amount: number, idempotencyKey: string): Promise<MyWithdrawal> =>
      (
        await call(
          client.POST('/api/payments/withdrawals', {
            body: { amount },
            headers: { 'Idempotency-Key': idempotencyKey },
          }),
        )
      ).data,
    cancelWithdrawal: async (id: Identifier): Promise<MyWithdrawal> =>
      (
        await call(
          client.POST('/api/payments/withdrawals/{id}/cancel', { params: { path: { id: idParam(id) } } }),
        )
      ).data,
  };
}
