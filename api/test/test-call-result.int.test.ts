import { testCallResult } from '../src/contracts/schedules.contract';
import { useApi } from '@fajr/scripts/testing/api';
import { freshPhone } from '@fajr/scripts/testing/phones';

jest.setTimeout(60_000);

const h = useApi({ env: { CALLER_ACCOUNTS: '+447700900123=5,+447700900124=5' } });

/** The user's newest test call as the account page reads it. */
async function latestTestCall(outcome: string, ringSeconds: number | null) {
  const u = await h.user({ plan: null, phoneNumber: freshPhone() });
  await h.db('call_attempts').insert({
    attempt_key: `test-call:${u.id}#1`,
    user_id: u.id,
    kind: 'test',
    call_date: '2026-11-28',
    workflow_id: `test-call:${u.id}`,
    attempt: 1,
    planned_at: new Date(),
    placed_at: new Date(),
    outcome,
    duration_seconds: 0,
    ring_seconds: ringSeconds,
    provider: 'local',
  });
  const res = await h.api('GET', '/api/salah-schedules/calls/test', { token: u.token });
  expect(res.status).toBe(200);
  return testCallResult.parse(res.body).result.testCall;
}

describe('GET /api/salah-schedules/calls/test: a silenced phone is told apart from a busy line', () => {
  it('when the phone rejected the call a second after it rang (Do Not Disturb), then it reads "Declined or silenced"', async () => {
    expect(await latestTestCall('busy', 1)).toMatchObject({
      outcome: 'busy',
      finished: true,
      label: 'Declined or silenced',
      silenced: true,
    });
  });

  it('when it went to voicemail without ringing, then silenced too; when it rang out, then "No answer"', async () => {
    expect(await latestTestCall('voicemail', 2)).toMatchObject({ label: 'Declined or silenced', silenced: true });
    expect(await latestTestCall('no-answer', 45)).toMatchObject({ label: 'No answer', silenced: false });
  });

  it('when busy after ringing a long time, or the ring time is unknown, then "Busy" as before', async () => {
    expect(await latestTestCall('busy', 30)).toMatchObject({ label: 'Busy', silenced: false });
    expect(await latestTestCall('busy', null)).toMatchObject({ label: 'Busy', silenced: false });
  });
});

describe('GET /api/data/fajr-contact(.vcf): the contact to save so calls ring through Do Not Disturb', () => {
  it('when anyone asks, then every caller number comes back, as JSON and as a vCard', async () => {
    const json = await h.api('GET', '/api/data/fajr-contact');
    expect(json).toMatchObject({
      status: 200,
      body: {
        result: {
          name: 'Fajr Wake-up Call',
          phoneNumbers: ['+447700900123', '+447700900124'],
          vcardPath: '/api/data/fajr-contact.vcf',
        },
      },
    });
    const res = await fetch(`${h.base}/api/data/fajr-contact.vcf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/vcard/);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="Fajr.vcf"');
    const card = await res.text();
    expect(card.startsWith('BEGIN:VCARD\r\nVERSION:3.0\r\n')).toBe(true);
    expect(card).toContain('FN:Fajr Wake-up Call\r\n');
    expect(card).toContain('TEL;TYPE=VOICE,CELL:+447700900123\r\nTEL;TYPE=VOICE,CELL:+447700900124\r\n');
    expect(card).toMatch(
      /NOTE:Fajr calls you from these numbers to wake you for the Fajr prayer. Add this contact to your Favourites/,
    );
    expect(card.endsWith('END:VCARD\r\n')).toBe(true);
  });
});
