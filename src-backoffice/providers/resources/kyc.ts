/**
 * kyc: the admin's verifications (one per person, react-admin's id = the person's user id), and a
 * signed-in account's own verification.
 *
 * | verb | HTTP call |
 * |---|---|
 * | getList (admin) | GET /api/kyc/admin?status&search&sortBy(submittedAt, decidedAt)&order&page&limit; id = user.id |
 * | getOne (admin) | GET /api/kyc/admin/{userId}; id = user.id, `verificationId` = the verification's id |
 * | update (admin) | PATCH /api/kyc/admin/{userId} { status: complete or rejected, reason } |
 * | getKycDocument(documentId) | GET /api/kyc/admin/documents/{documentId} as a Blob (admin only) |
 * | getMyVerification() | GET /api/kyc/my-verification |
 * | startVerification() | POST /api/kyc/start-verification |
 */
import type { Identifier, RaRecord } from 'react-admin';
import { call } from '../../../src-shared/api/http';
import type { JsonBody, MyVerification, Query, RequestBody } from '../../../src-shared/api/types';
import { listQuery, idParam, listResult, type ResourceContext, type ResourceHandlers } from '../mapping';

type KycQuery = Query<'/api/kyc/admin'>;
type DecisionBody = RequestBody<'/api/kyc/admin/{userId}', 'patch'>;
export type KycDetail = JsonBody<'/api/kyc/admin/{userId}'>['data'];
/** A verification as the show view reads it: react-admin's id is the person's id. */
export type KycRecord = KycDetail & { id: string; verificationId: string };
export type StartVerificationAnswer = JsonBody<'/api/kyc/start-verification', 'post'>;

const SORT_FIELDS = ['submittedAt', 'decidedAt'] as const;

/** A row or the detail keyed by the person (the show route is /kyc/{userId}/show). */
function byPerson<T extends { id: string; user: { id: string } }>(row: T): T & RaRecord {
  return { ...row, id: row.user?.id ?? row.id, verificationId: row.id };
}

export function kyc({ client }: ResourceContext): ResourceHandlers {
  return {
    getList: async (params) => {
      const query = listQuery<KycQuery>(params, ['status', 'search'], SORT_FIELDS, 'asc');
      const answer = await call(client.GET('/api/kyc/admin', { params: { query } }));
      return listResult(answer.data, answer.pagination, byPerson);
    },
    getOne: async ({ id }) => {
      const { data } = await call(
        client.GET('/api/kyc/admin/{userId}', { params: { path: { userId: idParam(id) } } }),
      );
      return { data: byPerson(data) };
    },
    update: async (params) => {
      const { status, reason } = params.data as Partial<DecisionBody>;
      const trimmed = typeof reason === 'string' ? reason.trim() : '';
      const answer = await call(
        client.PATCH('/api/kyc/admin/{userId}', {
          params: { path: { userId: idParam(params.id) } },
          body: { status: status as DecisionBody['status'], ...(trimmed ? { reason: trimmed } : {}) },
        }),
      );
      return { data: byPerson(answer.data) };
    },
  };
}

/** An identity document's file (image or PDF) as a Blob, fetched with the admin's session. */
export function kycDocument({ client }: ResourceContext) {
  return async (documentId: Identifier): Promise<Blob> => {
    const blob = await call(
      client.GET('/api/kyc/admin/documents/{documentId}', {
        params: { path: { documentId: idParam(documentId) } },
        headers: { Accept: 'image/*, application/pdf' },
        parseAs: 'blob',
      }),
    );
    return blob as unknown as Blob;
  };
}

export function verificationCalls({ client }: ResourceContext) {
  return {
    getMyVerification: (): Promise<MyVerification> => call(client.GET('/api/kyc/my-verification')),
    startVerification: (): Promise<StartVerificationAnswer> =>
      call(client.POST('/api/kyc/start-verification')),
  };
}
