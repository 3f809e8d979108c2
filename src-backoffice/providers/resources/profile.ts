/**
 * The signed-in account's profile (both apps).
 *
 * | verb | HTTP call |
 * |---|---|
 * | getProfile() | GET /api/profile/get (`data`) |
 * | updateProfile(values) | PUT /api/profile/update |
 */
import { call } from '../../../src-shared/api/http';
import type { JsonBody, Profile, RequestBody } from '../../../src-shared/api/types';
import type { ResourceContext } from '../mapping';

export type ProfileUpdate = RequestBody<'/api/profile/update', 'put'>;
export type ProfileUpdateAnswer = JsonBody<'/api/profile/update', 'put'>;

export function profileCalls({ client }: ResourceContext) {
  return {
    getProfile: async (): Promise<Profile> => (await call(client.GET('/api/profile/get'))).data,
    updateProfile: (values: ProfileUpdate): Promise<ProfileUpdateAnswer> =>
      call(client.PUT('/api/profile/update', { body: values })),
  };
}
