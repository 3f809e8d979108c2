/**
 * The two English error texts the HTTP client (src-shared/api/http.ts) needs on its own: a failed
 * answer without a message, and no answer at all. They live apart from the code table
 * (src-shared/errors.ts, which uses them) so that the public site's first load does not carry the
 * whole table: only the screens that show errors load it (decision 0216).
 */
export const FALLBACK_ERROR_TEXTS = {
  'common.server_error': 'Something went wrong.',
  'network.no_response': 'No response from server. Please try again later.',
} as const;
