import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listOf, listResponse } from '../../lib/list';
import {
  adminHistoryRowSchema,
  allHistoriesQuerySchema,
  balanceRowSchema,
  balancesQuerySchema,
  historyQuerySchema,
  historyRowSchema,
} from '../../../src-shared/contracts/money';
import { eurosToCents } from '../../../src-shared/money';
import { adminListRoute } from '../../lib/admin-list-route';
import type { AppContext } from '../../context';
import { responses, ROLE, WRITE } from '../../lib/responses';
import { HttpError } from '../../lib/http-error';
import { isAdminRole, requireAuth, requireRole, requireSignedIn } from '../../plugins/session';
import { readIdempotencyKey } from '../idempotency';
import {
  adjustBalance,
  allHistories,
  balanceOf,
  historyOf,
  listBalances,
  readProof,
  type Proof,
} from './service';
import { fileField, readMultipartForm } from '../../lib/multipart';
import { idParam } from '../../lib/params';
import { textProblem, withinMaxEuros } from '../../../src-shared/contracts/input';

const MAX_PROOF_BYTES = 10 * 1024 * 1024;

export function balanceRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/balances/my-balance',
      {
        onRequest: requireRole('user', 'corporate'),
        schema: {
          tags: ['balances'],
          summary: "The signed-in investor's or corporate's balance in euros",
          response: responses({ 200: z.object({ balance: z.number() }) }, ...ROLE),
        },
      },
      async (request) => {
        return { balance: await balanceOf(ctx.db, requireAuth(request).user.id) };
      },
    );

    adminListRoute(app, '/balances', {
      tags: ['balances'],
      summary:
        'Every investor and corporate balance (the current one); search, userId, sortBy updatedAt|balance, sortOrder',
      querystring: balancesQuerySchema,
      response: listOf(balanceRowSchema),
      list: (query) => listBalances(ctx.db, query),
    });

    adminListRoute(app, '/balances/all-histories', {
      tags: ['balances'],
      summary:
        'Every balance movement of every person with the proof of an adjustment: newest first (sortBy at|amount, order); filters userId, from and to (days YYYY-MM-DD, inclusive, UTC), kind, search',
      querystring: allHistoriesQuerySchema,
      response: listOf(adminHistoryRowSchema),
      list: (query) => allHistories(ctx.db, query),
    });

    app.get(
      '/balances/:userId/history',
      {
        onRequest: requireSignedIn,
        schema: {
          tags: ['balances'],
          summary:
            "A person's balance movements (their ledger entries), newest first; that person or an admin",
          params: idParam('userId', 'user.not_found'),
          querystring: historyQuerySchema,
          response: responses({ 200: listOf(historyRowSchema) }, 401, 404),
        },
      },
      async (request) => {
        const auth = requireAuth(request);
        const { userId } = request.params;
        // Someone else's history does not exist as far as the caller can tell.
        if (auth.user.id !== userId && !isAdminRole(auth.user.role))
          throw new HttpError(404, 'user.not_found');
        const { rows, total } = await historyOf(ctx.db, userId, request.query);
        return listResponse(rows, request.query, total);
      },
    );

    app.post(
      '/balances/add-balance/:userId',
      {
        onRequest: requireRole('admin'),
        schema: {
          tags: ['balances'],
          summary:
            'Add (positive) or deduct (negative) an amount: multipart fields amount (two decimals, not 0), note, proof (JPEG, PNG or PDF, 10 MB). Optional Idempotency-Key',
          params: idParam('userId', 'user.not_found'),
          consumes: ['multipart/form-data'],
          multipart: z.object({
            amount: z.string().describe('Euros, at most two decimals, not 0; negative deducts'),
            note: z.string().max(500).optional(),
            proof: fileField('JPEG, PNG or PDF, at most 10 MB').optional(),
          }),
          response: responses(
            { 200: z.object({ message: z.string(), balance: z.number() }) },
            ...WRITE,
            ...ROLE,
            404,
            409,
            422,
          ),
        },
      },
      async (request, reply) => {
        const key = readIdempotencyKey(request.headers);
        const { fields, files } = await readMultipartForm(request, {
          limits: { fileSize: MAX_PROOF_BYTES, files: 1, fields: 5 },
          fileFields: ['proof'],
          notMultipart: 'balance.not_multipart',
          fileTooLarge: 'balance.proof_too_large',
        });
        const proof: Proof | null = files[0] ? { bytes: files[0].bytes } : null;
        const raw = fields.amount?.trim() ?? '';
        if (raw === '')
          throw new HttpError(400, 'money.amount_required', { fields: { amount: 'money.amount_required' } });
        // The shared upper bound first (issue 26, finding 5), so a huge amount gets a true message.
        const number = Number(raw);
        if (Number.isFinite(number) && !withinMaxEuros(number))
          throw new HttpError(400, 'input.amount_too_large', {
            params: { field: 'amount' },
            fields: { amount: { code: 'input.amount_too_large', params: { field: 'amount' } } },
          });
        const amountCents = eurosToCents(raw);
        if (amountCents === null)
          throw new HttpError(400, 'money.amount_two_decimals', {
            fields: { amount: 'money.amount_two_decimals' },
          });
        if (amountCents === 0n)
          throw new HttpError(400, 'balance.amount_zero', { fields: { amount: 'balance.amount_zero' } });
        const note = fields.note?.trim() || null;
        if (note && note.length > 500)
          throw new HttpError(400, 'balance.note_too_long', { fields: { note: 'balance.note_too_long' } });
        const noteProblem = note && textProblem(note, true);
        if (noteProblem)
          throw new HttpError(400, noteProblem, {
            params: { field: 'note' },
            fields: { note: { code: noteProblem, params: { field: 'note' } } },
          });
        const answer = await adjustBalance(
          ctx,
          requireAuth(request),
          request.params.userId,
          { amountCents, note, proof },
          key,
        );
        if (answer.replayed) void reply.header('idempotent-replayed', 'true');
        return reply.status(200).send(answer.body);
      },
    );

    app.get(
      '/balances/proofs/:transactionId',
      {
        onRequest: requireSignedIn,
        schema: {
          tags: ['balances'],
          summary: 'The proof attached to a balance adjustment, for admins only (404 for anyone else)',
          params: idParam('transactionId', 'balance.proof_not_found'),
          response: responses(
            { 200: z.unknown().describe('image/jpeg, image/png or application/pdf') },
            401,
            404,
          ),
        },
      },
      async (request, reply) => {
        const auth = requireAuth(request);
        if (!isAdminRole(auth.user.role)) throw new HttpError(404, 'balance.proof_not_found');
        const proof = await readProof(ctx, request.params.transactionId);
        return reply
          .header('content-type', proof.mimeType)
          .header('cache-control', 'no-store')
          .header('content-disposition', 'inline')
          .send(proof.bytes);
      },
    );
  };
}
