/**
 * The admin overview's figures (one call, not a resource).
 *
 * | verb | HTTP call |
 * |---|---|
 * | getAdminOverview() | GET /api/admin/overview |
 * | getCorporateOverview() | GET /api/dashboard/corporate |
 */
import { call } from '../../../src-shared/api/http';
import type { JsonBody } from '../../../src-shared/api/types';
import type { ResourceContext } from '../mapping';

export type AdminOverview = JsonBody<'/api/admin/overview'>['data'];
export type CorporateOverview = JsonBody<'/api/dashboard/corporate'>['data'];

export function overviewCalls({ client }: ResourceContext) {
  return {
    getAdminOverview: async (): Promise<AdminOverview> =>
      (await call(client.GET('/api/admin/overview'))).data,
    getCorporateOverview: async (): Promise<CorporateOverview> =>
      (await call(client.GET('/api/dashboard/corporate'))).data,
  };
}
