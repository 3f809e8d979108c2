import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditListQuerySchema, auditListSchema } from '../../../src-shared/contracts/audit';
import type { AppContext } from '../../context';
import { adminListRoute } from '../../lib/admin-list-route';
import { listAudit } from './service';

/** The audit log, read-only (API contract, "Admin sign-in and audit"). */
export function auditRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    adminListRoute(app, '/admin/audit', {
      tags: ['audit'],
      summary:
        'The audit log, newest first: filters actor (e-mail contains, or an account id), action (exact, or a family like servicing.*), targetType, targetId, from and to (days, UTC), order',
      description:
        'One row per change an admin made, written in the same transaction as the change; `before` and `after` hold only the fields that changed. Rows cannot be changed or deleted.',
      querystring: auditListQuerySchema,
      response: auditListSchema,
      list: (query) => listAudit(ctx.db, query),
    });
  };
}
