import { readFileSync } from 'node:fs';
import path from 'node:path';
import { useApi } from '@fajr/scripts/testing/api';
import { LONDON } from '@fajr/scripts/testing/fixtures';
import { freshPhone } from '@fajr/scripts/testing/phones';
import { importStockholmTimetable } from '@fajr/scripts/testing/timetables';
import { prayerCalcResult } from '../src/contracts/data.contract';
import { scheduleResult } from '../src/contracts/schedules.contract';

jest.setTimeout(60_000);

// An authority that publishes a table, not a method: Islamiska förbundet's own 2026 Stockholm table
// (activities/test/fixtures/official-timetables, provenance in SOURCES.md), imported as an operator
// does (`npm run ops -- timetable import`, tested in scripts/test/ops.int.test.ts).
const CSV = readFileSync(
  path.join(__dirname, '../../activities/test/fixtures/official-timetables/islamiska-forbundet-stockholm.csv'),
  'utf8',
);
const published = new Map(
  CSV.trim()
    .split('\n')
    .slice(1)
    .map((l) => {
      const [date, fajr, sunrise] = l.split(',');
      return [date!, { fajr: fajr!, sunrise: sunrise! }];
    }),
);
const LABEL = 'Islamiska förbundet — published timetable for Stockholm';
const STOCKHOLM = {
  countryName: 'Sweden',
  countryCode: 'SE',
  cityName: 'Stockholm',
  lat: 59.32938,
  lng: 18.06871,
  tzName: 'Europe/Stockholm',
};
const STOCKHOLM_PREFS = {
  country_name: 'Sweden',
  country_code: 'SE',
  city_name: 'Stockholm',
  lat: 59.32938,
  lng: 18.06871,
  tz_name: 'Europe/Stockholm',
};

const h = useApi({ userPreferences: STOCKHOLM_PREFS });
let timetableId: string;

beforeAll(async () => {
  timetableId = (await importStockholmTimetable(h.db, CSV)).timetable.id;
});

const homePrefs = (over: Record<string, unknown> = {}) => ({
  allowCalls: true,
  ...STOCKHOLM,
  mosqueId: null,
  fajrAdhaanId: 'Default',
  fajrCallDelayPref: 'As soon as Fajr starts',
  allowRepeatCalls: false,
  ...over,
});
const save = (token: string, body: unknown) => h.api('POST', '/api/salah-schedules/fajr-prefs', { token, body });
const stored = async (userId: string) =>
  (await h.db('preferences').where({ user_id: userId }).first()).prayer_timetable_id;

describe('published timetables (an authority publishes a table, not a method)', () => {
  it('when settings load, then the table is offered with its city, and every method has a reference link', async () => {
    const res = await h.api('GET', '/api/data/prayer-calc');
    const data = prayerCalcResult.parse(res.body).result;
    expect(data.publishedTimetables).toEqual([
      {
        id: timetableId,
        label: LABEL,
        countryCode: 'SE',
        cityName: 'Stockholm',
        zoneCode: null,
        reference: 'https://www.islamiskaforbundet.se/bonetider/',
        description: expect.stringContaining('used exactly as published (2026-01-01 to 2026-12-31)'),
      },
    ]);
    expect(data.prayerCalcMethods.length).toBeGreaterThanOrEqual(25);
    for (const m of data.prayerCalcMethods) expect(m.reference).toMatch(/^https:\/\//);
    // What each method was checked against reaches settings: JAKIM's own table, none for the MWL.
    expect(data.prayerCalcMethods.find((m) => m.name === 'Jakim')?.checkedAgainst).toMatch(
      /^JAKIM's e-Solat table for Kuala Lumpur/,
    );
    expect(data.prayerCalcMethods.find((m) => m.name === 'Jafari')).toMatchObject({
      checkedAgainst: null,
      namesAuthority: true,
      ownHighLatRule: null,
    });
    // DUM RT's white-night rule replaces the user's high-latitude rule, and settings say so.
    expect(data.prayerCalcMethods.find((m) => m.name === 'Tatarstan')?.ownHighLatRule).toMatch(
      /^DUM RT's own: .*2 hours before sunrise\.$/,
    );
    expect(data.prayerCalcMethods.find((m) => m.name === 'QumARC')).toMatchObject({
      checkedAgainst: expect.stringMatching(/^the Center's own times for Kitchener/),
    });
    expect(data.prayerCalcMethods.find((m) => m.name === 'Gulf')).toMatchObject({
      checkedAgainst: null,
      namesAuthority: false,
    });
  });

  it('when a Stockholm user chooses it, then the schedule is the table exactly (Fajr, sunrise), named, and the user shows it', async () => {
    const u = await h.user({ plan: 'BASIC', phoneNumber: freshPhone() });
    expect(await save(u.token, homePrefs({ prayerTimetableId: timetableId }))).toMatchObject({ status: 200 });
    expect(await stored(u.id)).toBe(timetableId);
    const me = await h.api('GET', '/api/users/current-user', { token: u.token });
    expect(me.body.result.user.prayerTimetableId).toBe(timetableId);

    const res = await h.api('GET', '/api/salah-schedules/fajr-schedules?from=2026-10-23&days=5', { token: u.token });
    const { result, notices } = scheduleResult.parse(res.body);
    expect(notices).toEqual([]);
    expect(result).toHaveLength(5);
    for (const e of result) {
      expect(e.fajrTimetable).toBe(LABEL);
      expect(e.fajrTimeIso.slice(11, 16)).toBe(published.get(e.fajrCallDate)!.fajr);
      expect(e.sunriseTimeIso!.slice(11, 16)).toBe(published.get(e.fajrCallDate)!.sunrise);
      expect(e.fajrCallTimeIso).toBe(e.fajrTimeIso);
    }
    // Across the autumn change (25 October): the table's wall-clock times in each day's offset.
    expect(result.find((e) => e.fajrCallDate === '2026-10-24')!.fajrTimeIso).toMatch(/\+02:00$/);
    expect(result.find((e) => e.fajrCallDate === '2026-10-25')!.fajrTimeIso).toMatch(/\+01:00$/);
  });

  it('when the table runs out, then the method gives the calls, each with a notice, and the user view says so', async () => {
    const u = await h.user({
      plan: 'BASIC',
      phoneNumber: freshPhone(),
      preferences: { ...STOCKHOLM_PREFS, prayer_timetable_id: timetableId },
    });
    const res = await h.api('GET', '/api/salah-schedules/fajr-schedules?from=2026-12-30&days=4', { token: u.token });
    const { result, notices } = scheduleResult.parse(res.body);
    // Never silence: every date has a call, the table's while it lasts, then the method's.
    expect(result.map((e) => [e.fajrCallDate, e.fajrTimetable ?? null])).toEqual([
      ['2026-12-30', LABEL],
      ['2026-12-31', LABEL],
      ['2027-01-01', null],
      ['2027-01-02', null],
    ]);
    const message = `${LABEL} has no time for this date: Fajr is calculated with your method instead`;
    expect(notices).toEqual([
      { date: '2027-01-01', status: 'fajr-by-method', message },
      { date: '2027-01-02', status: 'fajr-by-method', message },
    ]);
    const me = await h.api('GET', '/api/users/current-user', { token: u.token });
    expect(me.body.result.user.prayerTimesSource).toMatchObject({
      kind: 'timetable',
      label: LABEL,
      timetableLastDate: '2026-12-31',
    });
  });

  it('when a user elsewhere sends it, or an unknown one, then 400 and nothing changes', async () => {
    const u = await h.user({
      plan: 'BASIC',
      phoneNumber: freshPhone(),
      preferences: {
        country_name: 'United Kingdom',
        country_code: 'GB',
        city_name: 'London',
        lat: LONDON.lat,
        lng: LONDON.lng,
        tz_name: 'Europe/London',
      },
    });
    const london = homePrefs({ ...LONDON, prayerTimetableId: timetableId });
    expect(await save(u.token, london)).toMatchObject({
      status: 400,
      body: {
        error:
          'The Islamiska förbundet timetable is published for Stockholm, not for your city: please choose a calculation method',
      },
    });
    expect(await save(u.token, { ...london, prayerTimetableId: '00000000-0000-4000-8000-000000000000' })).toMatchObject(
      {
        status: 400,
        body: { error: 'That published timetable does not exist, please choose another method' },
      },
    );
    expect(await save(u.token, { ...london, prayerTimetableId: 'Stockholm' })).toMatchObject({ status: 400 });
    expect(await stored(u.id)).toBeNull();
  });

  it('when the user keeps the city, the choice stays; a new city drops it; choosing a method (null) drops it', async () => {
    const u = await h.user({ plan: 'BASIC', phoneNumber: freshPhone() });
    await save(u.token, homePrefs({ prayerTimetableId: timetableId }));
    expect(await save(u.token, homePrefs())).toMatchObject({ status: 200 });
    expect(await stored(u.id)).toBe(timetableId);
    expect(
      await save(u.token, homePrefs({ prayerTimetableId: null, prayerCalcMethod: 'MuslimWorldLeague' })),
    ).toMatchObject({ status: 200 });
    expect(await stored(u.id)).toBeNull();
    await save(u.token, homePrefs({ prayerTimetableId: timetableId }));
    expect(await save(u.token, homePrefs({ cityName: 'Uppsala', lat: 59.85882, lng: 17.63889 }))).toMatchObject({
      status: 200,
    });
    expect(await stored(u.id)).toBeNull();
  });
});
