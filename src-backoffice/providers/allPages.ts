import type { GetListParams, GetListResult, RaRecord } from 'react-admin';

/** The API's largest page (the contract clamps `limit` to 1..100). */
export const API_MAX_LIMIT = 100;

/**
 * A page larger than the API's (react-admin's CSV export asks for 1,000 rows of the current filter)
 * is read as consecutive API pages of 100 until it is full or the list ends, so an export holds every
 * row of the filter and not one page.
 */
export async function getAllPages(
  fn: (params: GetListParams) => Promise<GetListResult>,
  params: GetListParams,
): Promise<GetListResult> {
  const perPage = Number(params.pagination?.perPage ?? 10);
  const page = Math.max(1, Math.floor(Number(params.pagination?.page) || 1));
  const start = (page - 1) * perPage;
  if (!(perPage > API_MAX_LIMIT) || start % API_MAX_LIMIT !== 0) return fn(params);
  const data: RaRecord[] = [];
  let total = 0;
  for (let apiPage = start / API_MAX_LIMIT + 1; data.length < perPage; apiPage += 1) {
    const result = await fn({ ...params, pagination: { page: apiPage, perPage: API_MAX_LIMIT } });
    total = result.total ?? total;
    data.push(...result.data);
    if (result.data.length < API_MAX_LIMIT || start + data.length >= total) break;
  }
  return { data: data.slice(0, perPage), total };
}
