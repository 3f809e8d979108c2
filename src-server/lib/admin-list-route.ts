/**
 * The back office's paged lists (balances, balance movements, investments, verifications, tickets,
 * ventures): GET, admins only (401 without a session, 403 for another role), the query checked by
 * its schema (400), answered `{ data, pagination }` with the page's rows and the list's total.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Pagination } from '../../src-shared/contracts/common';
import { requireRole } from '../plugins/session';
import { listResponse, type PageQuery } from './list';
import { responses, ROLE } from './responses';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

export interface AdminList<Q extends z.ZodType<PageQuery>, Row> {
  tags: string[];
  summary: string;
  description?: string;
  querystring: Q;
  /** The answer's schema: `listOf(row)` or the list's own; it takes the rows `list` reads. */
  response: z.ZodType<unknown, { data: Row[]; pagination: Pagination }>;
  /** The page's rows and how many the whole list holds, for the checked query. */
  list: (query: z.infer<Q>) => Promise<{ rows: Row[]; total: number }>;
}

export function adminListRoute<Q extends z.ZodType<PageQuery>, Row>(
  app: ZodApp,
  url: string,
  { tags, summary, description, querystring, response, list }: AdminList<Q, Row>,
): void {
  app.get(
    url,
    {
      onRequest: requireRole('admin'),
      schema: {
        tags,
        summary,
        ...(description !== undefined && { description }),
        querystring,
        response: responses({ 200: response }, 400, ...ROLE),
      },
    },
    async (request) => {
      // Checked by `querystring`; the type provider does not resolve a generic schema's output.
      const query = request.query as z.infer<Q>;
      const { rows, total } = await list(query);
      return listResponse(rows, query, total);
    },
  );
}
