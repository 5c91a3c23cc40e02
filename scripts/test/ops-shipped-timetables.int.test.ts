import { readFileSync } from 'node:fs';
import path from 'node:path';
import { seedShippedTimetables } from '@fajr/migrations';
import { parseESolatAnswer } from '@fajr/activities/adapters/esolat/esolat';
import { validateFetchedYear } from '@fajr/activities/domain/timetable-upkeep';
import { recordTimetableUpdate } from '@fajr/activities/repositories/timetable-upkeep.repository';
import { useOps } from '@fajr/scripts/testing/ops';

jest.setTimeout(60_000);

// e-Solat's PLS01 year with one day's Subuh moved 5 minutes: the upkeep holds it (fixtures/esolat/SOURCES.md).
const ANSWER = readFileSync(
  path.join(__dirname, '../../activities/test/fixtures/esolat/pls01-2026.json'),
  'utf8',
).replace(
  '"date":"15-Jun-2026","day":"Monday","imsak":"05:48:00","fajr":"05:48:00"',
  '"date":"15-Jun-2026","day":"Monday","imsak":"05:48:00","fajr":"05:53:00"',
);

const h = useOps();
const { ops } = h;
beforeAll(async () => {
  await seedShippedTimetables(h.db.knex);
});

describe('npm run ops -- morning, timetable updates / approve (shipped tables)', () => {
  it('when a shipped table ends within 60 days, then the morning report names it with its days left', async () => {
    // The shipped 2026 tables end on 31 December: 33 days after 28 November.
    const { out } = await ops('morning', '--date', '2026-11-28');
    expect(out).toMatch(/Shipped published tables ending within 60 days/);
    expect(out).toMatch(/JAKIM zone PLS01 \(Perlis\)\s+2026-12-31\s+33\s+0/);
    expect(out).toMatch(/Islamiska förbundet — published timetable for Haparanda\s+2026-12-31\s+33/);
  });

  it('when a fetched year is held, then timetable updates shows its day off, and approve writes it in', async () => {
    // The PLS01 table ends 2025-12-31 here, so 2026 is its next year (its shipped 2026 days set aside).
    const pls = await h.db.knex('published_timetables').where({ zone_code: 'PLS01' }).first();
    await h.db
      .knex('published_timetable_days')
      .where({ timetable_id: pls.id })
      .where('local_date', '>', '2025-12-31')
      .del();
    await h.db.knex('published_timetable_days').insert({
      timetable_id: pls.id,
      local_date: '2025-12-31',
      fajr_at: '2025-12-31T06:14:00+08:00',
      sunrise_at: '2025-12-31T07:29:00+08:00',
    });
    // What the monthly upkeep does with e-Solat's answer (its own test: activities/test/timetable-upkeep.int.test.ts).
    const fetched = parseESolatAnswer(ANSWER, 'PLS01', 2026);
    if (!fetched.ok) throw new Error(fetched.reason);
    const place = {
      lat: pls.lat,
      lng: pls.lng,
      tzName: pls.tz_name,
      calcMethod: 'Jakim',
      highLatRule: 'MiddleOfTheNight',
    };
    const { days, problems } = validateFetchedYear(fetched.days, 2026, place);
    const update = { timetableId: pls.id, year: 2026, days, problems, source: fetched.source, now: new Date() };
    expect(await recordTimetableUpdate(h.db.knex, update)).toBe('held');

    const updates = await ops('timetable', 'updates');
    expect(updates.out).toMatch(/JAKIM zone PLS01 \(Perlis\)\s+2026\s+1\s+2026-06-15\s+05:53\s+05:49\s+4/);
    const { id } = await h.db.knex('published_timetable_updates').where({ status: 'held' }).first('id');
    expect(updates.out).toContain(id);
    expect(await ops('timetable', 'approve', 'not-an-id')).toMatchObject({ code: 2 });
    expect(await ops('timetable', 'approve', id)).toMatchObject({ code: 0, out: expect.stringContaining('Approved') });
    expect((await ops('timetable', 'updates')).out).toBe('No fetched years are held.');
    const written = await h.db
      .knex('published_timetable_days')
      .where({ timetable_id: pls.id })
      .where('local_date', '>', '2025-12-31')
      .count('* as n');
    expect(Number(written[0]!.n)).toBe(365);
  });
});
