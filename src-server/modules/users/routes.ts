import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  userAnswerSchema,
  userListQuerySchema,
  userListSchema,
  userUpdateBodySchema,
  userUpdatedSchema,
} from '../../../src-shared/contracts/users';
import type { AppContext } from '../../context';
import { listResponse } from '../../lib/list';
import { idParam } from '../../lib/params';
import { responses, ROLE, WRITE } from '../../lib/responses';
import { requireAuth, requireRole } from '../../plugins/session';
import { getUser, listUsers, updateUser } from './service';

export function userRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/users',
      {
        onRequest: requireRole('admin'),
        schema: {
          tags: ['users'],
          summary:
            'Every account with its balance: role, isActive, search (name, e-mail, company, or a payment reference AV-XXXXXXXX), sortBy createdAt|lastLoginAt|email|lastName|role, order',
          querystring: userListQuerySchema,
          response: responses({ 200: userListSchema }, 400, ...ROLE),
        },
      },
      async (request) => {
        const { rows, total } = await listUsers(ctx.db, request.query);
        const { data, pagination } = listResponse(rows, request.query, total);
        return { users: data, pagination };
      },
    );

    app.get(
      '/users/:id',
      {
        onRequest: requireRole('admin'),
        schema: {
          tags: ['users'],
          summary: 'One account with its balance',
          params: idParam('id', 'user.not_found'),
          response: responses({ 200: userAnswerSchema }, ...ROLE, 404),
        },
      },
      async (request) => ({ data: await getUser(ctx.db, request.params.id) }),
    );

    app.patch(
      '/users/:id',
      {
        onRequest: requireRole('admin'),
        schema: {
          tags: ['users'],
          summary:
            'Activate or deactivate an account (deactivating ends its sessions) or change its role. Only a superadmin grants or removes admin/superadmin or (de)activates an admin; nobody deactivates or re-roles themselves (403); an account holding money, investments or ventures keeps its role (409)',
          params: idParam('id', 'user.not_found'),
          body: userUpdateBodySchema,
          response: responses({ 200: userUpdatedSchema }, ...WRITE, ...ROLE, 404, 409),
        },
      },
      async (request) => {
        const data = await updateUser(ctx, requireAuth(request), request.params.id, request.body);
        return { message: 'Updated successfully', data };
      },
    );
  };
}
