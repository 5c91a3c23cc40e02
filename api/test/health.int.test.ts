import { Client, Connection } from '@temporalio/client';
import { createDb } from '@fajr/activities';
import { useApi } from '@fajr/scripts/testing/api';

describe('GET /api/health', () => {
  const h = useApi();

  it('when Postgres and Temporal answer, then 200 with both ok', async () => {
    const res = await h.api('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', postgres: { ok: true }, temporal: { ok: true } });
  });

  it('when Temporal does not answer, then 503 naming Temporal', async () => {
    const realTemporal = h.deps.temporal;
    h.deps.temporal = new Client({ connection: Connection.lazy({ address: '127.0.0.1:1', connectTimeout: 500 }) });
    try {
      const res = await h.api('GET', '/api/health');
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({
        error: 'Temporal not reachable',
        postgres: { ok: true },
        temporal: { ok: false },
      });
    } finally {
      // An unclosed channel keeps retrying 127.0.0.1:1 and holds the jest worker open after the file.
      await h.deps.temporal.connection.close();
      h.deps.temporal = realTemporal;
    }
  });

  it('when Postgres does not answer, then 503 naming Postgres', async () => {
    const realDb = h.deps.db;
    h.deps.db = createDb('postgres://nobody:x@127.0.0.1:1/none', { min: 0, max: 1, acquireTimeoutMillis: 500 });
    try {
      const res = await h.api('GET', '/api/health');
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({
        error: 'Postgres not reachable',
        postgres: { ok: false },
        temporal: { ok: true },
      });
    } finally {
      await h.deps.db.destroy();
      h.deps.db = realDb;
    }
  });

  it('when a path is unknown, then 404 with an error body', async () => {
    const res = await h.api('GET', '/api/nope');
    expect(res).toMatchObject({ status: 404, body: { error: 'Not found' } });
  });

  it('when the body is not JSON, then 400 with a clear message', async () => {
    const res = await h.api('POST', '/api/health', { rawBody: '{bad' });
    expect(res).toMatchObject({ status: 400, body: { error: 'The request body is not valid JSON' } });
  });
});
