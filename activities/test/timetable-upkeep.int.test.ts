import { readFileSync } from 'node:fs';
import path from 'node:path';
import { useTestDeps } from '@fajr/scripts/testing/fixtures';
import { JAKIM_ZONES } from '../src/domain/planning/jakim-zones';
import { recordedESolat } from '../src/adapters/esolat/esolat';
import { createTimetableUpkeepActivities } from '../src/timetables/upkeep.activities';
import { approveTimetableUpdate, listHeldUpdates } from '../src/repositories/timetable-upkeep.repository';

// e-Solat's PLS01 year, recorded (fixtures/esolat/SOURCES.md): the "next year" of a table ending 2025-12-31.
const PLS01_2026 = readFileSync(path.join(__dirname, 'fixtures/esolat/pls01-2026.json'), 'utf8');
/** The same answer with one day's Subuh moved 5 minutes (a typo at the source; 4 from the method's): validation must hold the year. */
const WITH_A_TYPO = PLS01_2026.replace(
  '"date":"15-Jun-2026","day":"Monday","imsak":"05:48:00","fajr":"05:48:00"',
  '"date":"15-Jun-2026","day":"Monday","imsak":"05:48:00","fajr":"05:53:00"',
);

describe('timetable upkeep (real Postgres, recorded e-Solat answers)', () => {
  const t = useTestDeps();
  const at = (iso: string) => ({ ...t.deps, now: () => new Date(iso) });

  /** A shipped zone table whose last date is 2025-12-31 (its one row's times are placeholders: only the date matters here). */
  async function shippedZone(code: string): Promise<string> {
    const zone = JAKIM_ZONES.find((z) => z.code === code)!;
    const [{ id }] = await t.db
      .knex('published_timetables')
      .insert({
        authority: 'JAKIM',
        country_code: 'MY',
        city_name: code,
        zone_code: code,
        shipped: true,
        lat: zone.lat,
        lng: zone.lng,
        tz_name: 'Asia/Kuala_Lumpur',
        source: 'test',
      })
      .returning('id');
    await t.db.knex('published_timetable_days').insert({
      timetable_id: id,
      local_date: '2025-12-31',
      fajr_at: '2025-12-31T06:14:00+08:00',
      sunrise_at: '2025-12-31T07:29:00+08:00',
    });
    return id;
  }
  const daysIn = async (id: string, year: number) =>
    Number(
      (
        await t.db
          .knex('published_timetable_days')
          .where({ timetable_id: id })
          .whereBetween('local_date', [`${year}-01-01`, `${year}-12-31`])
          .count('* as n')
      )[0]!.n,
    );

  it('when a table has more than 60 days left, then nothing is fetched', async () => {
    await t.db.knex('published_timetables').del();
    const id = await shippedZone('PLS01');
    const acts = createTimetableUpkeepActivities(
      at('2025-10-01T00:00:00Z'),
      recordedESolat({ 'PLS01-2026': PLS01_2026 }),
    );
    expect(await acts.checkShippedTimetables()).toMatchObject({ checked: 1, runningOut: [], activated: [] });
    expect(await daysIn(id, 2026)).toBe(0);
  });

  it('when a zone table has 33 days left, then the next year is fetched, found within 3 minutes of the method, and activated once', async () => {
    await t.db.knex('published_timetables').del();
    const id = await shippedZone('PLS01');
    const acts = createTimetableUpkeepActivities(
      at('2025-11-28T00:00:00Z'),
      recordedESolat({ 'PLS01-2026': PLS01_2026 }),
    );
    expect(await acts.checkShippedTimetables()).toMatchObject({
      runningOut: [{ label: 'JAKIM zone PLS01 (Perlis)', lastDate: '2025-12-31', daysLeft: 33 }],
      activated: [{ label: 'JAKIM zone PLS01 (Perlis)', year: 2026 }],
      held: [],
    });
    expect(await daysIn(id, 2026)).toBe(365);
    const day = await t.db
      .knex('published_timetable_days')
      .where({ timetable_id: id, local_date: '2026-01-01' })
      .first();
    expect(new Date(day.fajr_at).toISOString()).toBe('2025-12-31T22:16:00.000Z');
    // Next month the table runs to 2026-12-31: nothing left to do.
    const later = createTimetableUpkeepActivities(at('2025-12-28T00:00:00Z'), recordedESolat({}));
    expect(await later.checkShippedTimetables()).toMatchObject({ runningOut: [], activated: [] });
  });

  it('when a fetched day is more than 3 minutes from the method, then the year is held for an operator, who approves it', async () => {
    await t.db.knex('published_timetables').del();
    const id = await shippedZone('PLS01');
    const acts = createTimetableUpkeepActivities(
      at('2025-11-28T00:00:00Z'),
      recordedESolat({ 'PLS01-2026': WITH_A_TYPO }),
    );
    expect(await acts.checkShippedTimetables()).toMatchObject({
      held: [{ label: 'JAKIM zone PLS01 (Perlis)', year: 2026, problems: 1 }],
      activated: [],
    });
    expect(await daysIn(id, 2026)).toBe(0);
    const [held] = await listHeldUpdates(t.db.knex);
    expect(held).toMatchObject({
      year: 2026,
      problems: [{ date: '2026-06-15', published: '05:53', method: '05:49', minutes: 4 }],
    });
    // Asked once a year: the next monthly run does not fetch it again.
    expect(await acts.checkShippedTimetables()).toMatchObject({ held: [], activated: [] });
    expect(await approveTimetableUpdate(t.db.knex, held!.id, new Date())).toBe(true);
    expect(await daysIn(id, 2026)).toBe(365);
    expect(await listHeldUpdates(t.db.knex)).toEqual([]);
  });

  it('when e-Solat has no next year yet, or no source is configured, then operators are told and nothing changes', async () => {
    await t.db.knex('published_timetables').del();
    await shippedZone('KTN01');
    const none = createTimetableUpkeepActivities(at('2025-11-28T00:00:00Z'), recordedESolat({}));
    expect(await none.checkShippedTimetables()).toMatchObject({
      runningOut: [{ label: 'JAKIM zone KTN01 (Kelantan)', daysLeft: 33 }],
      unavailable: [{ year: 2026, reason: 'no recorded e-Solat answer for KTN01 2026' }],
    });
    const off = createTimetableUpkeepActivities(at('2025-11-28T00:00:00Z'), null);
    expect(await off.checkShippedTimetables()).toMatchObject({ runningOut: [{ daysLeft: 33 }], unavailable: [] });
  });
});
