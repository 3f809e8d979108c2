import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../../../src-shared/api/http';
import type { LanguageCode, SophisticatedCriterion } from '../../../src-shared/constants/enums';
import type {
  KnowledgeQuestion,
  KnowledgeTestResult,
  LossSimulationBody,
  ProtectionProfile,
} from '../../../src-shared/contracts/protection';

/**
 * The investor profile's calls (API contract, "Investor protection"; EU 2020/1503 Art. 21 and 22):
 * the investor's state (GET /api/protection/me), the knowledge test in the reader's language (GET and
 * POST /api/protection/knowledge-test), the risk warning's acknowledgement (POST
 * /api/protection/risk-acknowledgement), the loss simulation (POST /api/protection/loss-simulation)
 * and the request to be treated as sophisticated (multipart POST
 * /api/protection/sophisticated-request). Every step refreshes `protectionKeys.all`, so the overview
 * and the invest dialog see what is still missing at once.
 */
export const protectionKeys = {
  all: ['protection'] as const,
  me: () => [...protectionKeys.all, 'me'] as const,
  test: (lang: string) => [...protectionKeys.all, 'knowledge-test', lang] as const,
};

/** The signed-in investor's protection state (category, test, acknowledgement, simulation, request);
 * the invest dialog asks for it afresh at every opening (`staleTime: 0`) and only for an investor. */
export function useProtectionProfile(options: { enabled?: boolean; staleTime?: number } = {}) {
  return useQuery({
    queryKey: protectionKeys.me(),
    queryFn: async (): Promise<ProtectionProfile> => (await call(api.GET('/api/protection/me'))).data,
    ...options,
  });
}

/** The test's questions in `lang` (no answers): a new language is a new query, so it is fetched again. */
export function useKnowledgeTest(lang: LanguageCode, enabled = true) {
  return useQuery({
    queryKey: protectionKeys.test(lang),
    queryFn: async (): Promise<KnowledgeQuestion[]> =>
      (
        await call(
          api.GET('/api/protection/knowledge-test', {
            params: { query: { lang } },
          }),
        )
      ).data.questions,
    enabled,
    // The questions do not change while the page is open: a refetch would not reset the answers but
    // would spend a call on every focus.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** Refreshes everything of the investor's protection state after a step. */
function useRefreshProfile() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: protectionKeys.me() });
}

/** POST /api/protection/knowledge-test: the answers; the result's explanations come in `lang`. */
export function useSubmitKnowledgeTest(lang: LanguageCode) {
  const refresh = useRefreshProfile();
  return useMutation({
    mutationFn: async (answers: Record<string, string>): Promise<KnowledgeTestResult> =>
      (
        await call(
          api.POST('/api/protection/knowledge-test', {
            params: { query: { lang } },
            body: { answers },
          }),
        )
      ).data,
    onSuccess: refresh,
  });
}

/** POST /api/protection/risk-acknowledgement: the investor confirms the warning of Art. 21(5), which
 * the server stores as shown (in `lang`). */
export function useAcknowledgeRisk(lang: LanguageCode) {
  const refresh = useRefreshProfile();
  return useMutation({
    mutationFn: () =>
      call(
        api.POST('/api/protection/risk-acknowledgement', {
          params: { query: { lang } },
          body: { acknowledged: true },
        }),
      ),
    onSuccess: refresh,
  });
}

/** POST /api/protection/loss-simulation (euros). */
export function useSaveLossSimulation() {
  const refresh = useRefreshProfile();
  return useMutation({
    mutationFn: async (body: LossSimulationBody) =>
      (await call(api.POST('/api/protection/loss-simulation', { body }))).data,
    onSuccess: refresh,
  });
}

/** The multipart body of a sophisticated request: one `criteria` field per criterion, and the file. */
export function sophisticatedRequestForm(
  criteria: readonly SophisticatedCriterion[],
  evidence: File,
): FormData {
  const form = new FormData();
  for (const criterion of criteria) form.append('criteria', criterion);
  form.append('evidence', evidence);
  return form;
}

/** Multipart POST /api/protection/sophisticated-request (201). */
export function useRequestSophisticated() {
  const refresh = useRefreshProfile();
  return useMutation({
    mutationFn: (form: FormData) =>
      // A FormData body goes out as multipart/form-data as it is (src-shared/api/http.ts).
      call(api.POST('/api/protection/sophisticated-request', { body: form as never })),
    onSuccess: refresh,
  });
}
