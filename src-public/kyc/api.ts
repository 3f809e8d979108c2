import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../../src-shared/api/http';
import type { KycSession, MyVerification } from '../../src-shared/api/types';

/**
 * Identity verification's calls: the signed-in user's status (GET /api/kyc/my-verification), a new
 * verification link (POST /api/kyc/start-verification), and the built-in verification form behind
 * such a link (GET and POST /api/kyc/session/{token}). Everything of the signed-in user is under
 * `kycKeys.mine()`, so invalidating it refreshes the verification page and the invest dialog.
 */
export const kycKeys = {
  all: ['kyc'] as const,
  mine: () => [...kycKeys.all, 'mine'] as const,
  session: (token: string) => [...kycKeys.all, 'session', token] as const,
};

export async function fetchMyVerification(): Promise<MyVerification | null> {
  return (await call(api.GET('/api/kyc/my-verification'))) ?? null;
}

/** The signed-in user's verification (not retried: a screen shows a failed check at once). */
export function useMyVerification(options: { enabled?: boolean; staleTime?: number } = {}) {
  return useQuery({ queryKey: kycKeys.mine(), queryFn: fetchMyVerification, retry: false, ...options });
}

/** POST /api/kyc/start-verification: a link to the verification form. */
export function useStartVerification() {
  return useMutation({ mutationFn: () => call(api.POST('/api/kyc/start-verification')) });
}

/** The verification session behind a link (the single-use token is the credential). */
export function useKycSession(token: string) {
  return useQuery({
    queryKey: kycKeys.session(token),
    queryFn: (): Promise<KycSession> =>
      call(api.GET('/api/kyc/session/{token}', { params: { path: { token } } })),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** POST /api/kyc/session/{token}: the documents and details as one multipart request. */
export function useSubmitKyc(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) =>
      call(
        api.POST('/api/kyc/session/{token}', {
          params: { path: { token } },
          // A FormData body goes out as multipart/form-data as it is (src-shared/api/http.ts).
          body: form as never,
        }),
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: kycKeys.mine() }),
  });
}
