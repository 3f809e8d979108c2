/**
 * The admin overview's figures (one call, not a resource).
 *
 * | verb | HTTP call |
 * |---|---|
 * | getAdminOverview() | GET /api/admin/overview |
 */
import { call } from '../../../src-shared/api/http';
import type { JsonBody } from '../../../src-shared/api/types';
import type { ResourceContext } from '../mapping';

export type AdminOverview = JsonBody<'/api/admin/overview'>['data'];

export function overviewCalls({ client }: ResourceContext) {
  return {
    getAdminOverview: async (): Promise<AdminOverview> =>
      (await call(client.GET('/api/admin/overview'))).data,
  };
}
