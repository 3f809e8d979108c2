import type { AdminVentureList } from '../../../src-shared/api/types';

/**
 * A venture with every field, as its owner and admins get it (GET /api/ventures/id/{ventureId},
 * GET /api/ventures/admin-get-all; generated types), with react-admin's `id`. In a file of its own
 * so that the screens that use it import no screen (VentureChartsCard <-> VentureDetails was a loop).
 */
export type VentureRecord = AdminVentureList['data'][number] & { id: string };
