import { randomUUID } from 'node:crypto';
import { CALL_LINES } from '@fajr/activities/domain/call-speech';
import { useApi } from '@fajr/scripts/testing/api';
import { ringingCallTo } from '@fajr/scripts/testing/local-phone';
import { freshPhone } from '@fajr/scripts/testing/phones';
import { fajrCall, fajrCallWorkflowId } from '@fajr/workflows';
import { insertTestMosque } from '@fajr/scripts/testing/mosques';

jest.setTimeout(120_000);

/** As the phone page writes text (every quote as a character reference). */
const htmlText = (s: string) => s.replace(/'/g, '&#39;');

// Issue 46 point 4: a key press ends the call in the key webhook, whose answer must tell of tomorrow too.
describe("the awake-check key on the morning before the mosque's jama'ah moves (dev server, real API and worker)", () => {
  const h = useApi({ worker: 'all', env: { CALL_ARM_LEAD_SECONDS: '2' } });

  it("when the member presses the key on the local phone, then the answer thanks them and says tomorrow's jama'ah, and the phone page shows it", async () => {
    const phoneNumber = freshPhone();
    const u = await h.user({ plan: 'BASIC', phoneNumber, preferences: { allow_calls: true } });
    await h.api('POST', '/api/dev/phone/behaviours', { body: { phoneNumber, outcome: 'manual' } });
    const jamaah = Math.ceil((Date.now() + 30 * 60_000 + 4_000) / 1000) * 1000;
    const callAt = jamaah - 30 * 60_000;
    const callDate = new Date(callAt).toISOString().slice(0, 10);
    const mosqueName = `Masjid Al-Huda ${randomUUID().slice(0, 6)}`;
    const m = await insertTestMosque(h.db, { name: mosqueName }, [{ localDate: callDate, jamaahAt: new Date(jamaah) }]);
    await h.db('preferences').where({ user_id: u.id }).update({ mosque_id: m.id });
    // Tomorrow's jama'ah at 06:15 UTC, as the plan would carry it (jamaah-change-call.int.test.ts tests the planning).
    const tomorrow = new Date(Date.parse(`${callDate}T06:15:00Z`) + 24 * 3600_000);
    const handle = await h.temporal.workflow.start(fajrCall, {
      workflowId: fajrCallWorkflowId(u.id, callDate),
      taskQueue: h.taskQueue,
      args: [
        {
          userId: u.id,
          callDate,
          callAt: new Date(callAt).toISOString(),
          leadSeconds: 2,
          jamaahChange: { mosqueName, date: tomorrow.toISOString().slice(0, 10), jamaahAt: tomorrow.toISOString() },
        },
      ],
    });

    const sid = await ringingCallTo(h, phoneNumber, 80);
    expect(await h.api('POST', `/api/dev/phone/calls/${sid}/press`)).toMatchObject({ status: 200 });
    expect(await handle.result()).toMatchObject({ outcome: 'answered' });

    const line = CALL_LINES.en.jamaahChange(mosqueName, { hour: 6, minute: 15 });
    expect(line).toBe(`From tomorrow, Fajr jama'ah at ${mosqueName} is at 6:15 AM.`);
    const calls = (await h.api('GET', '/api/dev/phone/calls')).body.result as { sid: string; keyReplies: string[] }[];
    const call = calls.find((c) => c.sid === sid)!;
    expect(call.keyReplies).toHaveLength(1);
    expect(call.keyReplies[0]).toContain(`${CALL_LINES.en.awakeConfirmed} ${line}</Say><Hangup/>`);
    const confirmed = await h.db('call_attempts').where({ user_id: u.id }).first('confirmed_at');
    expect(confirmed.confirmed_at).toEqual(expect.any(Date));

    const page = await h.api('GET', '/api/dev/phone', { headers: { accept: 'text/html' } });
    expect(page.body).toContain('after the key');
    expect(page.body).toContain(htmlText(line));
  });
});
