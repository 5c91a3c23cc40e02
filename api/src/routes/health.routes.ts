import { Router } from 'express';
import type { ApiDeps } from '../deps';
import { pingTemporal } from '../temporal';

const PROBE_TIMEOUT_MS = 2000;

async function probe(
  check: () => Promise<unknown>,
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<{ ok: boolean; error?: string }> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise(
        (_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs)),
      ),
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
      // The call itself gets the deadline: the client retries UNAVAILABLE for ~20 s, so a race alone
      // would leave a call retrying behind every health check while Temporal is down. It ends at
      // most one retry interval (~1 s) after the deadline; the race is only a safety net.
      probe(() => pingTemporal(deps, PROBE_TIMEOUT_MS), PROBE_TIMEOUT_MS + 3000),
    ]);
    const down = [!postgres.ok && 'Postgres', !temporal.ok && 'Temporal'].filter(Boolean);
    const body = { status: down.length ? 'unavailable' : 'ok', postgres, temporal };
    if (down.length) res.status(503).json({ ...body, error: `${down.join(' and ')} not reachable` });
    else res.json(body);
  });
  return router;
}
