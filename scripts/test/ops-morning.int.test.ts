import { createLogger } from '@fajr/activities';
import { createLocalEmail } from '@fajr/activities/adapters/email/local';
import { useOps } from '@fajr/scripts/testing/ops';

jest.setTimeout(30_000);

const h = useOps();
const { ops, opsWith, user } = h;

describe('npm run ops -- morning', () => {
  const date = '2026-11-20';
  const at = (hhmmss: string) => new Date(`${date}T${hhmmss}Z`);
  const attempt = (userId: string, n: number, planned: string, placed: string | null, outcome: string) => ({
    attempt_key: `fajr-call:${userId}:${date}#${n}`,
    user_id: userId,
    kind: n === 1 ? 'fajr' : 'repeat',
    call_date: date,
    workflow_id: `fajr-call:${userId}:${date}`,
    attempt: n,
    planned_at: at(planned),
    placed_at: placed ? at(placed) : null,
    outcome,
    provider: 'local',
    provider_call_id: placed ? `CA${Math.random().toString(16).slice(2)}` : null,
  });
  const london = { city_name: 'London', tz_name: 'Europe/London' };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    for (const name of ['answered', 'repeatAnswered', 'missed', 'failed', 'skipped']) ids[name] = await user(london);
    ids.leeds = await user({ city_name: 'Leeds', tz_name: 'Europe/London' });
    await h.db.knex('call_attempts').insert([
      attempt(ids.answered!, 1, '06:10:00', '06:10:00.400', 'answered'),
      attempt(ids.repeatAnswered!, 1, '06:10:00', '06:10:00.200', 'no-answer'),
      attempt(ids.repeatAnswered!, 2, '06:20:00', '06:20:02.500', 'answered'),
      attempt(ids.missed!, 1, '06:11:00', '06:11:00.300', 'busy'),
      attempt(ids.failed!, 1, '06:11:00', null, 'failed'),
      attempt(ids.leeds!, 1, '06:12:00', '06:12:01', 'voicemail'),
      // A test call on the same date is not a Fajr call.
      {
        ...attempt(ids.leeds!, 1, '09:00:00', '09:00:00.5', 'answered'),
        attempt_key: `test-call:${ids.leeds}/r#1`,
        kind: 'test',
        workflow_id: `test-call:${ids.leeds}`,
      },
    ]);
    // Armed (a slot reserved) and never dialled: its re-check said no.
    await h.db.knex('call_pacer_reservations').insert({
      attempt_key: `fajr-call:${ids.skipped}:${date}#1`,
      account: 'local',
      slot_at: at('06:13:00'),
      planned_at: at('06:13:00'),
    });
  });

  it('when calls of a date were placed, missed, failed and skipped, then it prints them per city and account with the lateness and the failed users', async () => {
    const res = await ops('morning', '--date', date);
    expect(res).toMatchObject({ code: 0, err: '' });
    const lines = res.out.split('\n');
    const row = (start: string) =>
      lines
        .find((l) => l.startsWith(start))!
        .trim()
        .split(/\s{2,}/);
    expect(lines.find((l) => l.startsWith('city / zone'))!.split(/\s{2,}/)).toEqual([
      'city / zone',
      'account',
      'planned',
      'placed',
      'answered',
      'answered %',
      'missed',
      'failed',
      'skipped',
      'pending',
      'latest lateness',
      'max lateness',
    ]);
    // London: 5 planned, 3 placed (the failed one never was), 2 answered (one on its repeat), latest call the repeat 2.5 s late.
    expect(row('London (Europe/London)')).toEqual([
      'London (Europe/London)',
      'local',
      '5',
      '3',
      '2',
      '67%',
      '1',
      '1',
      '1',
      '0',
      '2.5 s',
      '2.5 s',
    ]);
    expect(row('Leeds (Europe/London)')).toEqual([
      'Leeds (Europe/London)',
      'local',
      '1',
      '1',
      '0',
      '0%',
      '1',
      '0',
      '0',
      '0',
      '1.0 s',
      '1.0 s',
    ]);
    expect(row('all')).toEqual(['all', '6', '4', '2', '50%', '2', '1', '1', '0', '2.5 s', '2.5 s']);
    expect(res.out).toContain(`Calls that could not be placed (1), by user id:\n  ${ids.failed}`);
    expect(res.out).toContain(`WorkflowType = "fajrCall" AND CallDate = "${date}" AND ExecutionStatus = "Failed"`);
    expect(res.out).not.toContain(ids.answered!);
  });

  it("when an operators' address is given (--email, or OPS_REPORT_EMAIL), then the printed report is e-mailed there through the e-mail provider (the local outbox here)", async () => {
    const email = async () => createLocalEmail(h.db.knex, createLogger('test', 'silent'));
    const outbox = (to: string) =>
      h.db.knex('local_outbox').where({ channel: 'email', recipient: to }).select('subject', 'body');
    const res = await opsWith({ email }, 'morning', '--date', date, '--email', 'ops@example.com');
    expect(res).toMatchObject({ code: 0, err: '' });
    expect(res.out).toContain('E-mailed to ops@example.com.');
    const [sent, ...more] = await outbox('ops@example.com');
    expect(more).toEqual([]);
    expect(sent.subject).toMatch(new RegExp(`^Fajr morning ${date}: 4/6 placed, 2 answered, 2 missed, 1 failed(;|$)`));
    // The body is the report as printed (without the confirmation line).
    expect(sent.body).toBe(res.out.replace(/\nE-mailed to ops@example.com\.$/, ''));
    expect(sent.body).toContain(ids.failed);
    // The configured address, without the flag.
    expect(
      await opsWith({ email, reportEmail: 'night-shift@example.com' }, 'morning', '--date', '2026-11-01'),
    ).toMatchObject({ code: 0 });
    expect(await outbox('night-shift@example.com')).toEqual([
      {
        subject: expect.stringMatching(/^Fajr morning 2026-11-01: no calls planned(;|$)/),
        body: expect.stringContaining('No Fajr calls planned'),
      },
    ]);
    // Not an address: refused before anything is sent.
    expect(await opsWith({ email }, 'morning', '--date', date, '--email', 'ops')).toMatchObject({
      code: 2,
      err: '--email must be an e-mail address, got "ops"',
    });
    expect(await outbox('ops')).toEqual([]);
  });

  it('when a date has no calls, then it says so; a bad date is refused', async () => {
    const res = await ops('morning', '--date', '2026-11-01');
    expect(res).toMatchObject({ code: 0 });
    expect(res.out.split('\n')[0]).toBe(
      "No Fajr calls planned for 2026-11-01 (call dates are each user's local date).",
    );
    expect(await ops('morning', '--date', '20-11-2026')).toMatchObject({
      code: 2,
      err: '--date must be a date YYYY-MM-DD, got "20-11-2026"',
    });
  });
});
