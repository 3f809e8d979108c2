/**
 * kyc: the admin's list of verifications, and a signed-in account's own verification.
 *
 * | verb | HTTP call |
 * |---|---|
 * | getList (admin) | GET /api/kyc/admin?status&search&page&limit |
 * | getMyVerification() | GET /api/kyc/my-verification |
 * | startVerification() | POST /api/kyc/start-verification |
 */
import { call } from '../../../src-shared/api/http';
import type { JsonBody, MyVerification, Query } from '../../../src-shared/api/types';
import {
  filterQuery,
  listResult,
  pageQuery,
  withId,
  type ResourceContext,
  type ResourceHandlers,
} from '../mapping';

type KycQuery = Query<'/api/kyc/admin'>;
export type StartVerificationAnswer = JsonBody<'/api/kyc/start-verification', 'post'>;

export function kyc({ client }: ResourceContext): ResourceHandlers {
  return {
    getList: async (params) => {
      const query: KycQuery = {
        ...filterQuery<KycQuery>(params, ['status', 'search']),
        ...pageQuery(params),
      };
      const answer = await call(client.GET('/api/kyc/admin', { params: { query } }));
      return listResult(answer.data, answer.pagination, withId);
    },
  };
}

export function verificationCalls({ client }: ResourceContext) {
  return {
    getMyVerification: (): Promise<MyVerification> => call(client.GET('/api/kyc/my-verification')),
    startVerification: (): Promise<StartVerificationAnswer> =>
      call(client.POST('/api/kyc/start-verification')),
  };
}
