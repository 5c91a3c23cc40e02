import { resolveMosqueRequest } from '@fajr/activities/repositories/mosques.repository';
import { useApi } from '@fajr/scripts/testing/api';
import { mosqueRequestsResult } from '../src/contracts/mosque-requests.contract';

jest.setTimeout(60_000);

const h = useApi();

describe('GET /api/data/mosques/requests', () => {
  it('when a user asked for mosques, then they see how each was answered, newest first, and nobody else sees them', async () => {
    const u = await h.user();
    const other = await h.user();
    const ask = (name: string) =>
      h.api('POST', '/api/data/mosques/request', { token: u.token, body: { name, address: 'Leeds' } });
    await ask('Leeds Grand Mosque');
    await ask('Not a mosque');
    await ask('Makkah Masjid Leeds');
    const rows = await h.db('mosque_requests').where({ user_id: u.id }).orderBy('created_at');
    const mosque = await h.db('mosques').where({ name: 'East London Mosque' }).first();
    await resolveMosqueRequest(h.db, rows[0].id, { added: mosque.id });
    await resolveMosqueRequest(h.db, rows[1].id, { rejected: 'We could not find it' });

    const res = await h.api('GET', '/api/data/mosques/requests', { token: u.token });
    expect(res.status).toBe(200);
    const { result } = mosqueRequestsResult.parse(res.body);
    expect(result.map((r) => [r.name, r.status, r.note, r.mosqueName])).toEqual([
      ['Makkah Masjid Leeds', 'open', null, null],
      ['Not a mosque', 'rejected', 'We could not find it', null],
      ['Leeds Grand Mosque', 'added', null, 'East London Mosque'],
    ]);
    expect((await h.api('GET', '/api/data/mosques/requests', { token: other.token })).body).toEqual({ result: [] });
    expect((await h.api('GET', '/api/data/mosques/requests')).status).toBe(401);
  });
});
