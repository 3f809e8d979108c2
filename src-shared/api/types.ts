/**
 * Types of the API's calls, read off the generated `schema.d.ts` (never written by hand): the JSON a
 * path answers, its query and its body. Screens take their records from here or from the zod
 * contracts in src-shared/contracts (the same shapes: the OpenAPI document is built from them).
 */
import type { components, paths } from './schema';

export type ApiPath = keyof paths;
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Operation<P extends ApiPath, M extends Method> = NonNullable<paths[P][M]>;

/** The JSON body that `M P` answers with status `S` (200 by default). */
export type JsonBody<P extends ApiPath, M extends Method = 'get', S extends number = 200> =
  Operation<P, M> extends { responses: infer R }
    ? S extends keyof R
      ? R[S] extends { content: { 'application/json': infer B } }
        ? B
        : never
      : never
    : never;

/** The query parameters of `M P`. */
export type Query<P extends ApiPath, M extends Method = 'get'> =
  Operation<P, M> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

/** The JSON request body of `M P`. */
export type RequestBody<P extends ApiPath, M extends Method> =
  Operation<P, M> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;

/** An error answer's body. */
export type ErrorBody = components['schemas']['Error'];
export type ErrorCodeName = components['schemas']['ErrorCode'];

// The records screens show.
/** A venture with every field, as its owner and admins get it (the back office). */
export type Venture = JsonBody<'/api/ventures/admin-get-all'>['data'][number];
/** A venture as GET /api/ventures/id/{id} and GET /api/ventures answer anyone: every field for its
 * owner and admins, the public ones for everyone else. Only the public fields can be read off it
 * (the public site reads nothing else). */
export type VentureView = JsonBody<'/api/ventures/id/{ventureId}'>['data'];
export type VentureList = JsonBody<'/api/ventures'>;
export type Profile = JsonBody<'/api/profile/get'>['data'];
export type LoginAnswer = JsonBody<'/api/auth/login', 'post'>;
export type MyInvestment = JsonBody<'/api/investments/my-investments'>['data'][number];
export type Investment = JsonBody<'/api/investments', 'post', 201>['data'];
export type AdminInvestment = JsonBody<'/api/investments/admin'>['data'][number];
export type MyVerification = JsonBody<'/api/kyc/my-verification'>;
export type KycSession = JsonBody<'/api/kyc/session/{token}'>;
export type BalanceRow = JsonBody<'/api/balances'>['data'][number];
export type HistoryRow = JsonBody<'/api/balances/all-histories'>['data'][number];
export type KycAdminRow = JsonBody<'/api/kyc/admin'>['data'][number];
export type VentureListItem = VentureList['data'][number];
export type VentureListQuery = Query<'/api/ventures'>;
export type Pagination = VentureList['pagination'];
export type AdminVentureList = JsonBody<'/api/ventures/admin-get-all'>;
export type MyVentureList = JsonBody<'/api/ventures/my-ventures'>;
/** The signed-in user (GET /api/profile/get). */
export type User = Profile;
export type ProfileUpdate = RequestBody<'/api/profile/update', 'put'>;
export type MyBalance = JsonBody<'/api/balances/my-balance'>;
export type InvestBody = RequestBody<'/api/investments', 'post'>;
export type InvestResult = JsonBody<'/api/investments', 'post', 201>;
export type LoginBody = RequestBody<'/api/auth/login', 'post'>;
export type RegisterBody = RequestBody<'/api/auth/register', 'post'>;
export type RegisterCorporateBody = RequestBody<'/api/auth/register-corporate', 'post'>;
/** A support ticket as lists show it, and with its thread (GET /api/tickets/{id}). */
export type TicketRow = JsonBody<'/api/tickets/mine'>['data'][number];
export type TicketThread = JsonBody<'/api/tickets/{id}'>['data'];
export type TicketCreateBody = RequestBody<'/api/tickets', 'post'>;
