import { mosqueReplanWorkflowId } from '@fajr/workflows';
import { addDays } from '@fajr/activities/domain/time/zone-clock';
import { signalsOf, useApi } from '@fajr/scripts/testing/api';

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
});
