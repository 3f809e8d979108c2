/**
 * ventures: the admin console reviews every venture; a corporate account writes its own.
 *
 * | app | verb | HTTP call |
 * |---|---|---|
 * | admin | getList | GET /api/ventures/admin-get-all?search&lifecycleStatus&ventureType&adminStatus&visibility&riskLevel&country&page&limit |
 * | admin | getOne | GET /api/ventures/id/{ventureId} |
 * | admin | update | PATCH /api/ventures/admin/{ventureId}/admin-status-update { adminStatus, adminNotes } |
 * | corporate | getList | GET /api/ventures/my-ventures (sorted and paginated here) |
 * | corporate | getOne | GET /api/ventures/id/{ventureId} |
 * | corporate | create | POST /api/ventures { writable fields, lifecycleStatus, visibility, dateIssued: null } |
 * | corporate | update | PATCH /api/ventures/id/{ventureId} { changed writable fields } |
 */
import type { GetOneParams } from 'react-admin';
import { call } from '../../../src-shared/api/http';
import type { Query, RequestBody } from '../../../src-shared/api/types';
import {
  changedFields,
  filterQuery,
  idParam,
  listResult,
  pageQuery,
  pick,
  sortAndPaginate,
  updatedRecord,
  VENTURE_WRITABLE_FIELDS,
  withId,
  type ResourceContext,
  type ResourceHandlers,
} from '../mapping';

type AdminVentureQuery = Query<'/api/ventures/admin-get-all'>;
type ReviewBody = RequestBody<'/api/ventures/admin/{ventureId}/admin-status-update', 'patch'>;
type CreateBody = RequestBody<'/api/ventures', 'post'>;
type UpdateBody = RequestBody<'/api/ventures/id/{ventureId}', 'patch'>;

const ADMIN_FILTERS = [
  'search',
  'lifecycleStatus',
  'ventureType',
  'adminStatus',
  'visibility',
  'riskLevel',
  'country',
] as const satisfies ReadonlyArray<keyof AdminVentureQuery>;

function ventureGetOne({ client }: ResourceContext) {
  return async ({ id }: GetOneParams) => {
    const { data } = await call(
      client.GET('/api/ventures/id/{ventureId}', { params: { path: { ventureId: idParam(id) } } }),
    );
    return { data: withId(data) };
  };
}

export function adminVentures(ctx: ResourceContext): ResourceHandlers {
  const { client } = ctx;
  return {
    getList: async (params) => {
      const query: AdminVentureQuery = {
        ...filterQuery<AdminVentureQuery>(params, ADMIN_FILTERS),
        ...pageQuery(params),
      };
      const answer = await call(client.GET('/api/ventures/admin-get-all', { params: { query } }));
      return listResult(answer.data, answer.pagination, withId);
    },
    getOne: ventureGetOne(ctx),
    update: async (params) => {
      const { adminStatus, adminNotes } = params.data as Partial<ReviewBody>;
      const answer = await call(
        client.PATCH('/api/ventures/admin/{ventureId}/admin-status-update', {
          params: { path: { ventureId: idParam(params.id) } },
          body: { adminStatus: adminStatus as ReviewBody['adminStatus'], adminNotes: adminNotes ?? '' },
        }),
      );
      return { data: updatedRecord(answer, params) };
    },
  };
}

export function corporateVentures(ctx: ResourceContext): ResourceHandlers {
  const { client } = ctx;
  return {
    getList: async (params) => {
      const answer = await call(client.GET('/api/ventures/my-ventures'));
      return sortAndPaginate((answer.data ?? []).map(withId), params);
    },
    getOne: ventureGetOne(ctx),
    create: async (params) => {
      const body = {
        ...pick(params.data as Record<string, unknown>, VENTURE_WRITABLE_FIELDS),
        lifecycleStatus: 'coming-soon',
        visibility: 'draft',
        dateIssued: null,
      };
      // The form's values, normalised by ventureForm.ts; the server validates every field.
      const answer = await call(client.POST('/api/ventures', { body: body as unknown as CreateBody }));
      return { data: withId(answer.data) };
    },
    update: async (params) => {
      const body = changedFields(params.data, params.previousData, VENTURE_WRITABLE_FIELDS);
      if (Object.keys(body).length === 0) return { data: { ...params.previousData, id: params.id } };
      const answer = await call(
        client.PATCH('/api/ventures/id/{ventureId}', {
          params: { path: { ventureId: idParam(params.id) } },
          body: body as UpdateBody,
        }),
      );
      return { data: updatedRecord(answer, params) };
    },
  };
}
