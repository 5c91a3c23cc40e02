import { morningCalls } from '@fajr/activities/repositories/morning-calls.repository';
import { useOps } from '@fajr/scripts/testing/ops';

jest.setTimeout(30_000);

const h = useOps();
const { ops, user } = h;

// Issue 47 point 1: the last call before sunrise is its own workflow (sunrise-call:<user>:<date>) but
// belongs to the day; the morning report counts it with its day and, apart, as its own kind.
describe('npm run ops -- morning, with last calls before sunrise', () => {
  const date = '2026-11-21';
  const at = (hhmmss: string) => new Date(`${date}T${hhmmss}Z`);
  const attempt = (userId: string, kind: 'fajr' | 'repeat' | 'sunrise', placed: string, outcome: string) => {
    const n = { fajr: 1, repeat: 2, sunrise: 5 }[kind];
    const workflowId = `${kind === 'sunrise' ? 'sunrise-call' : 'fajr-call'}:${userId}:${date}`;
    return {
      attempt_key: `${workflowId}#${n}`,
      user_id: userId,
      kind,
      call_date: date,
      workflow_id: workflowId,
      attempt: n,
      planned_at: at(placed),
      placed_at: at(placed),
      outcome,
      provider: 'local',
      provider_call_id: `CA${Math.random().toString(16).slice(2)}`,
    };
  };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const london = { city_name: 'London', tz_name: 'Europe/London' };
    for (const name of ['wokenAtSunrise', 'missedAtSunrise', 'sunriseRinging', 'noSunrise'])
      ids[name] = await user(london);
    await h.db
      .knex('call_attempts')
      .insert([
        attempt(ids.wokenAtSunrise!, 'fajr', '06:10:00', 'no-answer'),
        attempt(ids.wokenAtSunrise!, 'repeat', '06:20:00', 'no-answer'),
        attempt(ids.wokenAtSunrise!, 'sunrise', '07:05:00', 'answered'),
        attempt(ids.missedAtSunrise!, 'fajr', '06:10:00', 'busy'),
        attempt(ids.missedAtSunrise!, 'repeat', '06:20:00', 'no-answer'),
        attempt(ids.missedAtSunrise!, 'sunrise', '07:05:00', 'no-answer'),
        attempt(ids.sunriseRinging!, 'fajr', '06:10:00', 'no-answer'),
        attempt(ids.sunriseRinging!, 'sunrise', '07:05:00', 'ringing'),
        attempt(ids.noSunrise!, 'fajr', '06:11:00', 'answered'),
      ]);
  });

  it('when a day ended on its last call before sunrise, then the day is one day, answered or missed by it, and the sunrise call is counted as its own kind', async () => {
    const days = await morningCalls(h.db.knex, date);
    expect(days).toHaveLength(4);
    const day = (id: string) => days.find((d) => d.userId === id)!;
    expect(day(ids.wokenAtSunrise!)).toMatchObject({
      workflowId: `fajr-call:${ids.wokenAtSunrise}:${date}`,
      attempts: 3,
      answered: true,
      final: true,
      plannedAt: at('06:10:00'),
      lastPlacedAt: at('07:05:00'),
      sunrise: { placed: true, answered: true, final: true },
    });
    expect(day(ids.missedAtSunrise!)).toMatchObject({
      answered: false,
      final: true,
      sunrise: { placed: true, answered: false, final: true },
    });
    // Still ringing: the day is not over (not missed yet).
    expect(day(ids.sunriseRinging!)).toMatchObject({ final: false, sunrise: { answered: false, final: false } });
    expect(day(ids.noSunrise!)).toMatchObject({ answered: true, sunrise: null });
  });

  it('when the report is printed, then each day counts once and a line counts the last calls before sunrise', async () => {
    const res = await ops('morning', '--date', date);
    expect(res).toMatchObject({ code: 0, err: '' });
    const all = res.out
      .split('\n')
      .find((l) => l.startsWith('all'))!
      .trim()
      .split(/\s{2,}/);
    // 4 days planned and placed; answered: one by the sunrise call, one by attempt 1; one missed; one pending.
    expect(all.slice(0, 8)).toEqual(['all', '4', '4', '2', '50%', '1', '0', '0']);
    expect(all[8]).toBe('1');
    expect(res.out).toContain('Last calls before sunrise: 3 placed, 1 answered (their days count above).');
  });
});
