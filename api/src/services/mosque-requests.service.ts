import { listUserMosqueRequests } from '@fajr/activities/repositories/mosques.repository';
import type { MosqueRequestView } from '../contracts/mosque-requests.contract';
import type { ApiDeps } from '../deps';

/** GET /data/mosques/requests: the user's own mosque requests and how an operator answered each. */
export async function myMosqueRequests(deps: Pick<ApiDeps, 'db'>, userId: string): Promise<MosqueRequestView[]> {
  const rows = await listUserMosqueRequests(deps.db, userId);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    status: r.status,
    note: r.status === 'rejected' ? r.resolutionNote : null,
    mosqueName: r.mosqueName,
    requestedAt: r.createdAt.toISOString(),
    resolvedAt: r.resolvedAt?.toISOString() ?? null,
  }));
}
