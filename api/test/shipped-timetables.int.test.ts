import { readFileSync } from 'node:fs';
import path from 'node:path';
import { searchCities } from '@fajr/activities/domain/cities';
import { seedShippedTimetables } from '@fajr/migrations';
import { useApi } from '@fajr/scripts/testing/api';
import { freshPhone } from '@fajr/scripts/testing/phones';
import { scheduleResult } from '../src/contracts/schedules.contract';

jest.setTimeout(120_000);

// The tables the product ships (migrations/seeds/data; docs/SOURCES.md): installed as `npm start`
// installs them on a fresh machine, then new users pick their city as the settings screen sends it.
const DATA = path.join(__dirname, '../../migrations/seeds/data');
type Shipped = { tables: { zone?: string; city?: string; days: string }[] };
const jakim = JSON.parse(readFileSync(path.join(DATA, 'jakim-2026.json'), 'utf8')) as Shipped;
const sweden = JSON.parse(readFileSync(path.join(DATA, 'islamiska-forbundet-2026.json'), 'utf8')) as Shipped;

/** The shipped Fajr of a table on a 2026 date, "HH:MM". */
function shippedFajr(file: Shipped, key: { zone?: string; city?: string }, date: string): string {
  const t = file.tables.find((x) => (key.zone ? x.zone === key.zone : x.city === key.city))!;
  const i = Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse('2026-01-01T00:00:00Z')) / 86_400_000);
  return `${t.days.slice(i * 8, i * 8 + 2)}:${t.days.slice(i * 8 + 2, i * 8 + 4)}`;
}

const h = useApi();

beforeAll(async () => {
  await seedShippedTimetables(h.db);
});

/** What the settings screen sends for a city picked from the search, with the place's method (its default). */
function cityPrefs(name: string, country: string, method: string) {
  const c = searchCities(name, country, 5).find((x) => x.name === name)!;
  return {
    allowCalls: true,
    countryName: c.countryName,
    countryCode: c.countryCode,
    cityName: c.name,
    lat: c.lat,
    lng: c.lng,
    tzName: c.tzName,
    prayerCalcMethod: method,
    prayerTimetableId: null,
    mosqueId: null,
    fajrAdhaanId: 'Default',
    fajrCallDelayPref: 'As soon as Fajr starts',
    allowRepeatCalls: false,
  };
}

async function newUser(name: string, country: string, method: string) {
  const u = await h.user({ plan: 'BASIC', phoneNumber: freshPhone() });
  const res = await h.api('POST', '/api/salah-schedules/fajr-prefs', {
    token: u.token,
    body: cityPrefs(name, country, method),
  });
  expect(res.status).toBe(200);
  return u;
}

const schedule = async (token: string, from: string, days: number) =>
  scheduleResult.parse(
    (await h.api('GET', `/api/salah-schedules/fajr-schedules?from=${from}&days=${days}`, { token })).body,
  );

describe('shipped published tables, with no operator step', () => {
  it('installs every JAKIM zone and every Islamiska förbundet city once, and a second run adds nothing', async () => {
    const count = async () =>
      Number((await h.db('published_timetables').where({ shipped: true }).count('* as n'))[0]!.n);
    expect(await count()).toBe(165);
    const days = Number((await h.db('published_timetable_days').count('* as n'))[0]!.n);
    await seedShippedTimetables(h.db);
    expect(await count()).toBe(165);
    expect(Number((await h.db('published_timetable_days').count('* as n'))[0]!.n)).toBe(days);
  });

  it.each([
    ['Kangar', 'PLS01', 'Perlis'],
    ['Kota Bharu', 'KTN01', 'Kelantan'],
    ['Kota Kinabalu', 'SBH07', 'Sabah'],
    ['Kuching', 'SWK08', 'Sarawak'],
  ])(
    'when a new user picks %s, then they get JAKIM zone %s to the minute, and settings name it',
    async (city, zone, state) => {
      const u = await newUser(city, 'MY', 'Jakim');
      const me = (await h.api('GET', '/api/users/current-user', { token: u.token })).body.result.user;
      expect(me.prayerTimesSource).toMatchObject({
        kind: 'timetable',
        label: `JAKIM zone ${zone} (${state})`,
        zoneCode: zone,
        timetableLastDate: '2026-12-31',
        timetableRanOut: false,
      });
      const { result } = await schedule(u.token, '2026-12-01', 3);
      for (const e of result) {
        expect(e.fajrTimetable).toBe(`JAKIM zone ${zone} (${state})`);
        expect(e.fajrTimeIso.slice(11, 16)).toBe(shippedFajr(jakim, { zone }, e.fajrCallDate));
      }
    },
  );

  it("when the zone's table has run out, then JAKIM's method at the zone's reference point gives the call, and a notice says so", async () => {
    const u = await newUser('Kota Bharu', 'MY', 'Jakim');
    const { result, notices } = await schedule(u.token, '2026-12-31', 2);
    expect(result.map((e) => e.fajrTimetable ?? null)).toEqual(['JAKIM zone KTN01 (Kelantan)', null]);
    expect(notices).toEqual([expect.objectContaining({ date: '2027-01-01', status: 'fajr-by-method' })]);
  });

  it.each(['Göteborg', 'Malmö', 'Haparanda', 'Kiruna'])(
    "when a new user picks %s, then they get Islamiska förbundet's table for it to the minute",
    async (city) => {
      const u = await newUser(city, 'SE', 'MuslimWorldLeague');
      const me = (await h.api('GET', '/api/users/current-user', { token: u.token })).body.result.user;
      expect(me.prayerTimesSource).toMatchObject({
        kind: 'timetable',
        label: `Islamiska förbundet — published timetable for ${city}`,
      });
      const { result } = await schedule(u.token, '2026-06-20', 3);
      for (const e of result) expect(e.fajrTimeIso.slice(11, 16)).toBe(shippedFajr(sweden, { city }, e.fajrCallDate));
    },
  );

  it('when settings search a Malaysian city, then it comes with its zone, and the zone tables are listed by zone', async () => {
    const cities = (await h.api('GET', '/api/data/cities/my?city=kangar')).body.result;
    expect(cities.find((c: { name: string }) => c.name === 'Kangar').jakimZone).toEqual({
      code: 'PLS01',
      label: 'JAKIM zone PLS01 (Perlis)',
    });
    const london = (await h.api('GET', '/api/data/cities/gb?city=london')).body.result;
    expect(london[0].jakimZone).toBeNull();
    const tables = (await h.api('GET', '/api/data/prayer-calc')).body.result.publishedTimetables;
    expect(tables.find((t: { zoneCode: string | null }) => t.zoneCode === 'PLS01')).toMatchObject({
      label: 'JAKIM zone PLS01 (Perlis)',
      countryCode: 'MY',
      description: expect.stringMatching(
        /^JAKIM's own timetable for zone PLS01, used exactly as published \(2026-01-01 to 2026-12-31\)/,
      ),
    });
  });

  it('when a user on the same city chooses the method instead, then the method it is, and settings say the zone', async () => {
    const u = await newUser('Kangar', 'MY', 'Jakim');
    const body = { ...cityPrefs('Kangar', 'MY', 'Jakim'), prayerTimetableId: null };
    expect((await h.api('POST', '/api/salah-schedules/fajr-prefs', { token: u.token, body })).status).toBe(200);
    const me = (await h.api('GET', '/api/users/current-user', { token: u.token })).body.result.user;
    expect(me.prayerTimetableId).toBeNull();
    expect(me.prayerTimesSource).toMatchObject({ kind: 'zone', label: 'JAKIM zone PLS01 (Perlis)', zoneCode: 'PLS01' });
  });
});
