import { randomUUID } from 'node:crypto';
import { useApi, type ApiHarness } from '@fajr/scripts/testing/api';
import { fajrCall, fajrCallWorkflowId, type FajrCallResult } from '@fajr/workflows';

jest.setTimeout(120_000);

let seq = 0;
/** A GB mobile number of its own for each phone. */
const newNumber = () => `+4474008${String(Date.now() % 1e4).padStart(4, '0')}${(seq += 1)}`;

/**
 * A morning on the local phone, end to end on the dev server: the real API (status callbacks, the
 * awake-check webhook, the dev phone's routes), a worker with every activity and the real workflows,
 * and a mosque whose jamaah puts the day's call a few seconds from now, so the re-checks before each
 * dial see the same plan. Returns the day's result, its call log and the operators' attributes.
 */
export async function morningOnLocalPhone(h: ApiHarness, userId: string) {
  const jamaah = Math.ceil((Date.now() + 30 * 60_000 + 4_000) / 1000) * 1000;
  const callAt = jamaah - 30 * 60_000;
  const callDate = new Date(callAt).toISOString().slice(0, 10);
  const [m] = await h.db('mosques')
    .insert({ name: `Local phone ${randomUUID().slice(0, 6)}`, address: 'x', country_code: 'GB', city_name: 'Test', lat: 51.5, lng: 0, tz_name: 'UTC' })
    .returning('id');
  await h.db('mosque_fajr_times').insert({ mosque_id: m.id, local_date: callDate, jamaah_at: new Date(jamaah) });
  await h.db('preferences').where({ user_id: userId }).update({ mosque_id: m.id });
  const handle = await h.temporal.workflow.start(fajrCall, {
    workflowId: fajrCallWorkflowId(userId, callDate),
    taskQueue: h.taskQueue,
    args: [{ userId, callDate, callAt: new Date(callAt).toISOString(), leadSeconds: 2 }],
  });
  const result: FajrCallResult = await handle.result();
  const desc = await handle.describe();
  const attr = (name: string) => desc.typedSearchAttributes.get({ name, type: 'KEYWORD' } as never);
  const log = await h.db('call_attempts').where({ user_id: userId }).orderBy('id').select('kind', 'attempt', 'outcome', 'ring_seconds');
  return { result, log, callOutcome: attr('CallOutcome'), wokenBy: attr('WokenBy') };
}

describe('one morning on the local phone (dev server, real API and worker)', () => {
  const h = useApi({ worker: 'all', env: { CALL_ARM_LEAD_SECONDS: '2' } });

  it('when a Plus user\'s phone is silenced (Do Not Disturb), then attempt 1 is rejected at once, the ring-through gets through, and the log says "Rang through Do Not Disturb"', async () => {
    const phoneNumber = newNumber();
    const u = await h.user({ plan: 'PLUS', phoneNumber, preferences: { allow_calls: true } });
    expect(await h.api('POST', '/api/dev/phone/behaviours', { body: { phoneNumber, outcome: 'silenced' } })).toMatchObject({ status: 200 });

    const m = await morningOnLocalPhone(h, u.id);
    expect(m.result).toMatchObject({ outcome: 'answered', wokenBy: 'ring-through' });
    // The ring time is asked of the provider for unanswered attempts, where it is the signal.
    expect(m.log).toEqual([
      { kind: 'fajr', attempt: 1, outcome: 'busy', ring_seconds: 1 },
      { kind: 'ring-through', attempt: 3, outcome: 'answered', ring_seconds: null },
    ]);
    expect([m.callOutcome, m.wokenBy]).toEqual(['answered', 'ring-through']);
    const stats = await h.api('GET', '/api/salah-schedules/calls/stats', { token: u.token });
    expect(stats.body.result).toMatchObject({ answered: 1, missed: 0 });
    expect(stats.body.result.callLogs[0]).toMatchObject({ kind: 'ring-through', callAnsweredBy: 'Answered', note: 'Rang through Do Not Disturb' });
  });
});
