import { Router } from 'express';
import type { ApiDeps } from '../deps';

async function probe(check: () => Promise<unknown>, timeoutMs = 2000): Promise<{ ok: boolean; error?: string }> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs))),
    ]);
    return { ok: true };
  } catch (err) {
    return { ok: false, error: (err as Error).message };
  } finally {
    clearTimeout(timer);
  }
}

/** GET /health: Postgres and Temporal reachability; 200 when both answer, 503 naming the one that does not. */
export function healthRoutes(deps: ApiDeps): Router {
  const router = Router();
  router.get('/health', async (_req, res) => {
    const [postgres, temporal] = await Promise.all([
      probe(() => deps.db.raw('select 1')),
      probe(() => deps.temporal.connection.workflowService.getSystemInfo({})),
    ]);
    const down = [!postgres.ok && 'Postgres', !temporal.ok && 'Temporal'].filter(Boolean);
    const body = { status: down.length ? 'unavailable' : 'ok', postgres, temporal };
    if (down.length) res.status(503).json({ ...body, error: `${down.join(' and ')} not reachable` });
    else res.json(body);
  });
  return router;
}
