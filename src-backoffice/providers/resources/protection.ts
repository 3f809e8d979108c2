/**
 * protection (admin): the requests to be treated as a sophisticated investor (EU 2020/1503 Annex II)
 * and each investor's protection history (Art. 21 and 22; API contract, "Investor protection").
 *
 * List rows are requests (react-admin's id = the request's id). The show page is the person's
 * (id = their user id): the decision is the person's (PATCH /api/admin/protection/{userId} decides
 * their pending request) and their history holds every request they made, so a row opens
 * /protection/{userId}/show (decision 0110).
 *
 * | verb | HTTP call |
 * |---|---|
 * | getList | GET /api/admin/protection?status&search&page&limit (the API's order; it sorts by nothing else); id = the request's id |
 * | getOne | GET /api/admin/protection/{userId}/history; id = the user id, `user` = the person named by their requests (null without one) |
 * | getProtectionEvidence(requestId) | GET /api/admin/protection/requests/{requestId}/evidence as a Blob (admin only) |
 * | decideProtection(userId, { status, reason }) | PATCH /api/admin/protection/{userId} { status: accepted or rejected, reason } |
 */
import type { Identifier, RaRecord } from 'react-admin';
import { call } from '../../../src-shared/api/http';
import type { Query, RequestBody } from '../../../src-shared/api/types';
import type { AdminSophisticatedRequest, ProtectionHistory } from '../../../src-shared/contracts/protection';
import { idParam, listQuery, listResult, type ResourceContext, type ResourceHandlers } from '../mapping';

type ProtectionQuery = Query<'/api/admin/protection'>;
export type ProtectionDecision = RequestBody<'/api/admin/protection/{userId}', 'patch'>;

/** A request as the list shows it: react-admin's id is the request's. */
export type ProtectionRow = AdminSophisticatedRequest & { id: string };

/** A person's page: their whole history, keyed by their user id, with the person their requests name. */
export type ProtectionRecord = ProtectionHistory & {
  id: string;
  user: AdminSophisticatedRequest['user'] | null;
};

/** The newest first by `at` (ISO 8601 strings sort as dates), whatever order the API answered in. */
export function newestFirst<T>(rows: readonly T[], at: (row: T) => string): T[] {
  return [...rows].sort((a, b) => at(b).localeCompare(at(a)));
}

/** The history as the pages read it: every list newest first, the person taken from their requests. */
export function protectionRecord(userId: string, history: ProtectionHistory): ProtectionRecord {
  const requests = newestFirst(history.requests, (r) => r.createdAt);
  return {
    ...history,
    id: userId,
    user: requests[0]?.user ?? null,
    tests: newestFirst(history.tests, (t) => t.takenAt),
    acknowledgements: newestFirst(history.acknowledgements, (a) => a.acknowledgedAt),
    simulations: newestFirst(history.simulations, (s) => s.createdAt),
    requests,
  };
}

export function protection({ client }: ResourceContext): ResourceHandlers {
  return {
    getList: async (params) => {
      const query = listQuery<ProtectionQuery>(params, ['status', 'search']);
      const answer = await call(client.GET('/api/admin/protection', { params: { query } }));
      return listResult(answer.data, answer.pagination, (row): RaRecord => ({ ...row, id: row._id }));
    },
    getOne: async ({ id }) => {
      const { data } = await call(
        client.GET('/api/admin/protection/{userId}/history', {
          params: { path: { userId: idParam(id) } },
        }),
      );
      return { data: protectionRecord(idParam(id), data) };
    },
  };
}

/** The evidence of a request and the decision: the admin's calls beyond react-admin's verbs. */
export function protectionCalls({ client }: ResourceContext) {
  return {
    /** The evidence's file (image or PDF) as a Blob, fetched with the admin's session. */
    getProtectionEvidence: async (requestId: Identifier): Promise<Blob> => {
      const blob = await call(
        client.GET('/api/admin/protection/requests/{requestId}/evidence', {
          params: { path: { requestId: idParam(requestId) } },
          headers: { Accept: 'image/*, application/pdf' },
          parseAs: 'blob',
        }),
      );
      return blob as unknown as Blob;
    },
    /** Accepts or rejects the person's pending request; answers the decided request. */
    decideProtection: async (
      userId: Identifier,
      { status, reason }: ProtectionDecision,
    ): Promise<AdminSophisticatedRequest> =>
      (
        await call(
          client.PATCH('/api/admin/protection/{userId}', {
            params: { path: { userId: idParam(userId) } },
            body: { status, reason: reason.trim() },
          }),
        )
      ).data,
  };
}
