/**
 * The key investment information sheet (API contract, "Key investment information sheet"): calls that
 * are not react-admin verbs. The server decides who may make them (the company writes its own
 * venture's sheet; admins read any).
 *
 * | app | call | HTTP call |
 * |---|---|---|
 * | both | getKiis(id) | GET /api/ventures/my-ventures/{ventureId}/kiis (the draft, what is missing, when published) |
 * | corporate | saveKiis(id, fields) | PUT /api/ventures/my-ventures/{ventureId}/kiis (the whole draft; answers complete and missing) |
 * | both | kiisPdfUrl(id, lang, preview) | the address of GET /api/ventures/{ventureId}/kiis?lang&preview (opened in a new tab, not fetched) |
 */
import type { Identifier } from 'react-admin';
import { call } from '../../../src-shared/api/http';
import type { JsonBody, RequestBody } from '../../../src-shared/api/types';
import { idParam, type ResourceContext } from '../mapping';

export type KiisDraft = JsonBody<'/api/ventures/my-ventures/{ventureId}/kiis'>['data'];
export type KiisFieldsBody = RequestBody<'/api/ventures/my-ventures/{ventureId}/kiis', 'put'>;
export type KiisState = JsonBody<'/api/ventures/my-ventures/{ventureId}/kiis', 'put'>['data'];

/** The sheet as PDF: the published one, or (`preview`) the draft for its company and admins. */
export function kiisPdfUrl(id: Identifier, lang: string, preview = false): string {
  const query = new URLSearchParams({ lang, ...(preview && { preview: 'true' }) });
  return `/api/ventures/${encodeURIComponent(String(id))}/kiis?${query.toString()}`;
}

export function kiisCalls({ client }: ResourceContext) {
  const path = (id: Identifier) => ({ path: { ventureId: idParam(id) } });
  return {
    getKiis: async (id: Identifier): Promise<KiisDraft> =>
      (await call(client.GET('/api/ventures/my-ventures/{ventureId}/kiis', { params: path(id) }))).data,
    saveKiis: async (id: Identifier, fields: KiisFieldsBody): Promise<KiisState> =>
      (
        await call(
          client.PUT('/api/ventures/my-ventures/{ventureId}/kiis', { params: path(id), body: fields }),
        )
      ).data,
  };
}
