/**
 * Deposits and withdrawals (issue 27; API contract, "Deposits and withdrawals"; decisions 0132-0137).
 */
import { auditSource } from '../audit/service';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminWithdrawalListSchema,
  adminWithdrawalsQuerySchema,
  assignEntryBodySchema,
  bankAccountBodySchema,
  bankAccountSchema,
  depositInstructionsSchema,
  exportsQuerySchema,
  myWithdrawalsQuerySchema,
  statementEntriesQuerySchema,
  statementEntryListSchema,
  statementEntrySchema,
  statementImportSchema,
  withdrawalBodySchema,
  withdrawalDecisionBodySchema,
  withdrawalExportListSchema,
  withdrawalListSchema,
  withdrawalSchema,
} from '../../../src-shared/contracts/payments';
import { eurosToCents } from '../../../src-shared/money';
import type { AppContext } from '../../context';
import { adminListRoute } from '../../lib/admin-list-route';
import { HttpError } from '../../lib/http-error';
import { listResponse } from '../../lib/list';
import { fileField, readMultipartForm } from '../../lib/multipart';
import { idParam } from '../../lib/params';
import { responses, ROLE, WRITE } from '../../lib/responses';
import { requireAuth, requireRole } from '../../plugins/session';
import { readIdempotencyKey } from '../idempotency';
import {
  adminWithdrawals,
  assignEntry,
  bankAccountOf,
  cancelWithdrawal,
  decideWithdrawal,
  depositInstructions,
  exportFile,
  exportWithdrawals,
  importStatement,
  listExports,
  listStatementEntries,
  myWithdrawals,
  requestWithdrawal,
  setBankAccount,
} from './service';

/** A camt.053 of 10,000 entries is about 15 MB; the limit leaves room (decision 0135). */
const MAX_STATEMENT_BYTES = 50 * 1024 * 1024;

const WITHDRAWAL_STEPS =
  'Statuses: `requested` -> `approved` -> `sent`, or `rejected` / `cancelled` (refunded in full, once). Each step is a balanced ledger transaction: user -> pending withdrawals (request), pending withdrawals -> user (cancel, reject), pending withdrawals -> external (export).';

export function paymentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const caller = (request: Parameters<typeof requireAuth>[0]) => {
      const auth = requireAuth(request);
      return { id: auth.user.id, audit: auditSource(auth) };
    };

    app.get(
      '/payments/deposit-instructions',
      {
        onRequest: requireRole('user', 'corporate'),
        schema: {
          tags: ['payments'],
          summary:
            "Where to send a deposit: the platform's client-money account and the caller's own reference",
          description:
            'The reference is an ISO 11649 RF creditor reference (check digits mod 97), made on first use, unique and never changed (decision 0132). A bank transfer whose remittance information holds it is credited when the statement is imported.',
          response: responses({ 200: depositInstructionsSchema }, ...ROLE),
        },
      },
      async (request) => ({ data: await depositInstructions(ctx, caller(request).id) }),
    );

    app.get(
      '/payments/bank-account',
      {
        onRequest: requireRole('user', 'corporate'),
        schema: {
          tags: ['payments'],
          summary: "The caller's bank account for withdrawals (IBAN masked but the last 4), or null",
          response: responses({ 200: z.object({ data: bankAccountSchema.nullable() }) }, ...ROLE),
        },
      },
      async (request) => ({ data: await bankAccountOf(ctx, caller(request).id) }),
    );

    app.put(
      '/payments/bank-account',
      {
        onRequest: requireRole('user', 'corporate'),
        schema: {
          tags: ['payments'],
          summary: 'Register or change the bank account for withdrawals',
          description:
            'The IBAN is checked (ISO 13616 check digits and country format, `ibantools`): 400 `payments.invalid_iban`; a country outside SEPA: 400 `payments.iban_not_sepa`. Changing a registered IBAN e-mails the person and holds withdrawals for 24 hours of business time (`verified` false, `heldUntil` set); the first registration holds nothing (decision 0133).',
          body: bankAccountBodySchema,
          response: responses({ 200: z.object({ data: bankAccountSchema }) }, ...WRITE, ...ROLE),
        },
      },
      async (request) => ({ data: await setBankAccount(ctx, caller(request), request.body) }),
    );

    app.post(
      '/payments/withdrawals',
      {
        onRequest: requireRole('user', 'corporate'),
        schema: {
          tags: ['payments'],
          summary: 'Request a withdrawal to the registered bank account; optional Idempotency-Key',
          description: [
            'Needs identity verification complete (403 `payments.kyc_required`), a bank account (403 `payments.bank_account_required`), no hold after an IBAN change (409 `payments.withdrawals_held`, `params.until`) and an amount within the balance (400 `payments.insufficient_balance`, `params.availableAmount`). The balance falls at once.',
            WITHDRAWAL_STEPS,
          ].join('\n\n'),
          body: withdrawalBodySchema,
          response: responses({ 201: z.object({ data: withdrawalSchema }) }, ...WRITE, ...ROLE, 409, 422),
        },
      },
      async (request, reply) => {
        const key = readIdempotencyKey(request.headers);
        const amountCents = eurosToCents(request.body.amount)!;
        const answer = await requestWithdrawal(ctx, caller(request), amountCents, key);
        if (answer.replayed) void reply.header('idempotent-replayed', 'true');
        return reply.status(201).send(answer.body);
      },
    );

    app.get(
      '/payments/withdrawals/mine',
      {
        onRequest: requireRole('user', 'corporate'),
        schema: {
          tags: ['payments'],
          summary: "The caller's withdrawals, newest first (`status` filters)",
          querystring: myWithdrawalsQuerySchema,
          response: responses({ 200: withdrawalListSchema }, 400, ...ROLE),
        },
      },
      async (request) => {
        const { rows, total } = await myWithdrawals(ctx.db, caller(request).id, request.query);
        return listResponse(rows, request.query, total);
      },
    );

    app.post(
      '/payments/withdrawals/:id/cancel',
      {
        onRequest: requireRole('user', 'corporate'),
        schema: {
          tags: ['payments'],
          summary: 'Cancel one of your withdrawals while it is requested: refunded in full, once',
          description:
            "Someone else's withdrawal: 404. Not `requested` any more: 409 `payments.not_cancellable`.",
          params: idParam('id', 'payments.withdrawal_not_found'),
          response: responses({ 200: z.object({ data: withdrawalSchema }) }, ...ROLE, 404, 409),
        },
      },
      async (request) => ({ data: await cancelWithdrawal(ctx, caller(request), request.params.id) }),
    );

    adminListRoute(app, '/admin/withdrawals', {
      tags: ['payments'],
      summary: 'Every withdrawal with the person and the masked IBAN, newest first (admins)',
      description: 'Filters: `status`, `search` (name, e-mail or account holder), `userId`.',
      querystring: adminWithdrawalsQuerySchema,
      response: adminWithdrawalListSchema,
      list: (query) => adminWithdrawals(ctx.db, query),
    });

    app.patch(
      '/admin/withdrawals/:id',
      {
        onRequest: requireRole('admin'),
        schema: {
          tags: ['payments'],
          summary: 'Approve or reject a requested withdrawal (admins); the person is e-mailed',
          description: [
            'A rejection needs a `reason` (400 `payments.reason_required`) and refunds in full, once. A withdrawal no longer `requested`: 409 `payments.already_decided`. Bulk approval sends this call once per withdrawal (decision 0136).',
            WITHDRAWAL_STEPS,
          ].join('\n\n'),
          params: idParam('id', 'payments.withdrawal_not_found'),
          body: withdrawalDecisionBodySchema,
          response: responses(
            { 200: z.object({ message: z.string(), data: withdrawalSchema }) },
            ...WRITE,
            ...ROLE,
            404,
            409,
          ),
        },
      },
      async (request) => ({
        message: 'Updated successfully',
        data: await decideWithdrawal(ctx, caller(request), request.params.id, request.body),
      }),
    );

    app.post(
      '/admin/withdrawals/export',
      {
        onRequest: requireRole('admin'),
        schema: {
          tags: ['payments'],
          summary: 'Export every approved withdrawal not yet exported as one SEPA credit transfer file',
          description:
            'Answers `application/xml`: ISO 20022 `pain.001.001.09` from the platform account; the withdrawals become `sent` and the person is e-mailed. The file is kept: `GET /api/admin/withdrawals/exports/{exportId}` (its id is in the `x-export-id` header). Nothing approved: 409 `payments.nothing_to_export`.',
          response: responses(
            { 200: z.unknown().describe('application/xml (pain.001.001.09)') },
            ...ROLE,
            409,
          ),
        },
      },
      async (request, reply) => {
        const file = await exportWithdrawals(ctx, caller(request));
        return reply
          .header('content-type', 'application/xml; charset=utf-8')
          .header('content-disposition', `attachment; filename="pain001-${file.messageId}.xml"`)
          .header('x-export-id', file.id)
          .send(Buffer.from(file.xml, 'utf8'));
      },
    );

    adminListRoute(app, '/admin/withdrawals/exports', {
      tags: ['payments'],
      summary: 'The SEPA payment files generated so far, newest first (admins); `search` finds a message id',
      querystring: exportsQuerySchema,
      response: withdrawalExportListSchema,
      list: (query) => listExports(ctx.db, query),
    });

    app.get(
      '/admin/withdrawals/exports/:exportId',
      {
        onRequest: requireRole('admin'),
        schema: {
          tags: ['payments'],
          summary: 'Download a generated SEPA payment file again (admins)',
          params: idParam('exportId', 'payments.export_not_found'),
          response: responses(
            { 200: z.unknown().describe('application/xml (pain.001.001.09)') },
            ...ROLE,
            404,
          ),
        },
      },
      async (request, reply) => {
        const file = await exportFile(ctx.db, request.params.exportId);
        return reply
          .header('content-type', 'application/xml; charset=utf-8')
          .header('content-disposition', `attachment; filename="pain001-${file.messageId}.xml"`)
          .send(Buffer.from(file.xml, 'utf8'));
      },
    );

    app.post(
      '/admin/bank-statements',
      {
        onRequest: requireRole('admin'),
        schema: {
          tags: ['payments'],
          summary: 'Import an ISO 20022 camt.053 bank statement (multipart field `file`, admins)',
          description:
            "Every booked credit in EUR of one transaction whose remittance information holds one account's deposit reference credits that account once: the entry's bank reference (AcctSvcrRef, else NtryRef) is its idempotency key, so importing the same statement again credits nothing (`duplicates`). Every other new entry (no or an unknown reference, a batch, a returned payment, a debit, another currency) is stored and listed as unmatched, never converted (decision 0135). Not a camt.053: 400 `payments.not_camt053`.",
          consumes: ['multipart/form-data'],
          multipart: z.object({ file: fileField('camt.053 XML, at most 50 MB') }),
          response: responses({ 200: statementImportSchema }, ...WRITE, ...ROLE),
        },
      },
      async (request) => {
        const { files } = await readMultipartForm(request, {
          limits: { fileSize: MAX_STATEMENT_BYTES, files: 1, fields: 2 },
          fileFields: ['file'],
          notMultipart: 'payments.not_multipart',
          fileTooLarge: 'payments.file_too_large',
        });
        const file = files[0];
        if (!file)
          throw new HttpError(400, 'payments.file_required', { fields: { file: 'payments.file_required' } });
        const data = await importStatement(
          ctx,
          caller(request),
          file.bytes.toString('utf8'),
          file.filename || null,
        );
        return { data };
      },
    );

    adminListRoute(app, '/admin/bank-statements/entries', {
      tags: ['payments'],
      summary:
        'Imported bank-statement entries, newest first (admins); `status=unmatched` for the ones to review',
      description:
        'Filters: `status` (unmatched, credited, assigned), `search` (sender, remittance or reference).',
      querystring: statementEntriesQuerySchema,
      response: statementEntryListSchema,
      list: (query) => listStatementEntries(ctx.db, query),
    });

    app.post(
      '/admin/bank-statements/entries/:entryId/assign',
      {
        onRequest: requireRole('admin'),
        schema: {
          tags: ['payments'],
          summary: "Credit an unmatched entry to a person's account (admins); recorded on the entry",
          description:
            'Only a credit in EUR that is not a returned payment: 409 `payments.entry_not_assignable`; already credited: 409 `payments.entry_already_assigned`; the person must be an investor or a company (404 `user.not_found`). The person is e-mailed.',
          params: idParam('entryId', 'payments.entry_not_found'),
          body: assignEntryBodySchema,
          response: responses({ 200: z.object({ data: statementEntrySchema }) }, ...WRITE, ...ROLE, 404, 409),
        },
      },
      async (request) => ({
        data: await assignEntry(ctx, caller(request), request.params.entryId, request.body),
      }),
    );
  };
}
