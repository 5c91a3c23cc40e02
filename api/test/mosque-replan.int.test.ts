import { mosqueReplanWorkflowId } from '@fajr/workflows';
import { addDays } from '@fajr/activities/domain/time/zone-clock';
import { signalsOf, useApi } from '@fajr/scripts/testing/api';
import { LONDON_PREFS } from '@fajr/scripts/testing/fixtures';
import { insertTestMosque, WHITECHAPEL_MOSQUE } from '@fajr/scripts/testing/mosques';
import { freshPhone } from '@fajr/scripts/testing/phones';
import { scheduleResult } from '../src/contracts/schedules.contract';

jest.setTimeout(60_000);

// Issue 46 point 4: a change to a mosque's times re-plans every member at once (a workflow per mosque pages
// through them); a change far ahead re-plans nobody (the chains plan those dates when they reach them).
const h = useApi();
const base = '/api/mosque-admin/mosques';

describe("a mosque's times change: its members' plans", () => {
  it('when a rule changes today, then the mosque re-plan starts; when only dates months ahead change, then nothing is signalled', async () => {
    const u = await h.user();
    const res = await h.api('POST', base, {
      token: u.token,
      body: {
        name: 'Masjid Replan Leicester',
        address: '2 Noor Street, Leicester',
        cityName: 'Leicester',
        countryCode: 'GB',
        lat: 52.6369,
        lng: -1.1398,
      },
    });
    const id = res.body.result.id as string;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
    const rule = (from: string, minutes: number) =>
      h.api('PUT', `${base}/${id}/rules`, { token: u.token, body: { from, rule: { kind: 'after-fajr', minutes } } });
    expect((await rule(today, 20)).status).toBe(200);
    const workflowId = mosqueReplanWorkflowId(id);
    expect(await signalsOf(h.temporal, workflowId)).toEqual(['mosqueTimesChanged']);
    expect((await rule(addDays(today, 100), 25)).status).toBe(200);
    expect(await signalsOf(h.temporal, workflowId)).toEqual(['mosqueTimesChanged']);
    expect((await rule(addDays(today, 1), 30)).status).toBe(200);
    expect(await signalsOf(h.temporal, workflowId)).toEqual(['mosqueTimesChanged', 'mosqueTimesChanged']);
    await h.temporal.workflow.getHandle(workflowId).terminate('test done');
  });

  it("when tomorrow's jama'ah moves, then the schedule's day before says from when and at what time", async () => {
    const mosque = await insertTestMosque(h.db, { ...WHITECHAPEL_MOSQUE, name: 'Masjid Schedule', address: '4 Road' }, [
      { localDate: '2027-01-04', jamaahAt: '2027-01-04T06:30:00Z' },
      { localDate: '2027-01-05', jamaahAt: '2027-01-05T06:50:00Z' },
      { localDate: '2027-01-06', jamaahAt: '2027-01-06T06:52:00Z' },
    ]);
    const u = await h.user({
      plan: 'BASIC',
      phoneNumber: freshPhone(),
      preferences: { ...LONDON_PREFS, mosque_id: mosque.id },
    });
    const res = await h.api('GET', '/api/salah-schedules/fajr-schedules?from=2027-01-04&days=3', { token: u.token });
    const { result } = scheduleResult.parse(res.body);
    expect(result.map((e) => e.jamaahChange ?? null)).toEqual([
      { date: '2027-01-05', jamaahTimeIso: '2027-01-05T06:50:00+00:00' },
      null,
      null,
    ]);
    // The last day shown knows its tomorrow too.
    const one = await h.api('GET', '/api/salah-schedules/fajr-schedules?from=2027-01-04&days=1', { token: u.token });
    expect(scheduleResult.parse(one.body).result[0]!.jamaahChange).toMatchObject({ date: '2027-01-05' });
  });
});
